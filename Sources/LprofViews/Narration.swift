import LprofText

/// A lesson's narration, laid out as Dynamic Type would and never cut: every word must be read.
public enum Narration {
    /// A paragraph of narration, escaped only for safety as it holds no profile text.
    public static func paragraph(_ text: String, style: ViewStyle) -> String {
        let safe = TerminalSafe.escape(text, keepingLayout: true)
        let indent = style.sizeCategory.isAccessibilityCategory ? "" : "  "
        let width = max(1, min(style.width, measure) - indent.count)
        return wrapped(safe, width: width, style: style).map { indent + $0 }
            .joined(separator: "\n") + "\n"
    }

    /// A labelled paragraph such as `Task: type 'edit on'`, with a hanging indent where wide.
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

    /// The widest a paragraph runs at every size, so that no lesson reads wider than another.
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
