import Glibc

/// `TERM` made safe, as libedit writes a control character in it raw in its own warning.
public enum TerminalType {
    /// Replaces such a `TERM` by `dumb` before libedit reads it; returns it, for one warning.
    public static func replaceUnusable() -> String? {
        guard let value = getenv("TERM").map({ String(cString: $0) }),
            value.unicodeScalars.contains(where: {
                $0.value < 0x20 || (0x7F...0x9F).contains($0.value)
            })
        else { return nil }
        setenv("TERM", "dumb", 1)
        return value
    }
}
