import LprofLanguage

/// The interactive prompt, which shows the edit mode at a glance.
///
/// `lprof> ` inactive, `lprof edit> ` active, `lprof edit*> ` active with a draft that
/// differs from the profile, `...> ` while a line continues. With colour, every escape
/// sequence is wrapped in `escapeMarker` characters, which libedit's `EL_PROMPT_ESC` skips
/// when it measures the prompt, so the cursor lands where the text really ends.
public enum Prompt {
    /// The character that brackets invisible text in a prompt (libedit's `EL_PROMPT_ESC`
    /// literal). U+0001 never occurs in a prompt's visible text.
    public static let escapeMarker: Character = "\u{1}"

    /// The prompt for the host's state.
    /// - Parameters:
    ///   - editing: edit mode is active.
    ///   - pending: the draft differs from the committed profile (shown only while editing).
    ///   - continuation: the previous line ended in a joining backslash.
    ///   - color: wrap the parts in SGR colour, bracketed by `escapeMarker`.
    public static func text(editing: Bool, pending: Bool, continuation: Bool, color: Bool)
        -> String
    {
        if continuation {
            return paint("...", sgr: "2", color: color) + "> "
        }
        var text = paint("lprof", sgr: "1;36", color: color)
        if editing {
            text += " " + paint("edit", sgr: "1;33", color: color)
            if pending { text += paint("*", sgr: "1;31", color: color) }
        }
        return text + "> "
    }

    /// The prompt's width in terminal columns, leaving out text between escape markers.
    public static func visibleWidth(_ prompt: String) -> Int {
        TextWidth.columns(of: visibleText(prompt))
    }

    /// The prompt without its marked escape sequences (what the user sees).
    public static func visibleText(_ prompt: String) -> String {
        var visible = ""
        var hidden = false
        for character in prompt {
            if character == escapeMarker {
                hidden.toggle()
            } else if !hidden {
                visible.append(character)
            }
        }
        return visible
    }

    /// `text` in the SGR style `sgr`, reset afterwards, when colour is on.
    private static func paint(_ text: String, sgr: String, color: Bool) -> String {
        guard color else { return text }
        let marker = String(escapeMarker)
        return marker + "\u{1B}[\(sgr)m" + marker + text + marker + "\u{1B}[0m" + marker
    }
}
