import Glibc

/// A failed system call: which call, on what, and `errno`.
public struct SystemCallError: Error, Equatable, Sendable {
    public var call: String
    public var path: String
    public var errno: Int32

    public var reason: String { errnoText(errno) }

    public var isMissing: Bool { errno == ENOENT }
}

/// The C library's text for an errno value ("No such file or directory").
public func errnoText(_ code: Int32) -> String {
    String(cString: strerror(code))
}

/// The system calls tests may fail (a full disk, a failing `fsync`), as replaceable functions.
public struct FileSystemOps: Sendable {
    public var read: @Sendable (_ fd: Int32, _ bytes: UnsafeMutableRawPointer, _ count: Int) -> Int
    public var write: @Sendable (_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int
    public var fsync: @Sendable (_ fd: Int32) -> Int32
    public var rename: @Sendable (_ from: String, _ to: String) -> Int32

    public static let system = FileSystemOps(
        read: { fd, bytes, count in Glibc.read(fd, bytes, count) },
        write: { fd, bytes, count in Glibc.write(fd, bytes, count) },
        fsync: { fd in Glibc.fsync(fd) },
        rename: { from, to in Glibc.rename(from, to) }
    )
}

/// The one place lprof calls the file system, so that every call retries on `EINTR` and every
/// failure becomes a `SystemCallError`.
public struct FileSystem: Sendable {
    var ops: FileSystemOps = .system

    public init(ops: FileSystemOps = .system) { self.ops = ops }

    /// Runs `body` until it does not fail with EINTR, unless `interrupted` says to stop.
    @inline(__always)
    func retrying<T: BinaryInteger>(
        _ call: String, _ path: String, interrupted: (() -> Bool)? = nil, _ body: () -> T
    ) throws(SystemCallError) -> T {
        while true {
            let result = body()
            if result >= 0 { return result }
            let e = errno
            if e == EINTR && !(interrupted?() ?? false) { continue }
            throw SystemCallError(call: call, path: path, errno: e)
        }
    }

    func open(
        _ path: String, _ flags: Int32, _ mode: mode_t = 0, interrupted: (() -> Bool)? = nil
    ) throws(SystemCallError) -> Int32 {
        try retrying("open", path, interrupted: interrupted) {
            Glibc.open(path, flags | O_CLOEXEC, mode)
        }
    }

    /// `close` is not retried: on Linux the descriptor is gone even when it reports EINTR.
    public func close(_ fd: Int32, path: String) throws(SystemCallError) {
        if Glibc.close(fd) < 0 && errno != EINTR {
            throw SystemCallError(call: "close", path: path, errno: errno)
        }
    }

    /// Closes on error paths, where the first error is the one to report.
    public func closeQuietly(_ fd: Int32) { _ = Glibc.close(fd) }

    public func fstat(_ fd: Int32, path: String) throws(SystemCallError) -> FileInfo {
        var info = stat()
        _ = try retrying("fstat", path) { Glibc.fstat(fd, &info) }
        return FileInfo(info)
    }

    /// `lstat` (a symbolic link itself, not what it names); nil when nothing is at `path`.
    public func lstatIfPresent(_ path: String) throws(SystemCallError) -> FileInfo? {
        try infoIfPresent("lstat", path) { Glibc.lstat(path, &$0) }
    }

    /// `stat` (following symbolic links); nil when nothing is at `path`.
    public func statIfPresent(_ path: String) throws(SystemCallError) -> FileInfo? {
        try infoIfPresent("stat", path) { systemStat(path, &$0) }
    }

    private func infoIfPresent(_ call: String, _ path: String, _ body: (inout stat) -> Int32)
        throws(SystemCallError) -> FileInfo?
    {
        var info = stat()
        do throws(SystemCallError) {
            _ = try retrying(call, path) { body(&info) }
        } catch {
            if error.isMissing { return nil }
            throw error
        }
        return FileInfo(info)
    }

    /// Whether this process may create files in the folder `path`, asked without creating one.
    public func mayCreateFiles(in path: String) -> Bool {
        Glibc.access(path, W_OK | X_OK) == 0
    }

    /// Whether this process may open the file `path` for writing.
    public func mayWrite(_ path: String) -> Bool {
        Glibc.access(path, W_OK) == 0
    }

