import LprofText

/// A lesson's narration laid out for the terminal: always wrapped, never cut (a learner must
/// read every word), and laid out for the size category, as Dynamic Type would lay out text.
///
/// Below accessibilityMedium a paragraph keeps a comfortable measure (at most 72 columns,
/// indented two); from accessibilityMedium up the text is "larger": it loses the indent and
/// each sentence starts a line of its own, the way large type has fewer words to a line,
/// but it keeps the same measure (at most 74 columns), so that no lesson reads wider than
/// another on a wide terminal.
public enum Narration {
    /// A paragraph of narration, ending in a newline; profile-free text, so escaped only
    /// for safety.
    public static func paragraph(_ text: String, style: ViewStyle) -> String {
        let safe = TerminalSafe.escape(text, keepingLayout: true)
        let indent = style.sizeCategory.isAccessibilityCategory ? "" : "  "
        let width = max(1, min(style.width, measure) - indent.count)
        return wrapped(safe, width: width, style: style).map { indent + $0 }
            .joined(separator: "\n") + "\n"
    }

    /// A labelled paragraph such as `Task: type 'edit on'`: the label bold in colour, the
    /// text wrapped beside it with a hanging indent (under the label when it is too narrow).
    public static func labelled(_ label: String, _ text: String, style: ViewStyle) -> String {
        let safe = TerminalSafe.escape(text, keepingLayout: true)
        let width = max(1, min(style.width, measure))
        let labelWidth = TextLayout.columns(label) + 1
        let hanging = labelWidth * 3 <= width
        let measure = hanging ? width - labelWidth : width
        let lines = wrapped(safe, width: measure, style: style)
        let bold = TerminalColor.bold(label, style.color)
        if !hanging {
            return ([bold] + lines).joined(separator: "\n") + "\n"
        }
        let pad = String(repeating: " ", count: labelWidth)
        return lines.enumerated().map { index, line in (index == 0 ? bold + " " : pad) + line }
            .joined(separator: "\n") + "\n"
    }

    /// The text wrapped to `width`; from accessibilityMedium up each sentence starts a line.
    private static func wrapped(_ text: String, width: Int, style: ViewStyle) -> [String] {
        style.sizeCategory.isAccessibilityCategory
            ? sentences(of: text).flatMap { TextWrap.lines($0, width: width) }
            : TextWrap.lines(text, width: width)
    }

    /// The widest a paragraph of narration runs, at every size.
    static let measure = 74

    /// A title with a rule under it, as wide as the title.
    public static func title(_ text: String, style: ViewStyle) -> String {
        let lines = TextWrap.lines(
            TerminalSafe.escape(text, keepingLayout: true), width: max(1, style.width))
        let rule = String(
            repeating: "─", count: min(style.width, lines.map(TextLayout.columns).max() ?? 0))
        return lines.map { TerminalColor.bold($0, style.color) }.joined(separator: "\n") + "\n"
            + rule + "\n"
    }

    /// The text split after each `. `, `! ` or `? `.
    static func sentences(of text: String) -> [String] {
        var result: [String] = []
        var current = ""
        var previous: Character = " "
        for character in text {
            if character == " ", previous == "." || previous == "!" || previous == "?" {
                result.append(current)
                current = ""
            } else {
                current.append(character)
            }
            previous = character
        }
        if !current.isEmpty { result.append(current) }
        return result
    }
}
