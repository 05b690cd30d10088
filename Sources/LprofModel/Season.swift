/// The profile's seasonal photo (`seasonalPhoto` in the tutorial).
public enum Season: String, CaseIterable, Sendable, Codable {
    case spring, summer, autumn, winter

    /// The tutorial's emoji, exactly: U+1F337, U+1F31E, U+1F342, U+2603 U+FE0F.
    public var emoji: String {
        switch self {
        case .spring: return "\u{1F337}"
        case .summer: return "\u{1F31E}"
        case .autumn: return "\u{1F342}"
        case .winter: return "\u{2603}\u{FE0F}"
        }
    }

    /// The other name a season goes by, if any: `fall`.
    var otherName: String? { self == .autumn ? "fall" : nil }

    /// Every word `set season` accepts, for help, completion and suggestions: each
    /// season's own name, then its other name, in the cases' order.
    static let valueNames = allCases.flatMap {
        [$0.rawValue] + ($0.otherName.map { [$0] } ?? [])
    }

    /// A season from a name (any case, `fall` included) or its emoji (☃ with or without
    /// U+FE0F).
    init?(parsing text: String) {
        if let season = Season(asciiName: text) {
            self = season
            return
        }
        switch text {
        case "\u{1F337}": self = .spring
        case "\u{1F31E}": self = .summer
        case "\u{1F342}": self = .autumn
        case "\u{2603}", "\u{2603}\u{FE0F}": self = .winter
        default: return nil
        }
    }

    private init?(asciiName text: String) {
        var contiguous = text
        guard let season = contiguous.withUTF8({ Season(lowercasedBytes: $0) }) else { return nil }
        self = season
    }

    /// `init(parsing:)` on UTF-8 bytes: a name without making a String (the hot path);
    /// anything else, an emoji included, through the text.
    init?(parsing bytes: UnsafeBufferPointer<UInt8>) {
        if let season = Season(lowercasedBytes: bytes) {
            self = season
        } else if bytes.count > 0, bytes[0] >= 0x80 {
            guard let season = Season(parsing: String(decoding: bytes, as: UTF8.self)) else {
                return nil
            }
            self = season
        } else {
            return nil
        }
    }

    /// The season `bytes` name, in any case: `valueNames` spelt out, as the hot path of
    /// `set season` (a loop over a table of them cost half again); `SeasonTests` holds the
    /// two equal.
    private init?<C: Collection<UInt8>>(lowercasedBytes bytes: C) {
        if asciiEqualsIgnoringCase(bytes, "spring") {
            self = .spring
        } else if asciiEqualsIgnoringCase(bytes, "summer") {
            self = .summer
        } else if asciiEqualsIgnoringCase(bytes, "autumn") || asciiEqualsIgnoringCase(bytes, "fall")
        {
            self = .autumn
        } else if asciiEqualsIgnoringCase(bytes, "winter") {
            self = .winter
        } else {
            return nil
        }
    }
}

/// True when `bytes` spell `word` (lowercase ASCII) in any case; no allocation.
@inlinable
public func asciiEqualsIgnoringCase<C: Collection<UInt8>>(_ bytes: C, _ word: StaticString) -> Bool
{
    guard bytes.count == word.utf8CodeUnitCount else { return false }
    return word.withUTF8Buffer { w in
        var i = 0
        for b in bytes {
            let lower = (b >= 0x41 && b <= 0x5A) ? b | 0x20 : b
            if lower != w[i] { return false }
            i += 1
        }
        return true
    }
}
