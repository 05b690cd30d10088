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

/// A rendered diagnostic never carries a control character other than its line breaks (read
/// as UTF-8: C0 controls and DEL are single bytes, C1 controls are 0xC2 0x80–0x9F).
func check(_ text: String) {
    var previous: UInt8 = 0
    for byte in text.utf8 {
        require(
            byte == 0x0A || byte == 0x09
                || !(byte < 0x20 || byte == 0x7F)
                    && !(previous == 0xC2 && (0x80...0x9F).contains(byte)),
            "control byte 0x\(String(byte, radix: 16)) in a diagnostic")
        previous = byte
    }
}
