import Testing

@testable import LprofModel

/// What `set` and `expect` accept for each field (SPEC §3 Values).
@Suite struct ValueParserTests {
    static let today = day("2026-11-30")
    static let draft = Profile.default(today: today)

    static func draft(goal: String, notifications: Bool = true) -> Profile {
        var p = draft
        p.goalDate = day(goal)
        p.prefersNotifications = notifications
        return p
    }

    static func set(_ field: ProfileField, _ text: String, draft: Profile = draft)
        -> Result<FieldValue, ValueError>
    {
        Result { () throws(ValueError) in
            try ValueParser.valueForSet(field, text, draft: draft, today: today)
        }
    }

    static func expectValue(_ field: ProfileField, _ text: String)
        -> Result<FieldValue, ValueError>
    {
        Result { () throws(ValueError) in
            try ValueParser.valueForExpect(field, text, today: today)
        }
    }

    // MARK: username

    @Test func usernameIsTakenExactly() throws {
        #expect(try Self.set(.username, "Ünïcødé 名前 🦊").get() == .username("Ünïcødé 名前 🦊"))
        #expect(try Self.set(.username, "G_KUMAR").get() == .username("G_KUMAR"))
    }

    @Test(arguments: ["", " x", "x ", "a\u{7}b", "a\u{202E}b", String(repeating: "a", count: 65)])
    func badUsernameIsInvalid(text: String) {
        guard case .failure(.invalid(let message)) = Self.set(.username, text) else {
            Issue.record("'\(text)' accepted")
            return
        }
        #expect(message == Username.problem(with: text))
    }

    // MARK: notifications

    @Test(arguments: [
        ("on", true), ("true", true), ("yes", true), ("ON", true), ("True", true), ("YeS", true),
        ("off", false), ("false", false), ("no", false), ("OFF", false), ("False", false),
        ("NO", false),
    ])
    func notificationWords(text: String, value: Bool) throws {
        for current in [true, false] {
            let d = Self.draft(goal: "2026-11-30", notifications: current)
            #expect(try Self.set(.notifications, text, draft: d).get() == .notifications(value))
        }
        #expect(try Self.expectValue(.notifications, text).get() == .notifications(value))
    }

    @Test(arguments: ["toggle", "TOGGLE", "Toggle"])
    func toggleFlipsTheDraft(text: String) throws {
        for current in [true, false] {
            let d = Self.draft(goal: "2026-11-30", notifications: current)
            #expect(try Self.set(.notifications, text, draft: d).get() == .notifications(!current))
        }
    }

