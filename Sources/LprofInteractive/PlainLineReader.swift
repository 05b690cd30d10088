import LprofLanguage
import LprofSystem
import LprofText

/// Reads lines without line editing as scripts are, each within `Limits.lineBytes` (`/dev/zero`).
public final class PlainLineReader: LineReader {
    private let scanner: LineScanner
    private let name: String
    /// Why the input ended early (a line over the limit, a read error), located as a script's.
    public private(set) var failure: Diagnostic?

    /// Reads from `fileDescriptor`, which it never closes, named `name` in diagnostics.
    public init(fileDescriptor: Int32 = 0, name: String = "<stdin>", blockSize: Int = .max) {
        scanner = LineScanner(
            descriptor: fileDescriptor, lineLimit: Limits.lineBytes, blockSize: blockSize)
        self.name = name
    }

    /// The next line's bytes, without LF or CRLF; the prompt is not shown.
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
