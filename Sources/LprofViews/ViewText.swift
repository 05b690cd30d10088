/// The lines of a view being built: text lines are fitted to the width (cut with `…` in
/// compact sizes, wrapped from accessibilityMedium up) before any escape sequence is added.
struct ViewText {
    let style: ViewStyle
    private(set) var lines: [String] = []

    init(style: ViewStyle) { self.style = style }

    /// Columns every line may take; at least one, so that a zero width still renders.
    var width: Int { max(1, style.width) }

    /// A line of plain text, fitted; bold when colour is in use.
    mutating func text(_ text: String, bold: Bool = false) {
        for line in TextLayout.fit(
            text, width: width, wrap: style.sizeCategory.isAccessibilityCategory)
        {
            lines.append(bold ? TerminalColor.bold(line, style.color) : line)
        }
    }

    /// A label and its value. The label is bold with colour; the value is fitted after it,
    /// or, when it wraps, on the lines below, indented.
    mutating func field(_ label: String, _ value: String) {
        let whole = label + " " + value
        let wrap = style.sizeCategory.isAccessibilityCategory
        let fitted = TextLayout.fit(whole, width: width, wrap: wrap)
        for (index, line) in fitted.enumerated() {
            if index == 0, line.hasPrefix(label) {
                lines.append(
                    TerminalColor.bold(label, style.color) + String(line.dropFirst(label.count)))
            } else {
                lines.append(line)
            }
        }
    }

    /// Lines already laid out for the width.
    mutating func append(contentsOf laidOut: [String]) { lines += laidOut }

    /// SwiftUI's `Divider`: a rule across the width.
    mutating func divider() { lines.append(String(repeating: "─", count: width)) }

    /// The view as text, each line ending in a newline.
    var rendered: String { lines.map { $0 + "\n" }.joined() }
}
