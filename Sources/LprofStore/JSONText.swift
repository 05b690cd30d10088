import LprofModel
import LprofText

/// Compact JSON for a profile, written by hand so that the bytes are exactly the SPEC's.
public enum JSONText {
    /// `{"username":…,"prefersNotifications":…,"seasonalPhoto":…,"goalDate":…}`
    public static func profile(_ p: Profile) -> String {
        let members = ProfileField.allCases.map { field -> String in
            let value: String
            switch p[field] {
            case .username(let name): value = quoted(name)
            case .notifications(let on): value = on ? "true" : "false"
            case .season(let season): value = quoted(season.rawValue)
            case .goal(let day): value = quoted(day.iso)
            }
            return quoted(field.tutorialName) + ":" + value
        }
        return "{" + members.joined(separator: ",") + "}"
    }

    /// A JSON string literal, escaping what `TerminalSafe` escapes too.
    public static func quoted(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            default:
                // What must not reach a terminal raw: the same string to a JSON reader.
                if TerminalSafe.isUnsafe(scalar) {
                    for unit in String(scalar).utf16 {
                        let hex = String(unit, radix: 16)
                        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                    }
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}

extension FieldValue {
    /// A value as trace and messages show it: a username as the string `set username` takes
    /// back, the rest as `get` prints them.
    public var quotedText: String {
        guard case .username(let name) = self else { return plainText }
        var body = ""
        for scalar in name.unicodeScalars {
            if scalar == "\"" || scalar == "\\" { body += "\\" }
            body.unicodeScalars.append(scalar)
        }
        return "\"" + TerminalSafe.escape(body, .swift, where: TerminalSafe.isUnsafe) + "\""
    }
}
