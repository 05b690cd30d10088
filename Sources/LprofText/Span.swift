/// A token's physical line (1-based) and byte range, character columns left for diagnostics.
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
