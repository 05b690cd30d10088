/// Makes stored text safe to print: nothing a user stores can reach the terminal as a control.
///
/// C0 controls and DEL are shown in caret notation, as `cat -v` shows them (`ESC` → `^[`,
/// `LF` → `^J`, `DEL` → `^?`). C1 controls (U+0080–U+009F), the line and paragraph separators
/// and the bidirectional embedding, override and isolate controls (U+202A–U+202E,
/// U+2066–U+2069) are shown as Swift escapes (`\u{9B}`, `\u{202E}`): they are not escape
/// sequences, but the bidi ones would reorder the rest of the line on screen.
public enum TerminalSafe {
    /// The text with every control made visible; other text is unchanged. With
    /// `keepingLayout`, tabs and newlines stay as they are (for `print`, whose text the user
    /// wrote to be laid out).
    public static func escape(_ s: String, keepingLayout: Bool = false) -> String {
        func escapes(_ scalar: Unicode.Scalar) -> Bool {
            needsEscape(scalar) && !(keepingLayout && (scalar == "\t" || scalar == "\n"))
        }
        guard s.unicodeScalars.contains(where: escapes) else { return s }
        var out = String.UnicodeScalarView()
        for scalar in s.unicodeScalars {
            let v = scalar.value
            if !escapes(scalar) {
                out.append(scalar)
            } else if v < 0x20 {
                out.append("^")
                out.append(Unicode.Scalar(UInt8(v + 0x40)))
            } else if v == 0x7F {
                out.append(contentsOf: "^?".unicodeScalars)
            } else {
                out.append(
                    contentsOf: "\\u{\(String(v, radix: 16, uppercase: true))}".unicodeScalars)
            }
        }
        return String(out)
    }

    /// True for the scalars `escape` rewrites.
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069:
            return true
        default:
            return false
        }
    }
}
