import LprofLanguage

/// Fitting plain text to a width in terminal columns: cut with `…`, or wrapped.
///
/// Everything here works on text without escape sequences; colour is added after fitting.
enum TextLayout {
    /// Columns the text takes on a terminal.
    static func columns(_ text: String) -> Int { TextWidth.columns(of: text) }

    /// The text as lines no wider than `width`: wrapped when `wrap`, else cut.
    static func fit(_ text: String, width: Int, wrap: Bool) -> [String] {
        wrap ? self.wrap(text, width: width) : [cut(text, width: width)]
    }

    /// The text, or as much of it as fits with `…` after it.
    static func cut(_ text: String, width: Int) -> String {
        guard columns(text) > width else { return text }
        guard width >= 1 else { return "" }
        var out = ""
        var used = 0
        for character in text {
            let w = TextWidth.columns(of: character)
            if used + w > width - 1 { break }
            out.append(character)
            used += w
        }
        return out + "…"
    }

    /// The text broken into lines no wider than `width`, at spaces where it can be and inside
    /// a word only when the word alone is too wide. Continuation lines keep the first line's
    /// indentation when there is room for it.
    static func wrap(_ text: String, width: Int) -> [String] {
        guard columns(text) > width else { return [text] }
        guard width >= 1 else { return [""] }
        let indentCount = text.prefix(while: { $0 == " " }).count
        let indent = indentCount * 2 < width ? String(repeating: " ", count: indentCount) : ""
        var lines: [String] = []
        var line = String(text.prefix(indentCount))
        var lineWidth = indentCount
        var lineHasWord = false
        for word in text.dropFirst(indentCount).split(
            separator: " ", omittingEmptySubsequences: false)
        {
            let wordWidth = columns(String(word))
            let gap = lineHasWord ? 1 : 0
            if lineWidth + gap + wordWidth <= width {
                if lineHasWord { line.append(" ") }
                line += word
                lineWidth += gap + wordWidth
                lineHasWord = true
                continue
            }
            if lineHasWord {
                lines.append(line)
                line = indent
                lineWidth = indent.count
            }
            // The word on a fresh line, broken where it must be.
            for character in word {
                let w = TextWidth.columns(of: character)
                if lineWidth + w > width && lineWidth > indent.count {
                    lines.append(line)
                    line = indent
                    lineWidth = indent.count
                }
                if lineWidth + w > width { continue }  // wider than the whole line: dropped
                line.append(character)
                lineWidth += w
            }
            lineHasWord = true
        }
        lines.append(line)
        return lines
    }

    /// The text followed by spaces up to `width` columns.
    static func pad(_ text: String, to width: Int) -> String {
        let w = columns(text)
        return w >= width ? text : text + String(repeating: " ", count: width - w)
    }

    /// The text centred in `width` columns (cut first if it is wider), padded both sides.
    static func center(_ text: String, in width: Int) -> String {
        let fitted = cut(text, width: width)
        let free = width - columns(fitted)
        guard free > 0 else { return fitted }
        let left = free / 2
        return String(repeating: " ", count: left) + fitted
            + String(repeating: " ", count: free - left)
    }

    /// Spaces.
    static func spaces(_ count: Int) -> String { String(repeating: " ", count: max(0, count)) }
}
