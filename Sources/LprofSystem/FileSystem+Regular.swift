import Glibc

/// Why a file that must be a regular one (the rc file, the history file) could not be
/// opened: a system call failed, or something else is at its path.
public enum RegularFileError: Error, Equatable, Sendable {
    case system(SystemCallError)
    /// A FIFO, a device, a socket or a folder is where the file belongs.
    case notRegular(path: String, kind: FileInfo.Kind)

    /// True when nothing is at the path.
    public var isMissing: Bool {
        if case .system(let error) = self { return error.isMissing }
        return false
    }

    /// For a message after the file's name: the system's reason ("Permission denied"), or
    /// what is there instead ("is a FIFO (named pipe), not a regular file").
    public var reason: String {
        switch self {
        case .system(let error): error.reason
        case .notRegular(_, let kind): "is \(kind.noun), not a regular file"
        }
    }
}

/// Files that must be regular files: a FIFO, a device or a folder at the path is refused at
/// once. Nothing here can block on a FIFO: what is at the path is looked at first (so a
/// device is never even opened), the open is non-blocking (a FIFO swapped in meanwhile
/// opens at once, with no writer, or fails at once, with no reader), and what was opened
/// is checked again with `fstat`, so nothing can be swapped in between the check and the read.
extension FileSystem {
    /// Opens the regular file at `path` with `flags` (and `mode`, when `O_CREAT` makes it),
    /// adding `O_NONBLOCK | O_NOCTTY`, which change nothing for a regular file.
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

    /// Opens the regular file at `path` for appending (and for reading, to look at its end
    /// first: `readEnd`), creating it with permissions `mode` if it is missing.
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
