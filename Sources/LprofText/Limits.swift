/// The limits on what lprof reads, in one place (`help limits`, the man page and SPEC state
/// them): the readers, the compiler and the runner take them from here, and the layers
/// below (the system layer's line scanner and whole-file reader) are handed them.
public enum Limits {
    /// The longest line, lines joined with a trailing backslash included; a longer one is an
    /// error (and is never buffered whole).
    public static let lineBytes = 65_536
    /// The largest script: it is held whole while it runs.
    public static let scriptBytes = 256 * 1024 * 1024
    /// The deepest `source` nesting; the next is an error.
    public static let sourceDepth = 32
    /// The deepest `expect error expect error …` chain; deeper ones would only exhaust the
    /// stack (each level is a nested parse and a nested run).
    public static let expectNesting = 8
    /// The largest lesson file.
    public static let lessonFileBytes = 16 * 1024 * 1024
    /// The largest store file.
    public static let storeBytes = 1 << 20
    /// How many diagnostics one source shows; the rest are counted (SPEC §6).
    public static let diagnosticsPerSource = 20
}
