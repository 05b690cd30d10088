import Glibc

@testable import LprofSystem

/// A fresh folder under /tmp for one test, removed by `removeTree`.
func makeTemporaryFolder() -> String {
    var template = Array("/tmp/lprof-interactive-XXXXXX".utf8CString)
    let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
    precondition(made != nil, "mkdtemp failed")
    return String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// Removes `path` and everything under it (tests only).
func removeTree(_ path: String) {
    _ = system("rm -rf '\(path)'")
}

/// Writes `bytes` to a new file at `path`.
func writeFile(_ path: String, _ bytes: [UInt8], mode: mode_t = 0o644) {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, mode)
    precondition(fd >= 0, "cannot create \(path)")
    _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    close(fd)
}

/// The bytes of the file at `path`, or nil when it cannot be read.
func readFile(_ path: String) -> [UInt8]? {
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var block = [UInt8](repeating: 0, count: 4096)
    while true {
        let n = block.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if n <= 0 { return n == 0 ? bytes : nil }
        bytes += block[..<n]
    }
}

/// The names in `folder`, sorted, without `.` and `..`.
func folderNames(_ folder: String) -> [String] {
    (FileSystemDirectory.list(folder, home: nil) ?? []).map(\.name).filter {
        $0 != "." && $0 != ".."
    }
    .sorted()
}

/// The permission bits of `path`.
func permissions(_ path: String) -> mode_t {
    var info = stat()
    precondition(stat(path, &info) == 0)
    return info.st_mode & 0o777
}
