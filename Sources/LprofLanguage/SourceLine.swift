import LprofText

/// One logical line's bytes and tokens, in buffers reused so lexing allocates next to nothing.
public struct SourceLine {
    private(set) var byteBuffer = ReusableBuffer<UInt8>()
    /// Each physical line's number and byte range in the buffer.
    private(set) var lineBuffer = ReusableBuffer<(number: Int, start: Int, end: Int)>()
    @usableFromInline private(set) var tokenBuffer = ReusableBuffer<Token>()
    /// The contents of strings that had escapes, decoded.
    private(set) var decoded = ReusableBuffer<String>()
    /// The lexical error that cut this line short, if any.
    public private(set) var lexError: SyntaxError?
    /// `lexError != nil`, kept as a flag: the hot paths test it without copying the error.
    public private(set) var hasLexError = false
    /// True past `Limits.lineBytes`: the input cannot be trusted further, so readers stop.
    public private(set) var tooLong = false

    public init() {}

    /// A source line holding `text` (which may span continued lines).
    public init(_ text: String) {
        self.init()
        var number = 0
        for physical in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            var bytes = Array(physical.utf8)
            let result = bytes.withUnsafeMutableBufferPointer {
                appendPhysicalLine(UnsafeBufferPointer($0), number: number, tooLong: false)
            }
            guard case .continued = result else { break }
        }
    }

    public var tokens: [Token] { tokenBuffer.elements }
    public var firstLineNumber: Int { lineBuffer.isEmpty ? 0 : lineBuffer[0].number }
    public var lastLineNumber: Int { lineBuffer.last?.number ?? 0 }
    /// The bytes of physical line `index` (0 for the first).
    public func length(ofLine index: Int) -> Int { lineBuffer[index].end - lineBuffer[index].start }
    public var lineCount: Int { lineBuffer.count }
    public var isEmpty: Bool { lineBuffer.isEmpty }

    /// Empties the line for reuse, keeping its storage.
    public mutating func removeAll() {
        byteBuffer.removeAll()
        lineBuffer.removeAll()
        tokenBuffer.removeAll()
        if !decoded.isEmpty { decoded.removeAll() }
        if hasLexError {
            lexError = nil
            hasLexError = false
        }
        tooLong = false
    }

    /// Adds and lexes one physical line (`cut` when it was cut at the limit).
    @discardableResult
    public mutating func appendPhysicalLine(
        _ line: UnsafeBufferPointer<UInt8>, number: Int, tooLong cut: Bool
    ) -> LexResult {
        if appendLine(line, number: number, tooLong: cut) { return .continued }
        if hasLexError, let error = lexError { return .failed(error) }
        return .complete
    }

    /// `appendPhysicalLine` copying nothing back: true when a backslash continues the line.
    public mutating func appendLine(
        _ line: UnsafeBufferPointer<UInt8>, number: Int, tooLong cut: Bool
    ) -> Bool {
        let start = byteBuffer.count
        // Lines joined with backslashes count together, so that memory stays bounded.
        let joinedTooLong = start > 0 && start + line.count > Limits.lineBytes
        byteBuffer.append(
            contentsOf: joinedTooLong ? UnsafeBufferPointer(rebasing: line[0..<0]) : line)
        lineBuffer.append((number, start, byteBuffer.count))
        if cut || joinedTooLong {
            tooLong = true
            let what =
                cut ? "line \(number)" : "the line joined with backslashes up to line \(number)"
            let error = SyntaxError(
                "\(what) is longer than \(Limits.lineBytes) bytes (the limit; see 'help limits')",
                at: Span(line: number, start: 0, end: 1))
            lexError = error
            hasLexError = true
            return false
        }
        switch Lexer.lex(
            line, line: number, base: start, into: &tokenBuffer, decoded: &decoded,
            error: &lexError)
        {
        case .complete: return false
        case .continued: return true
        case .failed:
            hasLexError = true
            return false
        }
    }

    // MARK: - Reading tokens

    /// The token's text: a word's bytes, or a string's contents with escapes decoded.
    public func text(of token: Token) -> String {
        if token.decodedIndex >= 0 { return decoded[token.decodedIndex] }
        return byteBuffer.withUnsafeBufferPointer {
            String(
                decoding: UnsafeBufferPointer(rebasing: $0[token.textStart..<token.textEnd]),
                as: UTF8.self)
        }
    }

    /// Calls `body` with the text of the token at `span` (none when absent), so the compiler
    /// reads a `set` value parsed without its text (`Parser.command(setValueText: false)`).
    public func withText<R>(ofTokenAt span: Span, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        var index = tokenBuffer.count - 1
        while index >= 0 && tokenBuffer[index].span != span { index -= 1 }
        guard index >= 0 else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
        let token = tokenBuffer[index]
        if token.decodedIndex >= 0 {
            var text = decoded[token.decodedIndex]
            return text.withUTF8(body)
        }
        return byteBuffer.withUnsafeBufferPointer {
            body(UnsafeBufferPointer(rebasing: $0[token.textStart..<token.textEnd]))
        }
    }

    /// Calls `body` with the bytes of physical line `number` (empty if not in this line).
    func withLine<R>(_ number: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        var range = 0..<0
        for i in 0..<lineBuffer.count where lineBuffer[i].number == number {
            range = lineBuffer[i].start..<lineBuffer[i].end
            break
        }
        return byteBuffer.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[range])) }
    }

    /// The error for a line cut at the limit, excerpted from what a reader kept of it.
    public static func tooLong(
        _ bytes: UnsafeBufferPointer<UInt8>, number: Int, source: String
    ) -> Diagnostic {
        var line = SourceLine()
        line.appendPhysicalLine(bytes, number: number, tooLong: true)
        let error = line.lexError!
        return line.diagnostic(.error, error.message, at: error.span, source: source)
    }

    /// A diagnostic at `span`, with this line's text as its excerpt.
    public func diagnostic(
        _ severity: Diagnostic.Severity, _ message: String, at span: Span, source: String,
        whole: Bool = false
    ) -> Diagnostic {
        withLine(span.line) {
            Diagnostic(severity, message, source: source, span: span, lineBytes: $0, whole: whole)
        }
    }
}
