import Glibc

/// The few libc file calls history needs, each retried on EINTR and reporting errno.
public enum POSIXFile {
    /// Runs `call` again while it fails with EINTR (a signal arrived mid-call).
    public static func retrying<T: BinaryInteger>(_ call: () -> T) -> T {
        while true {
            let result = call()
            if result == -1 && errno == EINTR { continue }
            return result
        }
    }

    /// Opens `path`; the descriptor, or errno.
    public static func open(_ path: String, _ flags: Int32, mode: mode_t = 0o600) -> Result<
        Int32, Errno
    > {
        let fd = retrying { Glibc.open(path, flags | O_CLOEXEC, mode) }
        return fd >= 0 ? .success(fd) : .failure(Errno(errno))
    }

    /// Closes `fd`, ignoring errors (EINTR on close must not be retried on Linux).
    public static func close(_ fd: Int32) { _ = Glibc.close(fd) }

    /// Every byte of the file at `path`.
    public static func readAll(_ path: String) -> Result<[UInt8], Errno> {
        switch open(path, O_RDONLY) {
        case .failure(let error): return .failure(error)
        case .success(let fd):
            defer { close(fd) }
            return readAll(fd: fd)
        }
    }

    /// Up to `count` bytes from the start of the file at `path`.
    public static func readPrefix(_ path: String, count: Int) -> Result<[UInt8], Errno> {
        switch open(path, O_RDONLY) {
        case .failure(let error): return .failure(error)
        case .success(let fd):
            defer { close(fd) }
            var bytes = [UInt8](repeating: 0, count: count)
            var filled = 0
            while filled < count {
                let got = bytes.withUnsafeMutableBytes { raw in
                    retrying { read(fd, raw.baseAddress! + filled, count - filled) }
                }
                if got < 0 { return .failure(Errno(errno)) }
                if got == 0 { break }
                filled += got
            }
            return .success(Array(bytes[..<filled]))
        }
    }

    /// Every byte left to read from `fd`.
    public static func readAll(fd: Int32) -> Result<[UInt8], Errno> {
        var bytes: [UInt8] = []
        var block = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = block.withUnsafeMutableBytes { raw in
                retrying { read(fd, raw.baseAddress, raw.count) }
            }
            if count < 0 { return .failure(Errno(errno)) }
            if count == 0 { return .success(bytes) }
            bytes.append(contentsOf: block[..<count])
        }
    }

    /// Writes all of `bytes` to `fd`, going on after short writes.
    public static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Result<Void, Errno> {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { raw in
                retrying { write(fd, raw.baseAddress! + offset, raw.count - offset) }
            }
            if written < 0 { return .failure(Errno(errno)) }
            offset += written
        }
        return .success(())
    }

    /// Flushes `fd` to disk.
    public static func sync(_ fd: Int32) -> Result<Void, Errno> {
        retrying { fsync(fd) } == 0 ? .success(()) : .failure(Errno(errno))
    }

    /// Takes (or, with LOCK_UN, releases) an advisory lock, waiting for it.
    public static func lock(_ fd: Int32, _ operation: Int32) -> Result<Void, Errno> {
        retrying { flock(fd, operation) } == 0 ? .success(()) : .failure(Errno(errno))
    }

    /// Creates `folder` and its missing parents with `mode`.
    public static func makeFolders(_ folder: String, mode: mode_t) -> Result<Void, Errno> {
        var prefixes: [String] = []
        var index = folder.startIndex
        while let slash = folder[index...].firstIndex(of: "/") {
            if slash != folder.startIndex { prefixes.append(String(folder[..<slash])) }
            index = folder.index(after: slash)
        }
        prefixes.append(folder)
        for prefix in prefixes where retrying({ mkdir(prefix, mode) }) != 0 && errno != EEXIST {
            return .failure(Errno(errno))
        }
        return .success(())
    }
}

/// A libc error number, with its message for the user.
public struct Errno: Error, Equatable {
    public var code: Int32
    public init(_ code: Int32) { self.code = code }
    public var message: String { String(cString: strerror(code)) }
}
