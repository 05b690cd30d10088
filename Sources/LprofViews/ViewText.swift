import LprofText

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

    /// A label and its value (SPEC §5): the line exists to show the value, so it is never
    /// cut. `value` is given in its forms, widest first (a row of choices can close up, so
    /// long as it keeps the selected one), and as `parts` that stay whole when it must wrap
    /// (a date, each end of a range). From accessibilityMedium up the line wraps. Below it,
    /// the first of these that fits is drawn: the label and a form on one line; the label
    /// cut with `…` before a form (keeping a few of its columns); the label alone (cut if
    /// it must be) and the value on the lines below, indented, wrapped at its parts and
    /// only inside a part that is wider than the width. The label is bold with colour.
    mutating func field(
        _ label: String, _ value: FieldValue, separator: String = " "
    ) {
        if style.sizeCategory.isAccessibilityCategory {
            let whole = label + separator + value.forms[0]
            for (index, line) in TextWrap.lines(whole, width: width).enumerated() {
                append(line, label: index == 0 ? label : nil)
            }
            return
        }
        let separatorWidth = TextLayout.columns(separator)
        let labelWidth = TextLayout.columns(label)
        for form in value.forms
        where labelWidth + separatorWidth + TextLayout.columns(form) <= width {
            append(label + separator + form, label: label)
            return
        }
        // A cut label keeps at least a few of its columns, or it says nothing.
        let kept = min(labelWidth, ViewText.shortestLabel)
        for form in value.forms
        where kept + 1 + separatorWidth + TextLayout.columns(form) <= width {
            let room = width - separatorWidth - TextLayout.columns(form)
            let cut = TextLayout.cut(label, width: room)
            append(cut + separator + form, label: cut)
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

    /// Columns of a cut label kept before its value, `…` included at most.
    static let shortestLabel = 4
    /// How far a value on the lines below its label is indented.
    static let valueIndent = 2

    /// `parts` joined with spaces into lines no wider than `width`: a line breaks only
    /// between parts, and inside a part only when the part alone is wider.
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

    /// A value that must not be cut, as a line of parts that stay whole (`parts`, joined by
    /// spaces) wrapped when it is wider than the width, indented by `indent`.
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

    /// Lines already laid out for the width.
    mutating func append(contentsOf laidOut: [String]) { lines += laidOut }

    /// SwiftUI's `Divider`: a rule across the width.
    mutating func divider() { lines.append(String(repeating: "─", count: width)) }

    /// The view as text, each line ending in a newline.
    var rendered: String { lines.map { $0 + "\n" }.joined() }
}

/// What a labelled line shows: its forms, widest first, and the parts that stay whole when
/// it wraps.
struct FieldValue {
    var forms: [String]
    var parts: [String]
}

extension FieldValue {
    /// One form; it wraps at spaces only when it must (`parts` are its words).
    init(_ text: String) { self.init(forms: [text], parts: [text]) }
}
