/// Terminal column counting: how wide text is when a terminal draws it.
public enum TextWidth {
    /// Columns one scalar takes: 0 for zero-width ones, 2 for East Asian wide and emoji.
    public static func columns(of scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if v < 0x300 { return v < 0x20 || (v >= 0x7F && v < 0xA0) ? 0 : 1 }
        let props = scalar.properties
        switch props.generalCategory {
        case .nonspacingMark, .enclosingMark, .format:
            return 0
        default: break
        }
        if (0xFE00...0xFE0F).contains(v) || (0xE0100...0xE01EF).contains(v) { return 0 }
        if (0x1160...0x11FF).contains(v) || v == 0x200B { return 0 }
        if props.isEmojiPresentation { return 2 }
        switch v {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF,
            0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3,
            0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
            0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }

    /// Columns a grapheme cluster takes: a cluster with an emoji-presentation selector
    /// (U+FE0F) after a symbol is drawn two wide, as terminals draw `☃️`.
    public static func columns(of character: Character) -> Int {
        let scalars = character.unicodeScalars
        // Within a cluster only the first scalar advances (ZWJ sequences, marks, Hangul).
        guard let first = scalars.first else { return 0 }
        let width = columns(of: first)
        return width == 1 && scalars.contains { $0.value == 0xFE0F } ? 2 : width
    }

    public static func columns<S: StringProtocol>(of text: S) -> Int {
        text.reduce(0) { $0 + columns(of: $1) }
    }
}
