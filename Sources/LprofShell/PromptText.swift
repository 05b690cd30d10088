import LprofModel

/// What the prompt says for the host as it is (`lprof edit*> `, `lprof (wired)> `…): the one
/// place the terminal's prompt, `--echo` and a lesson's typed entries all read.
public enum PromptText {
    /// One word of the prompt and the SGR style a terminal paints it in (nil: none).
    public typealias Part = (text: String, sgr: String?)

    /// The prompt before a command, word by word.
    public static func parts(for host: Host) -> [Part] {
        let screen = host.screen
        return parts(
            editing: screen == .editor, pending: host.draftDiffers, dismissed: screen == .home,
            wired: !host.wiring.isPreset)
    }

    /// The prompt before a command, as plain text (`--echo`'s).
    static func plain(for host: Host) -> String {
        parts(for: host).map(\.text).joined()
    }

    /// The prompt before a line that continues the one above.
    public static let continuation: [Part] = [("...", "2"), ("> ", nil)]

    /// The prompt for these marks; `pending` (the draft differs) shows only while `editing`.
    static func parts(editing: Bool, pending: Bool, dismissed: Bool, wired: Bool)
        -> [Part]
    {
        var parts: [Part] = [("lprof", "1;36")]
        if wired { parts += [(" ", nil), ("(wired)", "35")] }
        if dismissed { parts += [(" ", nil), ("(dismissed)", "2")] }
        if editing { parts += [(" ", nil), ("edit", "1;33")] }
        if editing && pending { parts.append(("*", "1;31")) }
        parts.append(("> ", nil))
        return parts
    }
}
