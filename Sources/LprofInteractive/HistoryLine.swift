import LprofText

/// One history entry as one line of the file, its controls escaped behind a leading space (which
/// no entry starts with) so that `cat` on the file never runs an escape sequence.
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

    /// The entry a file's `line` holds, keeping an escape not of `encoded`'s as text.
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
