import LprofModel

/// The completed badges with captions, sized by the size category and shrunk to fit the width.
enum BadgeShelf {
    /// Columns a badge is drawn across at each size category, smallest first.
    static func preferredSize(_ category: SizeCategory) -> Int {
        [12, 12, 14, 14, 16, 16, 18, 22, 24, 26, 28, 34][category.rawValue]
    }

    /// The smallest badge still drawn three across; below it the badges stack instead.
    static let smallestAcross = 8
    /// Columns between badges side by side.
    static let gap = 2

    /// How many badges to a row, and how big: one to a row from accessibilityMedium up.
    static func layout(for style: ViewStyle) -> (perRow: Int, size: Int) {
        let preferred = preferredSize(style.sizeCategory)
        if !style.sizeCategory.isAccessibilityCategory {
            let fits = (style.width - 2 * gap) / 3
            let size = min(preferred, fits)
            if size >= smallestAcross { return (3, size) }
        }
        return (1, max(1, min(preferred, style.width)))
    }

    static func lines(style: ViewStyle) -> [String] {
        let (perRow, size) = layout(for: style)
        let wrap = style.sizeCategory.isAccessibilityCategory
        var out: [String] = []
        if perRow == 1 {
            for badge in Badge.allCases {
                let indentWidth = size + 2 <= style.width ? 2 : 0
                let pad = TextLayout.spaces(indentWidth)
                out += badge.lines(size: size, color: style.color).map { trimTrailing(pad + $0) }
                out += TextLayout.fit(badge.name, width: style.width - indentWidth, wrap: wrap)
                    .map { pad + TextLayout.center($0, in: min(size, style.width - indentWidth)) }
                    .map(trimTrailing)
            }
            return out
        }
        let drawn = Badge.allCases.map { $0.lines(size: size, color: style.color) }
        let spacer = TextLayout.spaces(gap)
        for row in 0..<drawn[0].count {
            out.append(trimTrailing(drawn.map { $0[row] }.joined(separator: spacer)))
        }
        out.append(
            trimTrailing(
                Badge.allCases.map { TextLayout.center($0.name, in: size) }.joined(
                    separator: spacer)))
        return out
    }

    private static func trimTrailing(_ line: String) -> String {
        var line = line
        while line.last == " " { line.removeLast() }
        return line
    }
}
