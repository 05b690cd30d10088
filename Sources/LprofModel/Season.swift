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

    /// Every name `set season` accepts (in any case), with its season, in the order help,
    /// completion and suggestions list them: each season's own, then its other name.
    static let names: [(name: [UInt8], season: Season)] = allCases.flatMap { season in
        ([season.rawValue] + (season.otherName.map { [$0] } ?? [])).map {
            (Array($0.utf8), season)
        }
    }

    /// Every word `set season` accepts, for help, completion and suggestions.
    public static let valueNames = names.map { String(decoding: $0.name, as: UTF8.self) }

    /// A season from a name (any case, `fall` included) or its emoji (☃ with or without
    /// U+FE0F).
    public init?(parsing text: String) {
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

    private init?<C: Collection<UInt8>>(lowercasedBytes bytes: C) {
        for (name, season) in Self.names where asciiEqualsIgnoringCase(bytes, name) {
            self = season
            return
        }
        return nil
    }
}

/// True when `bytes` spell `word` (lowercase ASCII) in any case; no allocation.
@inlinable
public func asciiEqualsIgnoringCase<C: Collection<UInt8>>(_ bytes: C, _ word: StaticString) -> Bool
{
    word.withUTF8Buffer { asciiEqualsIgnoringCase(bytes, $0) }
}

/// True when `bytes` spell `word` (lowercase ASCII bytes) in any case; no allocation.
@inlinable
public func asciiEqualsIgnoringCase<C: Collection<UInt8>, W: Collection<UInt8>>(
    _ bytes: C, _ word: W
) -> Bool {
    guard bytes.count == word.count else { return false }
    var w = word.makeIterator()
    for b in bytes {
        let lower = (b >= 0x41 && b <= 0x5A) ? b | 0x20 : b
        if lower != w.next() { return false }
    }
    return true
}
