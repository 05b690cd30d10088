import Glibc

/// A script read whole into memory (SPEC §6), so that changing its file while it runs does not.
public enum ScriptFile {
    /// Reads the script at `path`; `regularOnly` refuses all but a regular file at once (the
    /// rc file, read at every start, where a FIFO would hang lprof).
    public static func read(
        path: String, limits: WholeReadLimits, regularOnly: Bool = false,
        interrupted: (() -> Bool)? = nil, fileSystem fs: FileSystem = FileSystem()
    ) throws(ScriptFileError) -> SourceBytes {
        let descriptor: Int32
        do throws(RegularFileError) {
            descriptor =
                regularOnly
                ? try fs.openRegularFile(path, O_RDONLY)
                : try fs.orSystemError(
                    try fs.open(path, O_RDONLY | O_NOCTTY, interrupted: interrupted))
        } catch {
            switch error {
            case .system(let e): throw ScriptFileError(path: path, errno: e.errno)
            case .notRegular(_, let kind):
                throw ScriptFileError(path: path, message: "is \(kind.noun), not a file")
            }
        }
        defer { fs.closeQuietly(descriptor) }
        return try read(
            descriptor: descriptor, name: path, limits: limits, interrupted: interrupted,
            fileSystem: fs)
    }

    /// Reads an open descriptor (stdin, for `lprof -`) to its end; `name` names it in errors.
    public static func read(
        descriptor: Int32, name: String, limits: WholeReadLimits,
        interrupted: (() -> Bool)? = nil, fileSystem fs: FileSystem = FileSystem()
    ) throws(ScriptFileError) -> SourceBytes {
        let info: FileInfo
        do {
            info = try fs.fstat(descriptor, path: name)
        } catch {
            throw ScriptFileError(path: name, errno: error.errno)
        }
        if info.kind == .directory { throw ScriptFileError(path: name, errno: EISDIR) }
        do {
            return try fs.readWhole(
                descriptor, path: name, limits: limits,
                sizeHint: info.kind == .regular ? info.size : 0,
                stopsEarly: info.kind != .regular, interrupted: interrupted)
        } catch {
            guard error.errno == EFBIG else {
                throw ScriptFileError(path: name, errno: error.errno)
            }
            throw ScriptFileError(
                path: name,
                message: "is larger than \(limits.maxBytes / 1024 / 1024) MiB, "
                    + "the most a script may hold (see 'help limits')")
        }
    }
}

/// A script that could not be opened or read.
public struct ScriptFileError: Error {
    var path: String
    var message: String
    public var isMissing = false

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    public init(path: String, errno code: Int32) {
        self.init(
            path: path,
            message: code == EINTR
                ? "was not read: interrupted" : "cannot be read: " + errnoText(code))
        isMissing = code == ENOENT
    }

    public var description: String { "'\(path)' \(message)" }
}
