/// One word, quoted string or `;` of a line.
public struct Token: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// A bare word; its text is exactly its bytes.
        case word
        /// A `"…"` or `'…'` string; its text is the decoded contents.
        case string
        /// `;`, which ends a command.
        case separator
    }

    public var kind: Kind
    public var text: String
    public var span: Span

    public init(_ kind: Kind, _ text: String, _ span: Span) {
        self.kind = kind
        self.text = text
        self.span = span
    }
}
