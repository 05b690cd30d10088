/// lprof's one escaper: makes text safe to print, so that nothing a user stores, types or
/// names reaches the terminal as a control.
///
/// It escapes C0 controls and DEL, C1 controls (U+0080–U+009F), the line and paragraph
/// separators and the bidirectional embedding, override and isolate controls (U+202A–U+202E,
/// U+2066–U+2069): none is an escape sequence, but the C1 ones start one on some terminals
/// and the bidi ones would reorder the rest of the line on screen. Views and echoes show C0
/// controls and DEL in caret notation, as `cat -v` does (`ESC` → `^[`, `LF` → `^J`, `DEL` →
/// `^?`); everything else escaped, and everything in a message, is a Swift escape
/// (`\u{9B}`, `\u{202E}`), the form a user can type back in a `"…"` string.
public enum TerminalSafe {
    /// How an escaped scalar is written.
    public enum Notation: Sendable {
        /// C0 controls and DEL in caret notation, the rest as Swift escapes (views, echoes).
        case caret
        /// Every one as a Swift escape, `\u{1B}` (messages that quote what the user wrote).
        case swift
    }

    /// The text with every control made visible; other text is unchanged. With
    /// `keepingLayout`, tabs and newlines stay as they are (for `print`, whose text the user
    /// wrote to be laid out).
    public static func escape(_ s: String, keepingLayout: Bool = false) -> String {
        guard keepingLayout else { return escape(s, .caret, where: isUnsafe) }
        return escape(s, .caret) { isUnsafe($0) && $0 != "\t" && $0 != "\n" }
    }

    /// The text with every scalar that `escapes` picks written in `notation`; the rest
    /// unchanged. `escapes` is `isUnsafe`, or `isUnsafe` with a few scalars kept or added.
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

    /// True for the scalars that must not reach a terminal as they are.
    public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069:
            return true
        default:
            return false
        }
    }
}
