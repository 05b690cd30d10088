/// Where a token sits: its physical line (1-based) and its byte range within that line.
/// Columns in characters are worked out only when a diagnostic needs them.
public struct Span: Equatable, Sendable {
    public var line: Int
    public var start: Int
    public var end: Int

    public init(line: Int, start: Int, end: Int) {
        self.line = line
        self.start = start
        self.end = end
    }
}

/// An error the lexer or parser found, at a place; a syntax error is exit status 2
/// (`ExitStatus.usage`).
public struct SyntaxError: Error, Equatable, Sendable {
    public var message: String
    public var span: Span

    public init(_ message: String, at span: Span) {
        self.message = message
        self.span = span
    }
}
