import LprofText

/// One word, quoted string or `;`, holding no text of its own so that lexing allocates nothing.
public struct Token: Equatable, Sendable {
    public enum Kind: UInt8, Equatable, Sendable {
        /// A bare word; its text is exactly its bytes.
        case word
        /// A `"…"` or `'…'` string; its text is its contents, escapes decoded.
        case string
        case separator
    }

    public var kind: Kind
    public var span: Span
    /// The text's byte range in the source line's buffer (inside the quotes for a string).
    var textStart: Int
    var textEnd: Int
    /// For a string with escapes, its index in the source line's decoded strings; else -1.
    var decodedIndex: Int

    init(_ kind: Kind, span: Span, textStart: Int, textEnd: Int, decodedIndex: Int = -1) {
        self.kind = kind
        self.span = span
        self.textStart = textStart
        self.textEnd = textEnd
        self.decodedIndex = decodedIndex
    }
}
