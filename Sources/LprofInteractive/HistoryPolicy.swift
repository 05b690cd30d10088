import LprofText

/// Which entered lines become history entries, and how an entry is stored on one line.
public enum HistoryPolicy {
    /// Whether `entry` is recorded: not blank, not a repeat, not after a space (the shells' way).
    static func shouldRecord(_ entry: String, after previous: String?) -> Bool {
        guard let first = entry.unicodeScalars.first, first != " " else { return false }
        guard entry.unicodeScalars.contains(where: { $0 != " " && $0 != "\t" }) else {
            return false
        }
        return entry != previous
    }

    /// `line` on one line, without a final backslash or trailing blanks, which completion adds
    /// and libedit drops, so that the same line is never stored as two.
    static func normalized(_ line: String) -> String {
        var text = String.UnicodeScalarView()
        for scalar in line.unicodeScalars {
            if scalar == "\n" || scalar == "\r" {
                if scalar == "\n", text.last == "\\" { text.removeLast() }
                text.append(" ")
            } else {
                text.append(scalar)
            }
        }
        if text.last == "\\" { text.removeLast() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return String(text)
    }

    /// The one warning when history cannot be saved, wrapped to `width`, its reason escaped.
    public static func notSavedWarning(_ reason: String, width: Int) -> String {
        let shown = TerminalSafe.escape(reason, .swift, where: TerminalSafe.isUnsafe)
        let text = "warning: history is not saved (\(shown)); this session keeps it in memory"
        return TextWrap.lines(text, width: max(20, width), indent: 9).joined(separator: "\n") + "\n"
    }
}
