/// One logical line: its physical lines (more than one when a backslash joins them) in one
/// reused byte buffer, and the tokens lexed from them. Readers refill it line after line,
/// so that lexing and parsing a whole file allocates next to nothing.
public struct SourceLine {
    /// The bytes of every physical line, one after another.
    public private(set) var bytes: [UInt8] = []
    /// Each physical line's number and byte range in `bytes`.
    public private(set) var lines: [(number: Int, start: Int, end: Int)] = []
    public private(set) var tokens: [Token] = []
    /// The contents of strings that had escapes, decoded.
    private(set) var decoded: [String] = []
    /// The lexical error that cut this line short, if any.
    public private(set) var lexError: SyntaxError?
    /// True when a physical line was longer than `Lexer.maxLineBytes`: the input cannot be
    /// trusted past it, so readers stop there.
    public private(set) var tooLong = false

    public init() {
        bytes.reserveCapacity(256)
        tokens.reserveCapacity(16)
    }

    /// A source line holding `text` (which may span continued lines).
    public init(_ text: String) {
        self.init()
        var number = 0
        for physical in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            let result = appendPhysicalLine { buffer in
                buffer.append(contentsOf: physical.utf8)
                return (number, false)
            }
            if result != .continued { break }
        }
    }

    /// The number of the last physical line.
    public var lastLineNumber: Int { lines.last?.number ?? 0 }

    /// Empties the line for reuse, keeping its storage.
    public mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
        lines.removeAll(keepingCapacity: true)
        tokens.removeAll(keepingCapacity: true)
        if !decoded.isEmpty { decoded.removeAll() }
        lexError = nil
        tooLong = false
    }

    /// Adds one physical line, which `read` appends to the buffer (returning its number and
    /// whether it was cut for being too long, or nil at the end of input), and lexes it.
    /// Returns nil at the end of input, else how the line ended.
    public mutating func appendPhysicalLine(
        _ read: (inout [UInt8]) -> (number: Int, tooLong: Bool)?
    ) -> LexResult? {
        let start = bytes.count
        guard let (number, cut) = read(&bytes) else { return nil }
        lines.append((number, start, bytes.count))
        if cut {
            tooLong = true
            let error = SyntaxError(
                "line \(number) is longer than \(Lexer.maxLineBytes) bytes (the limit; see 'help limits')",
                at: Span(line: number, start: 0, end: 1))
            lexError = error
            return .failed(error)
        }
        let result = bytes.withUnsafeBufferPointer { all in
            Lexer.lex(
                UnsafeBufferPointer(rebasing: all[start..<all.count]), line: number, base: start,
                into: &tokens, decoded: &decoded)
        }
        if case .failed(let error) = result { lexError = error }
        return result
    }

    // MARK: - Reading tokens

    /// The token's text: a word's bytes, or a string's contents with escapes decoded.
    public func text(of token: Token) -> String {
        if token.decodedIndex >= 0 { return decoded[token.decodedIndex] }
        return bytes.withUnsafeBufferPointer {
            String(
                decoding: UnsafeBufferPointer(rebasing: $0[token.textStart..<token.textEnd]),
                as: UTF8.self)
        }
    }

    /// True when the token's text is exactly `word` (ASCII); no allocation.
    @inline(__always)
    public func token(_ token: Token, is word: StaticString) -> Bool {
        if token.decodedIndex >= 0 { return decoded[token.decodedIndex] == word.description }
        let count = token.textEnd - token.textStart
        guard count == word.utf8CodeUnitCount else { return false }
        return bytes.withUnsafeBufferPointer { all in
            word.withUTF8Buffer { w in
                var i = 0
                while i < count {
                    if all[token.textStart + i] != w[i] { return false }
                    i += 1
                }
                return true
            }
        }
    }

    /// The token's first byte of text, or 0 when it is empty.
    @inline(__always)
    func firstByte(of token: Token) -> UInt8 {
        token.textEnd > token.textStart ? bytes[token.textStart] : 0
    }

    /// Calls `body` with the bytes of physical line `number` (empty if not in this line).
    public func withLine<R>(_ number: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        var range = 0..<0
        for line in lines where line.number == number {
            range = line.start..<line.end
            break
        }
        return bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[range])) }
    }

    /// The text of a command as written (for `--echo`); continued lines are joined with
    /// a space, without their joining backslashes.
    public func text(of command: Command) -> String {
        var parts: [String] = []
        for number in command.span.line...Swift.max(command.span.line, command.lastSpan.line) {
            withLine(number) { line in
                var start = number == command.span.line ? command.span.start : 0
                var end = number == command.lastSpan.line ? command.lastSpan.end : line.count
                end = Swift.min(end, line.count)
                if number != command.lastSpan.line, end > 0, line[end - 1] == UInt8(ascii: "\\") {
                    end -= 1
                }
                start = Swift.min(start, end)
                let part = String(decoding: UnsafeBufferPointer(rebasing: line[start..<end]), as: UTF8.self)
                let trimmed = part.drop { $0 == " " || $0 == "\t" }
                let cut = trimmed.reversed().drop { $0 == " " || $0 == "\t" }
                if !cut.isEmpty { parts.append(String(cut.reversed())) }
            }
        }
        return parts.joined(separator: " ")
    }

    /// A diagnostic at `span`, with this line's text as its excerpt.
    public func diagnostic(
        _ severity: Diagnostic.Severity, _ message: String, at span: Span, source: String
    ) -> Diagnostic {
        withLine(span.line) { Diagnostic(severity, message, source: source, span: span, lineBytes: $0) }
    }
}
