/// lprof's one escaper: makes text safe to print, so that nothing a user stores, types or
/// names reaches the terminal as a control.
///
/// It escapes C0 controls and DEL, C1 controls (U+0080–U+009F), the line and paragraph
/// separators, the bidirectional embedding, override and isolate controls (U+202A–U+202E,
/// U+2066–U+2069) and the other invisible format characters (`isUnsafe`): none is an escape
/// sequence, but the C1 ones start one on some terminals, the bidi ones would reorder the
/// rest of the line on screen, and the invisible ones would make two names look the same. Views and echoes show C0
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

    /// True for the scalars that must not reach a terminal as they are: controls,
    /// separators, the bidi controls, and the invisible format characters (Unicode's Cf:
    /// the bidi marks U+200E, U+200F and U+061C, which reorder what follows them, and
    /// U+200B, U+2060, U+FEFF…, which show nothing) but the three that make what a person
    /// sees: the zero-width joiner and non-joiner (emoji ZWJ sequences, Indic and Persian
    /// shaping) and the tag characters of subdivision flags.
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
