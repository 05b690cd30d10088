import LprofLanguage

#if canImport(Glibc)
    import Glibc
#endif

/// A script opened for reading twice: once to check it whole, once to run it. Regular files
/// are re-read from the start; anything else (a pipe, a device) is read into memory once,
/// up to a limit.
public final class ScriptFile {
    /// The largest non-regular script kept in memory.
    public static let maxMemoryBytes = 16 * 1024 * 1024

    public let path: String
    private let fd: Int32
    private let contents: [UInt8]?

    /// Opens `path`; throws a message naming the file and the problem. A signal that
    /// interrupts a wait (a FIFO nobody writes to) retries it, unless `interrupted` says
    /// the user asked to stop (Ctrl-C at the prompt).
    public init(path: String, interrupted: (() -> Bool)? = nil) throws(ScriptFileError) {
        self.path = path
        /// Whether a call that failed with `EINTR` is to be retried.
        func retry() -> Bool { errno == EINTR && !(interrupted?() ?? false) }
        var descriptor: Int32
        repeat {
            descriptor = open(path, O_RDONLY | O_CLOEXEC)
        } while descriptor < 0 && retry()
        guard descriptor >= 0 else { throw ScriptFileError(path: path, errno: errno) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let e = errno
            close(descriptor)
            throw ScriptFileError(path: path, errno: e)
        }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            close(descriptor)
            throw ScriptFileError(path: path, errno: EISDIR)
        }
        if (info.st_mode & S_IFMT) == S_IFREG {
            fd = descriptor
            contents = nil
            return
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
            if n < 0 {
                if retry() { continue }
                let e = errno
                close(descriptor)
                throw ScriptFileError(path: path, errno: e)
            }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
            if bytes.count > Self.maxMemoryBytes {
                close(descriptor)
                throw ScriptFileError(
                    path: path,
                    message:
                        "is not a regular file and is larger than \(Self.maxMemoryBytes / 1024 / 1024) MiB"
                )
            }
        }
        close(descriptor)
        fd = -1
        contents = bytes
    }

    deinit {
        if fd >= 0 { close(fd) }
    }

    /// The first `count` bytes (fewer in a shorter file), for a look at what kind of file
    /// this is before reading it line by line.
    public func head(_ count: Int) -> [UInt8] {
        if let contents { return Array(contents.prefix(count)) }
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let n = bytes.withUnsafeMutableBytes {
                pread(fd, $0.baseAddress! + filled, count - filled, off_t(filled))
            }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            filled += n
        }
        return Array(bytes[..<filled])
    }

    /// Why the file is not text (TextSniffer), or nil when it is.
    public func notText() -> TextSniffer.Finding? {
        head(TextSniffer.sampleBytes).withUnsafeBufferPointer { TextSniffer.finding(in: $0) }
    }

    /// A scanner over the whole script, from its first byte.
    public func scanner() -> LineScanner {
        if let contents { return LineScanner(bytes: contents) }
        lseek(fd, 0, SEEK_SET)
        return LineScanner(descriptor: fd)
    }
}

/// A script that could not be opened or read.
public struct ScriptFileError: Error {
    public var path: String
    public var message: String

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    public init(path: String, errno code: Int32) {
        self.init(
            path: path,
            message: code == EINTR
                ? "was not read: interrupted" : "cannot be read: " + errnoText(code))
    }

    public var description: String { "'\(path)' \(message)" }
}
