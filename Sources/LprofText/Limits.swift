/// The limits on what lprof reads, in one place because `help limits`, the man page and SPEC
/// state them; the layers below are handed them.
public enum Limits {
    /// The longest line, backslash continuations included; a longer one is an error, never
    /// buffered whole.
    public static let lineBytes = 65_536
    /// The largest script: it is held whole while it runs.
    public static let scriptBytes = 256 * 1024 * 1024
    /// The deepest `source` nesting; the next is an error.
    public static let sourceDepth = 32
    /// The deepest `expect error expect error …` chain, so that nesting cannot exhaust the stack.
    public static let expectNesting = 8
    public static let lessonFileBytes = 16 * 1024 * 1024
    public static let storeBytes = 1 << 20
    /// How many diagnostics one source shows; the rest are counted (SPEC §6).
    public static let diagnosticsPerSource = 20
}