    @Test(arguments: ["maybe", "", "o", "onn", "1", "0", "enabled", " on", "on ", "ｏｎ"])
    func unknownNotificationWord(text: String) {
        #expect(
            Self.set(.notifications, text)
                == .failure(
                    .unknown(
                        field: .notifications, text: text,
                        expected: ["on", "off", "true", "false", "yes", "no", "toggle"])))
    }

    @Test(arguments: ["toggle", "TOGGLE"])
    func expectTakesNoToggle(text: String) {
        guard case .failure(.invalid(let message)) = Self.expectValue(.notifications, text) else {
            Issue.record("expect accepted \(text)")
            return
        }
        #expect(message.contains("'toggle'"))
    }

    @Test func expectSuggestsOnlyValues() {
        // An unknown word must not be steered towards `toggle`, which expect refuses.
        #expect(
            Self.expectValue(.notifications, "togle")
                == .failure(
                    .unknown(
                        field: .notifications, text: "togle",
                        expected: ["on", "off", "true", "false", "yes", "no"])))
    }

    // MARK: season

    @Test(arguments: [
        ("spring", Season.spring), ("summer", .summer), ("autumn", .autumn), ("fall", .autumn),
        ("winter", .winter), ("Autumn", .autumn), ("FALL", .autumn), ("Fall", .autumn),
        ("WINTER", .winter), ("sPrInG", .spring), ("SUMMER", .summer),
        ("\u{1F337}", .spring), ("\u{1F31E}", .summer), ("\u{1F342}", .autumn),
        ("\u{2603}", .winter), ("\u{2603}\u{FE0F}", .winter),
    ])
    func seasons(text: String, season: Season) throws {
        #expect(try Self.set(.season, text).get() == .season(season))
        #expect(try Self.expectValue(.season, text).get() == .season(season))
        #expect(Season(parsing: text) == season)
    }

    @Test(arguments: [
        "monsoon", "", "autum", "winter ", " winter", "🍁", "\u{1F342}\u{FE0F}x", "☃☃",
        "spring,", "ｗｉｎｔｅｒ", "autumn\u{0}",
    ])
    func unknownSeason(text: String) {
        #expect(
            Self.set(.season, text)
                == .failure(
                    .unknown(
                        field: .season, text: text,
                        expected: ["spring", "summer", "autumn", "fall", "winter"])))
    }

    // MARK: goal

    @Test(arguments: [
        ("2026-11-30", "+6m", "2027-05-30"),
        ("2026-11-30", "-1y", "2025-11-30"),
        ("2026-11-30", "+1y", "2027-11-30"),
        ("2026-11-30", "+2w", "2026-12-14"),
        ("2026-11-30", "+10d", "2026-12-10"),
        ("2026-11-30", "+1y-1m", "2027-10-30"),
        ("2026-11-30", "+1y-1d", "2027-11-29"),
        ("2026-11-30", "-1y+1d", "2025-12-01"),
        ("2026-11-30", "+52w", "2027-11-29"),
        ("2026-11-30", "+365d", "2027-11-30"),
        ("2026-11-30", "today", "2026-11-30"),
        ("2026-11-30", "TODAY+3M", "2027-02-28"),
        ("2026-11-30", "2027-06-01", "2027-06-01"),
        ("2026-11-30", "2025-11-30", "2025-11-30"),
        ("2026-11-30", "2027-11-30", "2027-11-30"),
        ("2027-01-31", "+1m", "2027-02-28"),
        ("2028-02-29", "+1y", "2029-02-28"),
        ("2028-02-29", "-1y", "2027-02-28"),
        ("2027-06-01", "-10d-1w+2m", "2027-07-15"),
        // An offset moves from the draft's goal, not from today.
        ("2027-06-15", "+3m", "2027-09-15"),
        ("2027-06-15", "today+3m", "2027-02-28"),
        ("2027-06-15", "today", "2026-11-30"),
    ])
    func goalInRange(goal: String, text: String, expected: String) throws {
        #expect(
            try Self.set(.goal, text, draft: Self.draft(goal: goal)).get() == .goal(day(expected)))
    }

    static func outOfRange(_ text: String, goal: String) -> (
        CalendarDay?, ClosedRange<CalendarDay>, String
    )? {
        guard case .failure(let error) = Self.set(.goal, text, draft: Self.draft(goal: goal)),
            case .outOfRange(let d, let range) = error
        else { return nil }
        return (d, range, error.message)
    }

    @Test(arguments: [
        ("2026-11-30", "+1y1d", "2027-12-01", "2025-11-30", "2027-11-30"),
        ("2026-11-30", "-1y1d", "2025-11-29", "2025-11-30", "2027-11-30"),
        ("2026-11-30", "+366d", "2027-12-01", "2025-11-30", "2027-11-30"),
        ("2026-11-30", "2027-12-01", "2027-12-01", "2025-11-30", "2027-11-30"),
        ("2026-11-30", "9999-12-31", "9999-12-31", "2025-11-30", "2027-11-30"),
        ("2026-11-30", "today+1y1d", "2027-12-01", "2025-11-30", "2027-11-30"),
        ("2028-02-29", "+1y1d", "2029-03-01", "2027-02-28", "2029-02-28"),
        // The goal is more than a year away, so the picker refuses today.
        ("2028-06-01", "today", "2026-11-30", "2027-06-01", "2029-06-01"),
        ("2025-11-29", "today", "2026-11-30", "2024-11-29", "2026-11-29"),
    ])
    func goalOutOfRangePrintsTheRange(
        goal: String, text: String, result: String, lower: String, upper: String
    ) throws {
        let failure = try #require(Self.outOfRange(text, goal: goal))
        #expect(failure.0 == day(result))
        #expect(failure.1 == day(lower)...day(upper))
        #expect(failure.2.contains(lower) && failure.2.contains(upper), "\(failure.2)")
        #expect(failure.2.contains(result), "\(failure.2)")
    }

    @Test func goalBeyondTheCalendarIsOutOfRangeWithoutADay() throws {
        let failure = try #require(Self.outOfRange("+1000000y", goal: "2026-11-30"))
        #expect(failure.0 == nil)
        #expect(failure.1 == day("2025-11-30")...day("2027-11-30"))
        #expect(failure.2.contains("2025-11-30") && failure.2.contains("2027-11-30"))
    }

    @Test func theRangeSlidesWithTheDraft() throws {
        var d = Self.draft
        // Two steps of a year each are fine; one step of two years is not.
        #expect(throws: ValueError.self) {
            try ValueParser.valueForSet(.goal, "+2y", draft: d, today: Self.today)
        }
        for expected in ["2027-11-30", "2028-11-30"] {
            let v = try ValueParser.valueForSet(.goal, "+1y", draft: d, today: Self.today)
            #expect(v == .goal(day(expected)))
            d.set(v)
        }
        // Now today is two years back: outside the range.
        #expect(throws: ValueError.self) {
            try ValueParser.valueForSet(.goal, "today", draft: d, today: Self.today)
        }
        #expect(d.goalRange == day("2027-11-30")...day("2029-11-30"))
    }

    @Test(arguments: [
        "+9223372036854775807d", "6m", "+1y+1y", "+6", "soon", "2027-02-30", "0999-12-31", "",
    ])
    func badGoalIsInvalidNotOutOfRange(text: String) {
        guard case .failure(.invalid(let message)) = Self.set(.goal, text) else {
            Issue.record("'\(text)' not refused as invalid")
            return
        }
        #expect(!message.isEmpty)
    }

    // MARK: expect

    @Test func expectGoalTakesTodayAndDatesWithoutRange() throws {
        #expect(try Self.expectValue(.goal, "today").get() == .goal(Self.today))
        #expect(try Self.expectValue(.goal, "TODAY").get() == .goal(Self.today))
        #expect(try Self.expectValue(.goal, "2027-01-01").get() == .goal(day("2027-01-01")))
        #expect(try Self.expectValue(.goal, "9999-12-31").get() == .goal(day("9999-12-31")))
        #expect(try Self.expectValue(.goal, "1000-01-01").get() == .goal(day("1000-01-01")))
    }

    @Test(arguments: [
        "+1d", "-1y", "today+3m", "+0d", "today+0d", "TODAY-0y", "+1y2m", "0999-01-01",
        "2027-02-30", "soon",
    ])
    func expectGoalRefusesOffsetsAndBadDates(text: String) {
        guard case .failure(.invalid) = Self.expectValue(.goal, text) else {
            Issue.record("expect accepted '\(text)'")
            return
        }
    }

    @Test func expectUsernameIsTakenExactly() throws {
        #expect(try Self.expectValue(.username, "g_kumar").get() == .username("g_kumar"))
        #expect(try Self.expectValue(.username, "G_Kumar").get() == .username("G_Kumar"))
    }

    /// An expected username is written as `set` takes it: one `set` refuses is refused.
    @Test(arguments: ["", "  x", "x ", "a\u{7}b"])
    func expectUsernameRefusesWhatSetRefuses(text: String) {
        guard case .failure(.invalid) = Self.set(.username, text) else {
            Issue.record("set accepted '\(text)'")
            return
        }
        guard case .failure(.invalid) = Self.expectValue(.username, text) else {
            Issue.record("expect accepted '\(text)'")
            return
        }
    }

    @Test func expectSeasonRefusesUnknown() {
        guard
            case .failure(.unknown(field: .season, text: _, expected: _)) = Self.expectValue(
                .season, "monsoon")
        else {
            Issue.record("accepted")
            return
        }
    }

    // MARK: messages

    @Test func messages() {
        #expect(
            ValueError.unknown(field: .season, text: "monsoon", expected: []).message
                == "unknown season value 'monsoon'")
        #expect(ValueError.invalid("x").message == "x")
        let range = day("2025-11-30")...day("2027-11-30")
        #expect(
            ValueError.outOfRange(day("2027-12-01"), range).message
                == "goal 2027-12-01 is outside the allowed range 2025-11-30 … 2027-11-30")
        #expect(
            ValueError.outOfRange(nil, range).message
                == "that goal lies outside the years 1000–9999, and outside the allowed range"
                + " 2025-11-30 … 2027-11-30")
    }

    /// The words offered for each field come from the tables the parser reads, and each is
    /// one the parser takes: for `set`, and (without toggle and offsets) for `expect`.
    @Test func offeredWordsAreTheOnesTheParserTakes() throws {
        #expect(ValueParser.words(for: .username).isEmpty)
        #expect(
            ValueParser.words(for: .notifications)
                == ["on", "off", "true", "false", "yes", "no", "toggle"])
        #expect(
            ValueParser.words(for: .notifications, forExpect: true)
                == ["on", "off", "true", "false", "yes", "no"])
        #expect(ValueParser.words(for: .season) == Season.valueNames)
        #expect(ValueParser.words(for: .season, forExpect: true) == Season.valueNames)
        #expect(ValueParser.words(for: .goal) == GoalExpression.examples)
        #expect(ValueParser.words(for: .goal, forExpect: true) == ["today"])
        for field in ProfileField.allCases {
            for word in ValueParser.words(for: field) {
                #expect(throws: Never.self, "\(field) \(word)") {
                    _ = try ValueParser.valueForSet(
                        field, word, draft: Self.draft, today: Self.today)
                }
            }
            for word in ValueParser.words(for: field, forExpect: true) {
                #expect(throws: Never.self, "\(field) \(word)") {
                    _ = try ValueParser.valueForExpect(field, word, today: Self.today)
                }
            }
        }
    }
}

extension ValueParser {
    /// The value `set FIELD TEXT` writes, given the draft it writes to and today's date:
    /// `setValue` then `resolve`, as the interpreter takes them.
    static func valueForSet(
        _ field: ProfileField, _ text: String, draft: Profile, today: CalendarDay
    ) throws(ValueError) -> FieldValue {
        let value = try withBytes(of: text) { bytes throws(ValueError) in
            try setValue(field, bytes)
        }
        return try resolve(value, draft: draft, today: today)
    }
}
