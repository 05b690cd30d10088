import LprofText

/// How one history entry is written as one line of the history file, so that the file
/// never holds a raw control character (Ctrl-V Esc, Ctrl-V Ctrl-A): `cat` or `less` on it
/// must not run an escape sequence, and an editor must show what was typed.
///
/// An entry without control characters is written as it is, as every earlier lprof wrote
/// every entry, so those files load the same. One with any (Unicode's Cc: C0, DEL, C1) is
/// written marked by a leading space, with each control as a Swift escape (`\u{1B}`, the
/// form lprof's messages use) and each backslash doubled. No entry starts with a space
/// (`HistoryPolicy` keeps such lines out of history), so the mark can stand for nothing
/// else, and the escape is undone exactly on loading: the entry is kept, whole.
enum HistoryLine {
    /// The line `entry` (one line already, `HistoryPolicy.normalized`) is written as.
    static func encoded(_ entry: String) -> String {
        guard entry.unicodeScalars.contains(where: isControl) else { return entry }
        var doubled = String.UnicodeScalarView()
        for scalar in entry.unicodeScalars {
            doubled.append(contentsOf: scalar == "\\" ? ["\\", "\\"] : [scalar])
        }
        return " " + TerminalSafe.escape(String(doubled), .swift, where: isControl)
    }

    /// The entry a file's `line` holds: a marked line unescaped, any other as it is. An
    /// escape that is not one of `encoded`'s (a hand-edited file) is kept as text.
    static func decoded(_ line: Substring) -> String {
        guard line.unicodeScalars.first == " " else { return String(line) }
        let scalars = Array(line.unicodeScalars.dropFirst())
        var entry = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            guard scalar == "\\", index + 1 < scalars.count else {
                entry.append(scalar)
                index += 1
                continue
            }
            if scalars[index + 1] == "\\" {
                entry.append("\\")
                index += 2
            } else if let (escaped, end) = unicodeEscape(in: scalars, at: index) {
                entry.append(escaped)
                index = end
            } else {
                entry.append(scalar)
                index += 1
            }
        }
        return String(entry)
    }

    /// The scalar a `\u{HEX}` at `start` in `scalars` stands for, and the index after it.
    private static func unicodeEscape(in scalars: [Unicode.Scalar], at start: Int) -> (
        Unicode.Scalar, Int
    )? {
        guard start + 3 < scalars.count, scalars[start + 1] == "u", scalars[start + 2] == "{"
        else { return nil }
        let digits = scalars[(start + 3)...].prefix(8).prefix { $0.properties.isASCIIHexDigit }
        let end = start + 3 + digits.count
        guard end < scalars.count, scalars[end] == "}",
            let value = UInt32(String(String.UnicodeScalarView(digits)), radix: 16),
            let scalar = Unicode.Scalar(value)
        else { return nil }
        return (scalar, end + 1)
    }

    /// Unicode's control characters (Cc): C0, DEL and C1.
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control
    }
}
