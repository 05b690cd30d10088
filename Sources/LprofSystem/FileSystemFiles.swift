import Glibc

/// What `stat` says about a file, as the modules above LprofSystem need it.
public struct FileInfo: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        case regular, directory, symbolicLink
        /// A named pipe: opening it to read waits for a writer, reading it for data.
        case fifo
        /// A character or block device (`/dev/zero`, `/dev/tty`, a disk).
        case device
        case socket

        /// What the file is, for a message.
        public var noun: String {
            switch self {
            case .regular: "a regular file"
            case .directory: "a folder"
            case .symbolicLink: "a symbolic link"
            case .fifo: "a FIFO (named pipe)"
            case .device: "a device"
            case .socket: "a socket"
            }
        }
    }

    public var kind: Kind
    /// The size in bytes of a regular file; meaningless for the other kinds.
    public var size: Int
    /// The permission bits, as `0o600`.
    public var permissions: UInt32
    public var owner: FileOwner

    init(_ info: stat) {
        switch info.st_mode & S_IFMT {
        case S_IFREG: kind = .regular
        case S_IFDIR: kind = .directory
        case S_IFLNK: kind = .symbolicLink
        case S_IFIFO: kind = .fifo
        case S_IFSOCK: kind = .socket
        default: kind = .device
        }
        size = Int(info.st_size)
        permissions = UInt32(info.st_mode & 0o777)
        owner = FileOwner(user: info.st_uid, group: info.st_gid)
    }
}

/// Who owns a file.
public struct FileOwner: Equatable, Sendable {
    public var user: UInt32
    public var group: UInt32
}

/// Whole-file operations over the wrappers: every read has a limit.
extension FileSystem {
    /// Opens `path` for reading; `nonBlocking` keeps a FIFO there from hanging it.
    public func openForReading(_ path: String, nonBlocking: Bool = false) throws(SystemCallError)
        -> Int32
    {
        try open(path, O_RDONLY | O_NOCTTY | (nonBlocking ? O_NONBLOCK : 0))
    }

    /// Reads `fd` to its end (`EFBIG` past `limits.maxBytes`); with `stopsEarly` it stops
    /// after an overlong line or an early NUL, so that `/dev/zero` costs little.
    func readWhole(
        _ fd: Int32, path: String, limits: WholeReadLimits, sizeHint: Int = 0,
        stopsEarly: Bool = true, interrupted: (() -> Bool)? = nil
    ) throws(SystemCallError) -> SourceBytes {
        let tooLarge = SystemCallError(call: "read", path: path, errno: EFBIG)
        if sizeHint > limits.maxBytes { throw tooLarge }
        // A regular file's size sizes the buffer, so that memory is not twice the file.
        var capacity = Swift.max(64 * 1024, Swift.min(sizeHint, limits.maxBytes) + 1)
        var base = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        var handedOver = false
        defer { if !handedOver { base.deallocate() } }
        var count = 0
        var lineLength = 0  // since the last line end, over all reads
        while true {
            if count == capacity {
                guard capacity <= limits.maxBytes else { throw tooLarge }
                let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity * 2)
                grown.moveUpdate(from: base, count: count)
                base.deallocate()
                base = grown
                capacity *= 2
            }
            let want = Swift.min(capacity - count, limits.maxBytes + 1 - count)
            let n = try retrying("read", path, interrupted: interrupted) {
                ops.read(fd, base + count, want)
            }
            if n == 0 { break }
            let start = count
            count += n
            if count > limits.maxBytes { throw tooLarge }
            guard stopsEarly else { continue }
            if start < limits.textSampleBytes,
                memchr(base + start, 0, Swift.min(count, limits.textSampleBytes) - start) != nil
            {
                break
            }
            var index = start
            while index < count {
                guard let hit = memchr(base + index, 0x0A, count - index) else {
                    lineLength += count - index
                    break
                }
                let newline = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                lineLength += newline - index
                if lineLength > limits.maxLineBytes + 1 { break }
                lineLength = 0
                index = newline + 1
            }
            // A CR may end a line that is at the limit: one byte more than the limit is fine.
            if lineLength > limits.maxLineBytes + 1 { break }
        }
        handedOver = true
        return SourceBytes(taking: base, count: count)
    }

    /// The last `count` bytes of the file at `fd`, moving an offset `O_APPEND` writes ignore.
    public func readEnd(_ fd: Int32, path: String, count: Int) throws(SystemCallError) -> (
        bytes: [UInt8], isWholeFile: Bool
    ) {
        let size = try fstat(fd, path: path).size
        let start = Swift.max(0, size - count)
        _ = try retrying("lseek", path) { lseek(fd, off_t(start), SEEK_SET) }
        return (try read(fd, path: path, limit: size - start), start == 0)
    }

    /// Up to `count` bytes from the start of the file at `path`.
    public func readPrefix(_ path: String, count: Int) throws(SystemCallError) -> [UInt8] {
        let fd = try openForReading(path)
        defer { closeQuietly(fd) }
        return try read(fd, path: path, limit: count)
    }
}

/// How much `FileSystem.readWhole` reads, and where it may stop early.
public struct WholeReadLimits: Sendable {
    /// The most bytes; more is `EFBIG`.
    var maxBytes: Int
    /// The longest line anything reads: reading stops after a longer one.
    var maxLineBytes: Int
    /// How much of the start is looked at to tell text: a NUL byte there stops reading.
    var textSampleBytes: Int

    public init(maxBytes: Int, maxLineBytes: Int, textSampleBytes: Int) {
        self.maxBytes = maxBytes
        self.maxLineBytes = maxLineBytes
        self.textSampleBytes = textSampleBytes
    }
}
