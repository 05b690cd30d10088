import LprofText

/// The interactive prompt, which shows the edit mode and the sheet at a glance.
///
/// `lprof> ` inactive, `lprof edit> ` active, `lprof edit*> ` active with a draft that
/// differs from the profile, `lprof (dismissed)> ` while the profile sheet is dismissed,
/// `lprof (wired)> ` while a piece of the wiring differs from the edition's own (the wiring
/// lab; `lprof (wired) edit> ` while editing), `...> ` while a line continues. With colour, every escape
/// sequence is wrapped in `escapeMarker` characters, which libedit's `EL_PROMPT_ESC` skips
/// when it measures the prompt, so the cursor lands where the text really ends.
public enum Prompt {
    /// The character that brackets invisible text in a prompt (libedit's `EL_PROMPT_ESC`
    /// literal). U+0001 never occurs in a prompt's visible text.
    static let escapeMarker: Character = "\u{1}"

    /// The prompt for the host's state.
    /// - Parameters:
    ///   - editing: edit mode is active.
    ///   - pending: the draft differs from the committed profile (shown only while editing).
    ///   - continuation: the previous line ended in a joining backslash.
    ///   - color: wrap the parts in SGR colour, bracketed by `escapeMarker`.
    ///   - dismissed: the profile sheet is dismissed (there is no edit mode then).
    ///   - wired: a piece of the wiring differs from the edition's own.
    public static func text(
        editing: Bool, pending: Bool, continuation: Bool, color: Bool, dismissed: Bool = false,
        wired: Bool = false
    ) -> String {
        var parts: [(text: String, sgr: String?)] = []
        if continuation {
            parts = [("...", "2")]
        } else {
            parts = [("lprof", "1;36")]
            if wired { parts += [(" ", nil), ("(wired)", "35")] }
            if dismissed { parts += [(" ", nil), ("(dismissed)", "2")] }
            if editing { parts += [(" ", nil), ("edit", "1;33")] }
            if editing && pending { parts.append(("*", "1;31")) }
        }
        parts.append(("> ", nil))
        return color ? painted(parts) : parts.map(\.text).joined()
    }

    /// The prompt's width in terminal columns, leaving out text between escape markers.
    public static func visibleWidth(_ prompt: String) -> Int {
        TextWidth.columns(of: visibleText(prompt))
    }

    /// The prompt without its marked escape sequences (what the user sees).
    static func visibleText(_ prompt: String) -> String {
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

    /// The parts with their styles, each change of style one marked escape sequence that
    /// sits right before visible text: libedit (2017 and later) prints a marked sequence
    /// together with the character after it, and drops one that nothing visible follows.
    private static func painted(_ parts: [(text: String, sgr: String?)]) -> String {
        let marker = String(escapeMarker)
        var result = ""
        var current: String? = nil
        for (text, sgr) in parts where !text.isEmpty {
            if sgr != current {
                let reset = current == nil ? "" : "0"
                let style = sgr.map { reset.isEmpty ? $0 : reset + ";" + $0 } ?? reset
                result += marker + "\u{1B}[" + style + "m" + marker
                current = sgr
            }
            result += text
        }
        return result
    }
}
