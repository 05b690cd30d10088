import Glibc

/// Why a file that must be regular (the rc file, history) could not be opened.
public enum RegularFileError: Error, Equatable, Sendable {
    case system(SystemCallError)
    /// A FIFO, a device, a socket or a folder is where the file belongs.
    case notRegular(path: String, kind: FileInfo.Kind)

    /// True when nothing is at the path.
    public var isMissing: Bool {
        if case .system(let error) = self { return error.isMissing }
        return false
    }

    /// The system's reason, or what is there instead, for a message after the file's name.
    public var reason: String {
        switch self {
        case .system(let error): error.reason
        case .notRegular(_, let kind): "is \(kind.noun), not a regular file"
        }
    }
}

/// Files that must be regular, refused at once otherwise, and never able to block on a FIFO.
extension FileSystem {
    /// Opens the regular file at `path`: `stat` first (a device is never opened), then a
    /// non-blocking open (a FIFO swapped in cannot hang it), then `fstat` on what was opened.
    func openRegularFile(_ path: String, _ flags: Int32, mode: mode_t = 0)
        throws(RegularFileError) -> Int32
    {
        if let present = try orSystemError(try statIfPresent(path)), present.kind != .regular {
            throw .notRegular(path: path, kind: present.kind)
        }
        let fd = try orSystemError(try open(path, flags | O_NONBLOCK | O_NOCTTY, mode))
        let info: FileInfo
        do throws(RegularFileError) {
            info = try orSystemError(try fstat(fd, path: path))
        } catch {
            closeQuietly(fd)
            throw error
        }
        guard info.kind == .regular else {
            closeQuietly(fd)
            throw .notRegular(path: path, kind: info.kind)
        }
        return fd
    }

    /// Opens the regular file at `path` to append (and to `readEnd`), creating it with `mode`.
    public func openRegularFileForAppending(_ path: String, mode: mode_t)
        throws(RegularFileError) -> Int32
    {
        try openRegularFile(path, O_RDWR | O_APPEND | O_CREAT, mode: mode)
    }

    /// Every byte of the regular file at `path`; `EFBIG` when it holds more than `limit`.
    public func readRegularFile(_ path: String, limit: Int) throws(RegularFileError) -> [UInt8] {
        let fd = try openRegularFile(path, O_RDONLY)
        defer { closeQuietly(fd) }
        let bytes = try orSystemError(try read(fd, path: path, limit: limit + 1))
        if bytes.count > limit {
            throw .system(SystemCallError(call: "read", path: path, errno: EFBIG))
        }
        return bytes
    }

    /// What `body` returns, its failure thrown as `.system`.
    func orSystemError<T>(_ body: @autoclosure () throws(SystemCallError) -> T)
        throws(RegularFileError)
        -> T
    {
        do throws(SystemCallError) {
            return try body()
        } catch {
            throw .system(error)
        }
    }
}
