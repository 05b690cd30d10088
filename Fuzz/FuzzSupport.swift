#if canImport(Glibc)
    import Glibc
#endif

// What every fuzz target shares; Scripts/fuzz compiles it into each of them.

/// Like `precondition`, but prints its message in optimized builds too.
func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition {
        FileHandleless.stderr("fuzz invariant broken: " + message() + "\n")
        abort()
    }
}

/// Writes to stderr without Foundation, so a failing invariant is reported even mid-crash.
enum FileHandleless {
    static func stderr(_ text: String) {
        var bytes = Array(text.utf8)
        _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress!, $0.count) }
    }
}
