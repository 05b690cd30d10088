import LprofModel
import LprofShell
import LprofText

/// The interactive prompt, which shows the edit mode and the sheet at a glance: the words
/// `PromptText` says for the host, painted. With colour, every escape sequence is wrapped
/// in `escapeMarker` characters, which libedit's `EL_PROMPT_ESC` skips when it measures
/// the prompt, so the cursor lands where the text really ends.
public enum Prompt {
    /// The character that brackets invisible text in a prompt (libedit's `EL_PROMPT_ESC`
    /// literal). U+0001 never occurs in a prompt's visible text.
    static let escapeMarker: Character = "\u{1}"

    /// The prompt before a command while the host is as it is.
    public static func text(for host: Host, color: Bool) -> String {
        text(PromptText.parts(for: host), color: color)
    }

    /// The prompt before a line that continues the one above.
    static func continuation(color: Bool) -> String {
        text(PromptText.continuation, color: color)
    }

    /// The prompt for these parts, painted when `color`.
    static func text(_ parts: [PromptText.Part], color: Bool) -> String {
        color ? painted(parts) : parts.map(\.text).joined()
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
    private static func painted(_ parts: [PromptText.Part]) -> String {
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
