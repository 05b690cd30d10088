/// The command under the cursor, read by the language's own lexer so completion never differs.
public struct PartialCommand: Equatable, Sendable {
    /// The finished words of the current command, unquoted.
    public var words: [String]
    /// The word being typed, unquoted (empty right after a space).
    public var current: String
    /// The word being typed as it stands in the text, quotes and escapes included.
    public var currentRaw: String
    /// The quote the current word opened and has not closed, if any.
    public var openQuote: Character?

    /// Reads the buffer up to the cursor; nil when nothing can be completed (a lexical error
    /// other than an open string, or a comment).
    public init?(_ text: String) {
        let bytes = Array(text.utf8)
        var lexed = bytes.count
        current = ""
        currentRaw = ""
        openQuote = nil
        var line = Self.lex(bytes[...])
        if let error = line.lexError {
            // Only a string opened at a word's start and never closed is a word being typed.
            let quote = error.span.start
            guard quote < bytes.count,
                bytes[quote] == UInt8(ascii: "'") || bytes[quote] == UInt8(ascii: "\""),
                quote == 0
                    || [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: ";")].contains(
                        bytes[quote - 1]),
                let contents = Self.openString(bytes[quote...])
            else { return nil }
            line = Self.lex(bytes[..<quote])
            guard !line.hasLexError else { return nil }
            lexed = quote
            current = contents
            currentRaw = String(decoding: bytes[quote...], as: UTF8.self)
            openQuote = Character(Unicode.Scalar(bytes[quote]))
        }
        var tokens = line.tokens
        if let separator = tokens.lastIndex(where: { $0.kind == .separator }) {
            tokens.removeSubrange(...separator)
        }
        // After the last token: blanks, and a comment when the lexer stopped at a '#'.
        var rest = line.tokens.last?.span.end ?? 0
        while rest < lexed, bytes[rest] == UInt8(ascii: " ") || bytes[rest] == UInt8(ascii: "\t") {
            rest += 1
        }
        if rest < lexed, bytes[rest] == UInt8(ascii: "#") { return nil }
        if openQuote == nil, let last = tokens.last, last.span.end == bytes.count {
            tokens.removeLast()
            current = line.text(of: last)
            currentRaw = String(decoding: bytes[last.span.start...], as: UTF8.self)
        }
        words = tokens.map(line.text(of:))
    }

    private static func lex(_ bytes: ArraySlice<UInt8>) -> SourceLine {
        var line = SourceLine()
        bytes.withUnsafeBufferPointer { _ = line.appendLine($0, number: 1, tooLong: false) }
        return line
    }

    /// What the string still open at `bytes`' start holds so far, as the lexer reads it once
    /// closed; nil when it closes after all or holds what the lexer refuses.
    private static func openString(_ bytes: ArraySlice<UInt8>) -> String? {
        let quote = bytes.first!
        var body = Array(bytes.dropFirst())
        if quote == UInt8(ascii: "\"") {
            let backslashes = body.reversed().prefix { $0 == UInt8(ascii: "\\") }.count
            if backslashes % 2 == 1 { body.removeLast() }
        }
        let line = lex(ArraySlice([quote] + body + [quote]))
        guard !line.hasLexError, line.tokens.count == 1, line.tokens[0].kind == .string else {
            return nil
        }
        return line.text(of: line.tokens[0])
    }
}