    /// One `read` of at most `count` bytes into `buffer`; 0 at end of file.
    func readSome(
        _ fd: Int32, into buffer: UnsafeMutableRawPointer, count: Int, path: String
    ) throws(SystemCallError) -> Int {
        try retrying("read", path) { ops.read(fd, buffer, count) }
    }

    /// Reads up to `limit` bytes, with memory growing with what is read, not with `limit`.
    public func read(_ fd: Int32, path: String, limit: Int) throws(SystemCallError) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: max(1, min(64 * 1024, limit)))
        while bytes.count < limit {
            let want = min(chunk.count, limit - bytes.count)
            let n = try retrying("read", path) {
                chunk.withUnsafeMutableBytes { ops.read(fd, $0.baseAddress!, want) }
            }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[..<n])
        }
        return bytes
    }

    /// Writes all of `bytes`, retrying partial writes and EINTR.
    public func writeAll(_ fd: Int32, _ bytes: [UInt8], path: String) throws(SystemCallError) {
        try bytes.withUnsafeBufferPointer { raw throws(SystemCallError) in
            try writeAll(fd, UnsafeRawBufferPointer(raw), path: path)
        }
    }

    /// Writes all of `bytes`, waiting with `poll` (not spinning) on a full non-blocking one.
    func writeAll(
        _ fd: Int32, _ bytes: UnsafeRawBufferPointer, path: String
    ) throws(SystemCallError) {
        var done = 0
        while done < bytes.count {
            let n = ops.write(fd, bytes.baseAddress! + done, bytes.count - done)
            if n < 0 {
                let e = errno
                if e == EINTR { continue }
                if e == EAGAIN && waitUntilWritable(fd) { continue }
                throw SystemCallError(call: "write", path: path, errno: e)
            }
            if n == 0 { throw SystemCallError(call: "write", path: path, errno: EIO) }
            done += n
        }
    }

    /// Appends `bytes` whole or not at all, so that no torn line is left for the next append.
    public func appendWhole(_ fd: Int32, _ bytes: [UInt8], path: String) throws(SystemCallError) {
        let before = try fstat(fd, path: path).size
        do {
            try writeAll(fd, bytes, path: path)
        } catch {
            _ = try? retrying("ftruncate", path) { ftruncate(fd, off_t(before)) }
            throw error
        }
    }

    /// Waits until `fd` can take more bytes; false when `poll` itself fails.
    private func waitUntilWritable(_ fd: Int32) -> Bool {
        var request = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        return (try? retrying("poll", "") { poll(&request, 1, -1) }) != nil
    }

    func fsync(_ fd: Int32, path: String) throws(SystemCallError) {
        _ = try retrying("fsync", path) { ops.fsync(fd) }
    }

    func fchmod(_ fd: Int32, _ mode: mode_t, path: String) throws(SystemCallError) {
        _ = try retrying("fchmod", path) { Glibc.fchmod(fd, mode) }
    }

    /// Gives the file at `fd` to `owner` only where it differs, as only root may give one away.
    func fchown(_ fd: Int32, to owner: FileOwner, path: String) throws(SystemCallError) {
        let current = try fstat(fd, path: path).owner
        if current == owner { return }
        _ = try retrying("fchown", path) { Glibc.fchown(fd, owner.user, owner.group) }
    }

    func rename(_ from: String, _ to: String) throws(SystemCallError) {
        _ = try retrying("rename", to) { ops.rename(from, to) }
    }

    func unlink(_ path: String) throws(SystemCallError) {
        _ = try retrying("unlink", path) { Glibc.unlink(path) }
    }

    /// Creates a unique file with `mkstemp`, whose `O_EXCL` never follows anything planted.
    func makeTemporaryFile(template: String) throws(SystemCallError) -> (
        fd: Int32, path: String
    ) {
        var chars = Array(template.utf8CString)
        let fd = try retrying("mkstemp", template) {
            chars.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        return (fd, chars.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })
    }

    /// Creates `path` and any missing parents, each new folder with `mode`.
    public func makeDirectories(_ path: String, mode: mode_t) throws(SystemCallError) {
        if path.isEmpty || path == "/" || path == "." { return }
        if let info = try lstatIfPresent(path) {
            if info.kind == .directory { return }
            // A link is fine if it leads to a folder.
            if info.kind == .symbolicLink, (try? statIfPresent(path))??.kind == .directory {
                return
            }
            throw SystemCallError(call: "mkdir", path: path, errno: ENOTDIR)
        }
        try makeDirectories(StorePaths.directory(of: path), mode: mode)
        do throws(SystemCallError) {
            _ = try retrying("mkdir", path) { Glibc.mkdir(path, mode) }
        } catch {
            if error.errno != EEXIST { throw error }
        }
    }

    /// Flushes a folder so that a rename in it is durable; best effort, as some refuse it.
    func syncDirectory(_ path: String) {
        guard let fd = try? open(path, O_RDONLY | O_DIRECTORY) else { return }
        _ = try? fsync(fd, path: path)
        closeQuietly(fd)
    }

    /// Drops a `flock` lock, since a child forked before its exec may still share the file.
    func unlock(_ fd: Int32) { _ = systemFlock(fd, LOCK_UN) }

    /// Takes a `flock` without waiting: false when another holds a lock that excludes it.
    func tryLock(_ fd: Int32, shared: Bool, path: String) throws(SystemCallError) -> Bool {
        while true {
            if systemFlock(fd, (shared ? LOCK_SH : LOCK_EX) | LOCK_NB) == 0 { return true }
            let e = errno
            if e == EINTR { continue }
            if e == EWOULDBLOCK || e == EAGAIN { return false }
            throw SystemCallError(call: "flock", path: path, errno: e)
        }
    }

    /// `realpath`, for writing through a symbolic link to the file it names.
    public func resolve(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The entries in `directory` with their `d_type`, but no name that could not be typed.
    func entries(in directory: String) -> [(name: String, type: Int32)]? {
        guard let dir = opendir(directory) else { return nil }
        defer { closedir(dir) }
        var entries: [(name: String, type: Int32)] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(validating: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            guard let name, name != ".", name != ".." else { continue }
            entries.append((name, Int32(entry.pointee.d_type)))
        }
        return entries
    }

    /// Sleeps for `milliseconds`, resuming after a signal.
    func sleep(milliseconds: Int) {
        var request = timespec(
            tv_sec: milliseconds / 1000, tv_nsec: (milliseconds % 1000) * 1_000_000)
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
    }

    /// Seconds on the monotonic clock.
    func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
}

