/// lprof's one escaper, so that nothing a user stores, types or names reaches the terminal as
/// a control, reorders the line (bidi) or makes two names look the same (invisible format).
public enum TerminalSafe {
    /// How an escaped scalar is written: `cat -v`'s caret form, or a Swift escape a user can
    /// type back in a `"…"` string.
    public enum Notation: Sendable {
        /// C0 controls and DEL in caret notation, the rest as Swift escapes (views, echoes).
        case caret
        /// Every one as a Swift escape, `\u{1B}` (messages that quote what the user wrote).
        case swift
    }

    /// The text with every control made visible, tabs and newlines kept with `keepingLayout`
    /// (for `print`, whose text the user wrote to be laid out).
    public static func escape(_ s: String, keepingLayout: Bool = false) -> String {
        guard keepingLayout else { return escape(s, .caret, where: isUnsafe) }
        return escape(s, .caret) { isUnsafe($0) && $0 != "\t" && $0 != "\n" }
    }

    /// The text with every scalar that `escapes` picks (`isUnsafe`, give or take a few)
    /// written in `notation`.
    public static func escape(
        _ s: String, _ notation: Notation, where escapes: (Unicode.Scalar) -> Bool
    ) -> String {
        guard s.unicodeScalars.contains(where: escapes) else { return s }
        var out = String.UnicodeScalarView()
        for scalar in s.unicodeScalars {
            let v = scalar.value
            if !escapes(scalar) {
                out.append(scalar)
            } else if notation == .caret && v < 0x20 {
                out.append("^")
                out.append(Unicode.Scalar(UInt8(v + 0x40)))
            } else if notation == .caret && v == 0x7F {
                out.append(contentsOf: "^?".unicodeScalars)
            } else {
                out.append(
                    contentsOf: "\\u{\(String(v, radix: 16, uppercase: true))}".unicodeScalars)
            }
        }
        return String(out)
    }

    /// True for controls, separators and format characters (Cf), except the joiners and the
    /// tags that emoji sequences, Indic and Persian shaping, and subdivision flags need.
    public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if v < 0x7F { return v < 0x20 }
        switch v {
        case 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069:
            return true
        case 0x200C, 0x200D, 0xE0020...0xE007F:
            return false
        default:
            return v >= 0xAD && scalar.properties.generalCategory == .format
        }
    }
}
