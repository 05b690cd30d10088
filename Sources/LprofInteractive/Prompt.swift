import LprofModel
import LprofShell
import LprofText

/// The prompt, painted, its escape sequences between `escapeMarker`s for `EL_PROMPT_ESC`.
public enum Prompt {
    /// The character that brackets invisible text, never in a prompt's visible text.
    static let escapeMarker: Character = "\u{1}"

    public static func text(for host: Host, color: Bool) -> String {
        text(PromptText.parts(for: host), color: color)
    }

    /// The prompt before a line that continues the one above.
    static func continuation(color: Bool) -> String {
        text(PromptText.continuation, color: color)
    }

    static func text(_ parts: [PromptText.Part], color: Bool) -> String {
        color ? painted(parts) : parts.map(\.text).joined()
    }

    /// The prompt's width in terminal columns, without its marked escape sequences.
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

    /// One sequence per change of style, before visible text: libedit drops one at the end.
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
