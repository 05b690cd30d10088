import LprofText

/// An error the lexer or parser found, at a place (exit status 2, `ExitStatus.usage`).
public struct SyntaxError: Error, Equatable, Sendable {
    public var message: String
    public var span: Span

    public init(_ message: String, at span: Span) {
        self.message = message
        self.span = span
    }
}
