import Glibc

/// What `stat` says about a file, as the modules above LprofSystem need it.
public struct FileInfo: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        case regular, directory, symbolicLink
        /// A FIFO, a device, a socket.
        case other
    }

    public var kind: Kind
    /// The size in bytes (of a regular file; meaningless for the other kinds).
    public var size: Int
    /// The permission bits (read, write, execute for owner, group and others), as `0o600`.
    public var permissions: UInt32

    public init(kind: Kind, size: Int, permissions: UInt32) {
        self.kind = kind
        self.size = size
        self.permissions = permissions
    }

    init(_ info: stat) {
        switch info.st_mode & S_IFMT {
        case S_IFREG: kind = .regular
        case S_IFDIR: kind = .directory
        case S_IFLNK: kind = .symbolicLink
        default: kind = .other
        }
        size = Int(info.st_size)
        permissions = UInt32(info.st_mode & 0o777)
    }
}

/// Whole-file operations over the wrappers: every read has a limit.
extension FileSystem {
    /// Opens `path` for reading. `nonBlocking`: a FIFO at the path cannot hang the open (and
    /// reads from one fail at once rather than wait).
    public func openForReading(_ path: String, nonBlocking: Bool = false) throws(SystemCallError)
        -> Int32
    {
        try open(path, O_RDONLY | O_NOCTTY | (nonBlocking ? O_NONBLOCK : 0))
    }

    /// Opens `path` for appending, creating it with permissions `mode` if it is missing.
    public func openForAppending(_ path: String, mode: UInt32) throws(SystemCallError) -> Int32 {
        try open(path, O_WRONLY | O_APPEND | O_CREAT | O_NOCTTY, mode)
    }

    /// Every byte of the file at `path`; fails with `EFBIG` ("File too large") when it holds
    /// more than `limit` bytes, so that `/dev/zero` at the path costs `limit`, not all memory.
    public func readFile(_ path: String, limit: Int) throws(SystemCallError) -> [UInt8] {
        let bytes = try readPrefix(path, count: limit + 1)
        if bytes.count > limit { throw SystemCallError(call: "read", path: path, errno: EFBIG) }
        return bytes
    }

    /// Up to `count` bytes from the start of the file at `path`.
    public func readPrefix(_ path: String, count: Int) throws(SystemCallError) -> [UInt8] {
        let fd = try openForReading(path)
        defer { closeQuietly(fd) }
        return try read(fd, path: path, limit: count)
    }
}
