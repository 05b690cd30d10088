import LprofText

/// Fitting plain text to a width in terminal columns, before colour is added.
enum TextLayout {
    static func columns(_ text: String) -> Int { TextWidth.columns(of: text) }

    static func fit(_ text: String, width: Int, wrap: Bool) -> [String] {
        wrap ? TextWrap.lines(text, width: width) : [cut(text, width: width)]
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

    /// The text centred in `width` columns, cut first if it is wider.
    static func center(_ text: String, in width: Int) -> String {
        let fitted = cut(text, width: width)
        let free = width - columns(fitted)
        return spaces(free / 2) + fitted + spaces(free - free / 2)
    }

    static func spaces(_ count: Int) -> String { String(repeating: " ", count: max(0, count)) }
}
