import Testing

@testable import LprofModel

/// The seasons, their exact emoji, and the words and emoji `set season` takes.
@Suite struct SeasonTests {
    @Test func emojiAreExactScalars() {
        #expect(Season.spring.emoji.unicodeScalars.map(\.value) == [0x1F337])
        #expect(Season.summer.emoji.unicodeScalars.map(\.value) == [0x1F31E])
        #expect(Season.autumn.emoji.unicodeScalars.map(\.value) == [0x1F342])
        #expect(Season.winter.emoji.unicodeScalars.map(\.value) == [0x2603, 0xFE0F])
    }

    @Test func namesAndOrder() {
        #expect(Season.allCases.map(\.rawValue) == ["spring", "summer", "autumn", "winter"])
        #expect(Season.valueNames == ["spring", "summer", "autumn", "fall", "winter"])
        // The names table is derived from the cases: each season's own name is in it.
        for season in Season.allCases { #expect(Season.valueNames.contains(season.rawValue)) }
        #expect(Season(parsing: "FALL") == .autumn)
        // The spelt-out matcher takes exactly the listed names, each for its season.
        for season in Season.allCases {
            #expect(Season(parsing: season.rawValue.uppercased()) == season)
            if let other = season.otherName { #expect(Season(parsing: other) == season) }
        }
        for name in Season.valueNames {
            #expect(Season(parsing: name) != nil, "\(name)")
            #expect(
                Season(parsing: name + "s") == nil
                    && Season(parsing: String(name.dropLast())) == nil)
        }
    }

    @Test(arguments: Season.allCases)
    func parsesItsOwnNameAndEmoji(season: Season) {
        #expect(Season(parsing: season.rawValue) == season)
        #expect(Season(parsing: season.rawValue.uppercased()) == season)
        #expect(Season(parsing: season.emoji) == season)
    }

    @Test func asciiCaseFolding() {
        #expect(asciiEqualsIgnoringCase("FaLL".utf8, "fall"))
        #expect(!asciiEqualsIgnoringCase("fal".utf8, "fall"))
        #expect(!asciiEqualsIgnoringCase("falll".utf8, "fall"))
        // Only ASCII letters fold: '@' is not '`', 'İ' is not 'i'.
        #expect(!asciiEqualsIgnoringCase("@".utf8, "`"))
        #expect(!asciiEqualsIgnoringCase("İ".utf8, "i"))
        #expect(asciiEqualsIgnoringCase("".utf8, ""))
    }
}
