/// Which entered lines become history entries, and how an entry is stored on one line.
public enum HistoryPolicy {
    /// Whether `entry` is recorded after `previous` (the newest entry, if any): not when
    /// it is empty or blank, not when it starts with a space (the shells' way to keep a
    /// line out of history), and not when it repeats the entry just before it.
    public static func shouldRecord(_ entry: String, after previous: String?) -> Bool {
        guard let first = entry.unicodeScalars.first, first != " " else { return false }
        guard entry.unicodeScalars.contains(where: { $0 != " " && $0 != "\t" }) else {
            return false
        }
        return entry != previous
    }

    /// `line` as it is stored: without trailing spaces and tabs, which mean nothing to the
    /// language but would make `set season autumn ` (completion adds the space) and the
    /// same line recalled from history (libedit drops one trailing space) count as two.
    public static func normalized(_ line: String) -> String {
        var scalars = line.unicodeScalars[...]
        while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
        return String(String.UnicodeScalarView(scalars))
    }

    /// `entry` as one line of the history file: a backslash is written `\\`, a line feed
    /// `\n`, and a carriage return `\r`; everything else is written as is.
    public static func encode(_ entry: String) -> String {
        var line = ""
        line.reserveCapacity(entry.utf8.count)
        for scalar in entry.unicodeScalars {
            switch scalar {
            case "\\": line += "\\\\"
            case "\n": line += "\\n"
            case "\r": line += "\\r"
            default: line.unicodeScalars.append(scalar)
            }
        }
        return line
    }

    /// The entry a history file line stands for; the inverse of `encode`. A backslash
    /// before any other character, or at the end, is kept literally, so a hand-edited
    /// file still loads.
    public static func decode<S: StringProtocol>(_ line: S) -> String {
        var entry = ""
        var escaping = false
        for scalar in line.unicodeScalars {
            if escaping {
                escaping = false
                switch scalar {
                case "\\": entry += "\\"
                case "n": entry += "\n"
                case "r": entry += "\r"
                default:
                    entry += "\\"
                    entry.unicodeScalars.append(scalar)
                }
            } else if scalar == "\\" {
                escaping = true
            } else {
                entry.unicodeScalars.append(scalar)
            }
        }
        if escaping { entry += "\\" }
        return entry
    }
}
