import LprofLanguage
import LprofSystem
import LprofText

/// A lesson file read whole through `LineScanner`, so that memory stays bounded whatever is at
/// the path (`/dev/zero`, a FIFO that never ends).
public enum TextFile {
    /// The file's lines, each ended by LF, without CRs or a byte-order mark, as for scripts.
    public static func read(_ path: String) throws(TextFileError) -> [UInt8] {
        let fs = FileSystem()
        let fd: Int32
        do {
            fd = try fs.openForReading(path)
        } catch {
            throw .file(ScriptFileError(path: path, errno: error.errno))
        }
        defer { fs.closeQuietly(fd) }
        let scanner = LineScanner(descriptor: fd, lineLimit: Limits.lineBytes)
        var text: [UInt8] = []
        while let line = scanner.nextLine() {
            let bytes = line.bytes
            if line.tooLong {
                throw .lineTooLong(
                    SourceLine.tooLong(bytes, number: line.number, source: path))
            }
            if text.count + bytes.count + 1 > Limits.lessonFileBytes {
                throw .file(
                    ScriptFileError(
                        path: path,
                        message: "is larger than \(Limits.lessonFileBytes / 1024 / 1024) MiB"))
            }
            text.append(contentsOf: bytes)
            text.append(UInt8(ascii: "\n"))
        }
        if let code = scanner.readError { throw .file(ScriptFileError(path: path, errno: code)) }
        return text
    }
}

/// Why `TextFile.read` stopped.
public enum TextFileError: Error {
    /// The file could not be opened or read, or is too large.
    case file(ScriptFileError)
    /// A line over the limit, located at it.
    case lineTooLong(Diagnostic)

    /// The error to report, naming the file as a `noun` ("lesson '/tmp/x' cannot be read: …").
    public func diagnostic(noun: String) -> Diagnostic {
        switch self {
        case .file(let error): Diagnostic(.error, noun + " " + error.description)
        case .lineTooLong(let diagnostic): diagnostic
        }
    }
}
