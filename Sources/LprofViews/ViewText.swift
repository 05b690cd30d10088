import LprofText

/// A view's lines, fitted to the width before colour is added, so that it never counts.
struct ViewText {
    let style: ViewStyle
    private(set) var lines: [String] = []

    init(style: ViewStyle) { self.style = style }

    /// At least one column, so that a zero width still renders.
    var width: Int { max(1, style.width) }

    /// A line of plain text, cut with `…`, or wrapped from accessibilityMedium up.
    mutating func text(_ text: String, bold: Bool = false) {
        for line in TextLayout.fit(
            text, width: width, wrap: style.sizeCategory.isAccessibilityCategory)
        {
            lines.append(bold ? TerminalColor.bold(line, style.color) : line)
        }
    }

    /// A label and its value, which is never cut since the line exists to show it (SPEC §5):
    /// the first that fits of a form beside the label, beside the label cut, or below it.
    mutating func field(_ label: String, _ value: FieldValue) {
        if style.sizeCategory.isAccessibilityCategory {
            let whole = label + " " + value.forms[0]
            for (index, line) in TextWrap.lines(whole, width: width).enumerated() {
                append(line, label: index == 0 ? label : nil)
            }
            return
        }
        let labelWidth = TextLayout.columns(label)
        for form in value.forms where labelWidth + 1 + TextLayout.columns(form) <= width {
            append(label + " " + form, label: label)
            return
        }
        // A cut label keeps a few of its columns and its `…`, or it says nothing.
        let kept = min(labelWidth, ViewText.shortestLabel) + 1
        for form in value.forms where kept + 1 + TextLayout.columns(form) <= width {
            let cut = TextLayout.cut(label, width: width - 1 - TextLayout.columns(form))
            append(cut + " " + form, label: cut)
            return
        }
        append(TextLayout.cut(label, width: width), label: TextLayout.cut(label, width: width))
        let indent = width > 2 * ViewText.valueIndent ? ViewText.valueIndent : 0
        if let form = value.forms.first(where: { TextLayout.columns($0) <= width - indent }),
            value.parts.count <= 1
        {
            lines.append(TextLayout.spaces(indent) + form)
            return
        }
        whole(value.parts, indent: ViewText.valueIndent)
    }

    static let shortestLabel = 4
    /// How far a value below its label is indented.
    static let valueIndent = 2

    /// `parts` packed into lines of `width`, a part broken only when it alone is wider.
    static func pack(_ parts: [String], width: Int) -> [String] {
        var out: [String] = []
        var current = ""
        for part in parts {
            let candidate = current.isEmpty ? part : current + " " + part
            if TextLayout.columns(candidate) <= width {
                current = candidate
                continue
            }
            if !current.isEmpty { out.append(current) }
            if TextLayout.columns(part) <= width {
                current = part
            } else {
                let broken = TextWrap.lines(part, width: width)
                out += broken.dropLast()
                current = broken.last ?? ""
            }
        }
        if !current.isEmpty { out.append(current) }
        return out
    }

    /// A line whose first `label` characters are the label, bold with colour.
    private mutating func append(_ line: String, label: String?) {
        guard let label, line.hasPrefix(label) else {
            lines.append(line)
            return
        }
        lines.append(TerminalColor.bold(label, style.color) + String(line.dropFirst(label.count)))
    }

    /// A value that must not be cut, wrapped between its `parts` and indented by `indent`.
    mutating func whole(_ parts: [String], indent: Int = 0) {
        if style.sizeCategory.isAccessibilityCategory {
            lines += TextWrap.lines(
                TextLayout.spaces(indent) + parts.joined(separator: " "), width: width)
            return
        }
        let used = width > 2 * indent ? indent : 0
        for line in Self.pack(parts, width: width - used) {
            lines.append(TextLayout.spaces(used) + line)
        }
    }

    mutating func append(contentsOf laidOut: [String]) { lines += laidOut }

    /// SwiftUI's `Divider`: a rule across the width.
    mutating func divider() { lines.append(String(repeating: "─", count: width)) }

    var rendered: String { lines.map { $0 + "\n" }.joined() }
}

/// A labelled line's value: its forms, widest first, and the parts that stay whole.
struct FieldValue {
    var forms: [String]
    var parts: [String]
}

extension FieldValue {
    /// One form, which is its one part.
    init(_ text: String) { self.init(forms: [text], parts: [text]) }
}
