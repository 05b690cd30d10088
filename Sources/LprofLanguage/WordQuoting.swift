/// How text is written as one word the lexer reads back, the one rule `record` and Tab follow.
public enum WordQuoting {
    /// True when `text` reads back as itself written bare (no blank, quote, `;`, `\`, control).
    public static func isBare(_ text: String) -> Bool {
        !text.isEmpty && !text.hasPrefix("#")
            && text.unicodeScalars.allSatisfy { scalar in
                scalar.value > 0x20 && scalar.value != 0x7F && !(0x80...0x9F).contains(scalar.value)
                    && !["\"", "'", ";", "\\", "#"].contains(scalar)
            }
    }

    /// The inside of a `"…"` string that reads back as `text`, controls written as escapes.
    public static func doubleQuotedBody(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\", "\"": out += "\\" + String(scalar)
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value):
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    public static func doubleQuoted(_ text: String) -> String {
        "\"" + doubleQuotedBody(text) + "\""
    }

    /// `text` as one word: bare when it reads back so, else a `"…"` string.
    public static func word(_ text: String) -> String {
        isBare(text) ? text : doubleQuoted(text)
    }
}
