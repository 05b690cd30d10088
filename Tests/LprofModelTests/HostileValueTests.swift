import Testing

@testable import LprofModel

/// Hostile values found while fuzzing (issue 7): each is refused with a value error.
@Suite struct HostileValueTests {
    let today = CalendarDay(year: 1000, month: 1, day: 1)!

    @Test func anOffsetCannotLeaveTheYearsADateMayBeWrittenIn() throws {
        let draft = Profile.default(today: today)
        for text in ["-1d", "-1y", "-1w", "today-1m"] {
            #expect(throws: ValueError.self) {
                try ValueParser.valueForSet(.goal, text, draft: draft, today: today)
            }
        }
        let last = Profile.default(today: CalendarDay(year: 9999, month: 12, day: 31)!)
        #expect(throws: ValueError.self) {
            try ValueParser.valueForSet(.goal, "+1d", draft: last, today: today)
        }
    }

    @Test func hugeOffsetsAreErrorsNotTraps() {
        let draft = Profile.default(today: today)
        for text in [
            "+9223372036854775807d", "-9223372036854775808d", "+99999999999999999999999999y",
            "today+9223372036854775807w", "+1000000y1000000m1000000w1000000d",
        ] {
            #expect(throws: ValueError.self) {
                try ValueParser.valueForSet(.goal, text, draft: draft, today: today)
            }
        }
    }
}

@Suite struct HostileUsernameTests {
    @Test func invisibleEndsAreRefused() {
        for name in [
            "\u{200B}", "\u{200B}kumar", "kumar\u{200B}", "\u{FEFF}g", "g\u{2060}", "\u{200D}",
            "\u{00AD}", "g\u{200D}",
        ] {
            #expect(Username.problem(with: name) != nil, "\(name.unicodeScalars.map(\.value))")
        }
    }

    @Test func zeroWidthInsideAndEmojiSequencesAreFine() {
        for name in ["g\u{200B}k", "👩‍💻", "g_☃️", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", "k\u{200D}k"] {
            #expect(Username.problem(with: name) == nil, "\(name.unicodeScalars.map(\.value))")
        }
    }

    @Test func bidiAndC1AreRefused() {
        for name in [
            "a\u{202E}b", "\u{2066}x\u{2069}", "a\u{9B}b", "a\u{85}b", "a\u{2028}b", "a\u{0}b",
        ] {
            #expect(Username.problem(with: name) != nil)
        }
    }
}
