/// What Tab does to the line: text to put at the cursor, and candidates to list.
public struct Completion: Equatable, Sendable {
    /// How many scalars before the cursor to delete first (`AU` becoming `autumn`).
    public var replacing = 0
    public var insertion: String
    /// The matches to list when there are several, as a user reads them (a file's name only).
    public var candidates: [String] = []

    static let none = Completion(insertion: "")
}
