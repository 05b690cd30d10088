import LprofText

/// The warning for an editrc that is no file, which lprof never reads (SPEC §7: never waited on).
public enum EditrcWarning {
    /// The one line, wrapped to `width`, its path escaped as in every message.
    public static func notAFile(_ path: String, is kind: String, width: Int) -> String {
        let shown = TerminalSafe.escape(path, .swift, where: TerminalSafe.isUnsafe)
        let text = "warning: '\(shown)' is \(kind), not a file; its key bindings were not read"
        return TextWrap.lines(text, width: max(20, width), indent: 9).joined(separator: "\n") + "\n"
    }
}
