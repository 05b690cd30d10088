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
