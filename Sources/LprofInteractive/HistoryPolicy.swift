import LprofText

/// Which entered lines become history entries, and how an entry is stored on one line.
public enum HistoryPolicy {
    /// Whether `entry` is recorded after `previous` (the newest entry, if any): not when
    /// it is empty or blank, not when it starts with a space (the shells' way to keep a
    /// line out of history), and not when it repeats the entry just before it.
    static func shouldRecord(_ entry: String, after previous: String?) -> Bool {
        guard let first = entry.unicodeScalars.first, first != " " else { return false }
        guard entry.unicodeScalars.contains(where: { $0 != " " && $0 != "\t" }) else {
            return false
        }
        return entry != previous
    }

    /// `line` as it is stored, on one line of plain text: a continued line's joins (a
    /// backslash before a line feed) become the space they stand for, any other line
    /// break a space too, and trailing spaces and tabs go, since they mean nothing to the
    /// language but would make `set season autumn ` (completion adds the space) and the
    /// same line recalled from history (libedit drops one trailing space) count as two.
    /// A backslash that ends the entry (Ctrl-D at the continuation prompt) joined it to
    /// nothing, and ran as nothing: it goes too, so the entry recalled runs as it ran.
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

    /// The one warning when history cannot be saved, wrapped at spaces to `width` columns
    /// (continuing under its text), ending in a newline. The reason names the file: what
    /// it holds that a terminal would take as a control is escaped, as in every message.
    public static func notSavedWarning(_ reason: String, width: Int) -> String {
        let shown = TerminalSafe.escape(reason, .swift, where: TerminalSafe.isUnsafe)
        let text = "warning: history is not saved (\(shown)); this session keeps it in memory"
        return TextWrap.lines(text, width: max(20, width), indent: 9).joined(separator: "\n") + "\n"
    }
}
