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
        let fs = FileSystem()
        let descriptor: Int32
        let info: FileInfo
        do {
            descriptor = try fs.open(path, O_RDONLY, interrupted: interrupted)
        } catch {
            throw ScriptFileError(path: path, errno: error.errno)
        }
        do {
            info = try fs.fstat(descriptor, path: path)
        } catch {
            fs.closeQuietly(descriptor)
            throw ScriptFileError(path: path, errno: error.errno)
        }
        if info.kind == .directory {
            fs.closeQuietly(descriptor)
            throw ScriptFileError(path: path, errno: EISDIR)
        }
        if info.kind == .regular {
            fd = descriptor
            contents = nil
            return
        }
        defer { fs.closeQuietly(descriptor) }
        let bytes: [UInt8]
        do {
            bytes = try fs.read(
                descriptor, path: path, limit: Self.maxMemoryBytes + 1, interrupted: interrupted)
        } catch {
            throw ScriptFileError(path: path, errno: error.errno)
        }
        if bytes.count > Self.maxMemoryBytes {
            throw ScriptFileError(
                path: path,
                message:
                    "is not a regular file and is larger than \(Self.maxMemoryBytes / 1024 / 1024) MiB"
            )
        }
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

    /// A scanner over the whole script with a position of its own: it can read on another
    /// thread beside `scanner()`'s (a script checked while it starts to run).
    public func independentScanner() -> LineScanner {
        if let contents { return LineScanner(bytes: contents) }
        return LineScanner(descriptor: fd, fromOffset: 0)
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
