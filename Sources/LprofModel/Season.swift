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

    var otherName: String? { self == .autumn ? "fall" : nil }

    /// Every word `set season` accepts, in order, for help, completion and suggestions.
    static let valueNames = allCases.flatMap {
        [$0.rawValue] + ($0.otherName.map { [$0] } ?? [])
    }

    /// A season from a name (any case, `fall` included) or its emoji (☃ with or without U+FE0F).
    init?(parsing bytes: UnsafeBufferPointer<UInt8>) {
        if let season = Season(lowercasedBytes: bytes) {
            self = season
            return
        }
        guard bytes.count > 0, bytes[0] >= 0x80,
            let season = Self.allCases.first(where: {
                bytes.elementsEqual($0.emoji.utf8)
                    || ($0 == .winter && bytes.elementsEqual("\u{2603}".utf8))
            })
        else { return nil }
        self = season
    }

    /// `valueNames` spelt out for `set season`'s hot path, where a loop cost half again
    /// (`SeasonTests` holds the two equal).
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
