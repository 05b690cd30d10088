import Glibc

/// `TERM`, made one libedit can read: a value holding a control character names no terminfo
/// entry, and libedit would write it raw in its own "No entry for terminal type" warning.
public enum TerminalType {
    /// Replaces such a `TERM` by `dumb` in the process environment, where libedit and the
    /// colour check read it, before either does; returns it as it was, for one warning.
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
