import LprofLanguage
import LprofSystem
import LprofText

/// Reads lines from a file descriptor (piped stdin, a file) without line editing.
///
/// It reads through `LineScanner`, as scripts are read: in large blocks, split on LF, a CR
/// just before the LF (or the end) dropped, a byte-order mark at the start skipped, and
/// the bytes handed back unchanged: invalid UTF-8 is the lexer's to report, not the
/// reader's to repair. A last line without a newline is still a line. A line longer than
/// `Limits.lineBytes`, or a read error, ends the input with `failure` set, so memory stays
/// bounded whatever the input (`/dev/zero` included).
public final class PlainLineReader: LineReader {
    private let scanner: LineScanner
    /// The input's name in diagnostics.
    private let name: String
    /// Why the input ended early (a line over the limit, a read error), located like a
    /// script's error; nil while it is fine or after a clean end.
    public private(set) var failure: Diagnostic?

    /// Reads from `fileDescriptor` (stdin by default), named `name` in diagnostics, at most
    /// `blockSize` bytes a read. The descriptor is not closed by the reader.
    public init(fileDescriptor: Int32 = 0, name: String = "<stdin>", blockSize: Int = .max) {
        scanner = LineScanner(
            descriptor: fileDescriptor, lineLimit: Limits.lineBytes, blockSize: blockSize)
        self.name = name
    }

    /// The next line's bytes, without LF or CRLF; the prompt is not shown. The input ends
    /// once it is exhausted, cannot be read, or has a line over the limit (then `failure`
    /// says which).
    public func readLine(prompt: String, continuation: Bool) -> LineReadResult {
        guard failure == nil else { return .endOfInput }
        guard let line = scanner.nextLine() else {
            if let code = scanner.readError {
                failure = Diagnostic(.error, "'\(name)' cannot be read: \(errnoText(code))")
            }
            return .endOfInput
        }
        if line.tooLong {
            failure = SourceLine.tooLong(line.bytes, number: line.number, source: name)
            return .endOfInput
        }
        return .line(Array(line.bytes))
    }
}
