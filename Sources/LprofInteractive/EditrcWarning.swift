import LprofText

/// The warning when the user's libedit start-up file (`$EDITRC`, `~/.editrc`) is there but
/// is no file (a FIFO, a device, a folder): lprof does not read it, which would wait on a
/// FIFO for ever (SPEC §7: a file that is a FIFO or device is said at once, never waited on).
public enum EditrcWarning {
    /// The one line, wrapped at spaces to `width` columns, ending in a newline; the path is
    /// escaped as in every message.
    public static func notAFile(_ path: String, is kind: String, width: Int) -> String {
        let shown = TerminalSafe.escape(path, .swift, where: TerminalSafe.isUnsafe)
        let text = "warning: '\(shown)' is \(kind), not a file; its key bindings were not read"
        return TextWrap.lines(text, width: max(20, width), indent: 9).joined(separator: "\n") + "\n"
    }
}
