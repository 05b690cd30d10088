/// Makes text safe for a terminal: nothing a user stores can emit an escape sequence.
public enum TerminalSafe {
    /// Control characters (C0 except tab and newline, DEL, C1) become `\u{…}` text.
    public static func escape(_ s: String) -> String {
        guard s.unicodeScalars.contains(where: isUnsafe) else { return s }
        var out = ""
        for scalar in s.unicodeScalars {
            if isUnsafe(scalar) {
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return (v < 0x20 && v != 0x09 && v != 0x0A) || (0x7F...0x9F).contains(v)
    }
}
