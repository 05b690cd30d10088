import LprofLanguage

/// One logical line: its physical lines (more than one when a backslash joins them), kept
/// in one reused byte buffer, and the tokens lexed from them.
struct LogicalLine {
    /// The bytes of every physical line, one after another.
    private(set) var bytes: [UInt8] = []
    /// Each physical line's number and byte range in `bytes`.
    private(set) var lines: [(number: Int, start: Int, end: Int)] = []
    private(set) var tokens: [Token] = []
    /// The lexical error that cut this line short, if any.
    private(set) var lexError: SyntaxError?
    /// True when a physical line was longer than the limit: the input cannot be trusted
    /// past it, so readers stop there.
    private(set) var tooLong = false
    /// The number of the last physical line read.
    var lastLineNumber: Int { lines.last?.number ?? 0 }

    init() {
        bytes.reserveCapacity(256)
        tokens.reserveCapacity(16)
    }

    /// Reads the next logical line from `scanner`; false at the end of the input.
    mutating func read(from scanner: LineScanner) -> Bool {
        bytes.removeAll(keepingCapacity: true)
        lines.removeAll(keepingCapacity: true)
        tokens.removeAll(keepingCapacity: true)
        lexError = nil
        tooLong = false
        while true {
            let start = bytes.count
            guard let (number, tooLong) = scanner.nextLine(into: &bytes) else {
                return !lines.isEmpty
            }
            lines.append((number, start, bytes.count))
            if tooLong {
                self.tooLong = true
                lexError = SyntaxError(
                    "line \(number) is longer than \(Lexer.maxLineBytes) bytes",
                    at: Span(line: number, start: 0, end: 1))
                return true
            }
            let result = bytes.withUnsafeBufferPointer { all in
                Lexer.lex(
                    UnsafeBufferPointer(rebasing: all[start..<all.count]), line: number,
                    into: &tokens)
            }
            switch result {
            case .complete:
                return true
            case .continued:
                continue
            case .failed(let error):
                lexError = error
                return true
            }
        }
    }

    /// Calls `body` with the bytes of physical line `number` (empty if not in this line).
    func withLine<R>(_ number: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        let range = lines.first { $0.number == number }.map { $0.start..<$0.end } ?? 0..<0
        return bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[range])) }
    }

    /// The text of a command as written on its first line (for `--echo`).
    func text(of command: Command) -> String {
        withLine(command.span.line) { bytes in
            let end = Swift.min(command.end, bytes.count)
            let start = Swift.min(command.span.start, end)
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        }
    }

    /// The raw text of physical line `number`.
    func text(ofLine number: Int) -> String {
        withLine(number) { String(decoding: $0, as: UTF8.self) }
    }
}