// `stat` and `flock` are also struct names; these pick the functions.
private func systemStat(_ path: String, _ info: inout stat) -> Int32 { stat(path, &info) }
private func systemFlock(_ fd: Int32, _ operation: Int32) -> Int32 { flock(fd, operation) }

/// Path arithmetic on plain strings (no normalisation: the path is used as given).
public enum StorePaths {
    /// lprof's one dirname: "." for a bare name, "/" for a file at the root.
    public static func directory(of path: String) -> String {
        var bytes = Array(path.utf8)
        while bytes.count > 1 && bytes.last == UInt8(ascii: "/") { bytes.removeLast() }
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return "." }
        var end = slash
        while end > 0 && bytes[end - 1] == UInt8(ascii: "/") { end -= 1 }
        if end == 0 { return "/" }
        return String(decoding: bytes[..<end], as: UTF8.self)
    }

    /// The last component of `path`.
    public static func baseName(of path: String) -> String {
        var bytes = Array(path.utf8)
        while bytes.count > 1 && bytes.last == UInt8(ascii: "/") { bytes.removeLast() }
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")), bytes.count > 1 else {
            return String(decoding: bytes, as: UTF8.self)
        }
        return String(decoding: bytes[(slash + 1)...], as: UTF8.self)
    }

    /// `base/rest` without doubling a trailing slash of `base`.
    public static func join(_ base: String, _ rest: String) -> String {
        var base = Substring(base)
        while base.count > 1 && base.hasSuffix("/") { base = base.dropLast() }
        return base == "/" ? "/" + rest : base + "/" + rest
    }

    /// `name` in the same folder as `path`.
    static func sibling(of path: String, named name: String) -> String {
        let dir = directory(of: path)
        return dir == "." && !path.hasPrefix("./") ? name : join(dir, name)
    }
}
