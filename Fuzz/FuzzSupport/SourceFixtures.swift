#if canImport(Glibc)
    import Glibc
#endif

/// The files a fuzzed script may `source`, in a private folder made once and made the current
/// folder: a runner given these paths (`Runner.sourceablePaths`) refuses every other, so that
/// a fuzzed `source /dev/stdin` cannot block and nothing outside the folder is read. The
/// folder is in memory (/dev/shm) where there is one: the differential target writes its
/// script there for every input, and ext4 flushes a file truncated and written again to
/// disk at once (auto_da_alloc), which cost that target two thirds of its speed.
public let sourceFixtures: Set<String> = {
    let parent = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp"
    var template = Array("\(parent)/lprof-fuzz-XXXXXX".utf8CString)
    let dir = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
    require(chdir(dir) == 0, "chdir")
    fixtureFolder = dir
    // A clean exit takes the folder away; a crash leaves it, beside its reproducer.
    atexit {
        guard let dir = fixtureFolder, let folder = opendir(dir) else { return }
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." {
                let path = dir + "/" + name
                if unlink(path) != 0 { rmdir(path) }
            }
        }
        closedir(folder)
        rmdir(dir)
    }
    let files = [
        "a.lprof": "print a; source b.lprof\n",
        "b.lprof": "edit on; set season autumn; set goal +1m; done\ntrace on; edit; cancel\n",
        "self.lprof": "source self.lprof\n",
        "bad.lprof": "set\nfrob \"x\n",
        "run.lprof": "set season fall\n",
    ]
    for (name, text) in files { writeFile(name, Array(text.utf8)) }
    mkdir("dir", 0o755)
    return Set(files.keys).union(["dir", "/dev/null", "missing.lprof", "./a.lprof"])
}()

/// The folder `sourceFixtures` made, removed at exit.
nonisolated(unsafe) private var fixtureFolder: String?

/// Writes `bytes` to `path` in the current folder, replacing what was there.
public func writeFile(_ path: String, _ bytes: [UInt8]) {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    require(fd >= 0, "cannot create \(path)")
    var written = 0
    while written < bytes.count {
        let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + written, $0.count - written) }
        require(n > 0, "cannot write \(path)")
        written += n
    }
    close(fd)
}
