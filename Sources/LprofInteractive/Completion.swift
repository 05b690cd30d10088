/// What Tab does to the line: text to put at the cursor, and candidates to list.
public struct Completion: Equatable, Sendable {
    /// How many Unicode scalars before the cursor to delete before inserting (non-zero
    /// only when the typed word itself changes, such as `AU` becoming `autumn`).
    /// libedit counts its wide characters in scalars, so the adapter deletes exactly these.
    public var replacing = 0
    /// The text to insert at the cursor after deleting; may be empty.
    public var insertion: String
    /// The matches to list under the line when there are several (empty otherwise), in
    /// the form a user reads them (a file's name rather than its whole path).
    public var candidates: [String] = []

    /// Nothing matched: the line stays as it is.
    static let none = Completion(insertion: "")
}
