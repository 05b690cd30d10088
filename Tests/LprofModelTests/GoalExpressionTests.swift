import Testing

@testable import LprofModel

/// What `set goal` accepts, as parsed (SPEC §3 Values).
@Suite struct GoalExpressionTests {
    typealias Offset = GoalExpression.Offset

    static func offset(y: Int = 0, m: Int = 0, w: Int = 0, d: Int = 0) -> Offset {
        var o = Offset()
        o.years = y
        o.months = m
        o.weeks = w
        o.days = d
        return o
    }

    @Test(arguments: ["today", "TODAY", "Today", "tOdAy"])
    func today(text: String) throws {
        #expect(try GoalExpression(parsing: text) == .relative(fromToday: true, Offset()))
    }

    @Test(arguments: ["2026-11-30", "1000-01-01", "9999-12-31", "2028-02-29"])
    func isoDate(text: String) throws {
        #expect(try GoalExpression(parsing: text) == .date(day(text)))
    }

    @Test(arguments: [
        ("+6m", false, offset(m: 6)),
        ("-1y", false, offset(y: -1)),
        ("+2w", false, offset(w: 2)),
        ("+10d", false, offset(d: 10)),
        ("+1y2m", false, offset(y: 1, m: 2)),
        ("+1y-1m", false, offset(y: 1, m: -1)),
        ("-1y2m", false, offset(y: -1, m: -2)),  // a later unsigned term takes the previous sign
        ("-1y+2m", false, offset(y: -1, m: 2)),
        ("+1y2m3w4d", false, offset(y: 1, m: 2, w: 3, d: 4)),
        ("+4d3w2m1y", false, offset(y: 1, m: 2, w: 3, d: 4)),
        ("-1d+1w-1m+1y", false, offset(y: 1, m: -1, w: 1, d: -1)),
        ("+6M", false, offset(m: 6)),
        ("+1Y2M3W4D", false, offset(y: 1, m: 2, w: 3, d: 4)),
        ("+0d", false, offset()),
        ("+007d", false, offset(d: 7)),
        ("+1000000d", false, offset(d: 1_000_000)),
        ("today+3m", true, offset(m: 3)),
        ("TODAY+3M", true, offset(m: 3)),
        ("Today-2w", true, offset(w: -2)),
        ("today+1y-1d", true, offset(y: 1, d: -1)),
        // Ten characters with '-' fifth: still an offset, not a malformed date.
        ("-10d-1w+2m", false, offset(m: 2, w: -1, d: -10)),
        ("+10d-1w+2m", false, offset(m: 2, w: -1, d: 10)),
        ("-100d+1w1m", false, offset(m: 1, w: 1, d: -100)),
    ])
    func offsets(text: String, fromToday: Bool, expected: Offset) throws {
        #expect(try GoalExpression(parsing: text) == .relative(fromToday: fromToday, expected))
    }

    /// The message a parse error carries, or nil when it parses.
    static func error(_ text: String) -> String? {
        do {
            _ = try GoalExpression(parsing: text)
            return nil
        } catch {
            guard case .invalid(let message) = error else { return "wrong error kind \(error)" }
            return message
        }
    }

    @Test(arguments: [
        "+1y+1y", "+1m2m", "+1d-1d", "today+1w+2w", "+1y2m3y", "+1D1d", "+6m-6M",
    ])
    func unitTwiceIsAnError(text: String) {
        let message = Self.error(text)
        #expect(message?.contains("twice") == true, "\(text): \(message ?? "parsed")")
    }

    @Test(arguments: [
        // Unsigned first term.
        "6m", "1y", "10d", "1y2m", "today3m",
        // Missing unit or count.
        "+6", "+", "-", "today+", "today-", "+m", "+y2m", "+1y2", "+1y+", "today+3",
        // Garbage.
        "", " ", "soon", "tomorrow", "todayy", "+6x", "+6 m", " +6m", "+6m ", "+-6m", "++6m",
        "+6m;", "+1.5y", "+6mo", "+６m", "+6ｍ", "today +3m", "today+today", "+6m\n",
        "2027-2-3", "+2027-01-01", "20270101", "12027-01-01", "2027-01-1", "2027/01/01",
        "abcd-ef-gh", "+1y\u{0}",
    ])
    func shapeErrors(text: String) {
        let message = Self.error(text)
        #expect(message != nil, "\(text) parsed")
    }

    @Test(arguments: ["2027-02-30", "2027-02-29", "2027-13-01", "2027-00-01", "2027-01-32"])
    func impossibleDates(text: String) {
        let message = Self.error(text)
        #expect(message?.contains("not a day in the calendar") == true, "\(message ?? "parsed")")
    }

    @Test(arguments: ["0999-12-31", "0001-01-01", "0000-01-01"])
    func yearsBefore1000(text: String) {
        #expect(Self.error(text) != nil)
    }

    @Test(arguments: [
        "+9223372036854775807d", "-9223372036854775808d", "+99999999999999999999999999y",
        "+1000001d", "today+9223372036854775807m", "+1y+9223372036854775807d",
    ])
    func hugeCountsAreErrorsNotCrashes(text: String) {
        let message = Self.error(text)
        #expect(message?.contains("too large") == true, "\(message ?? "parsed")")
    }

    // MARK: evaluate

    @Test func offsetsMoveFromTheGoalAndTodayFromToday() throws {
        let goal = day("2027-01-31")
        let today = day("2026-11-30")
        func eval(_ text: String) throws -> CalendarDay? {
            try GoalExpression(parsing: text).evaluate(from: goal, today: today)
        }
        #expect(try eval("+1m") == day("2027-02-28"))
        #expect(try eval("-1y") == day("2026-01-31"))
        #expect(try eval("+1m1d") == day("2027-03-01"))
        #expect(try eval("today") == today)
        #expect(try eval("today+3m") == day("2027-02-28"))
        #expect(try eval("TODAY-1w") == day("2026-11-23"))
        #expect(try eval("2030-05-05") == day("2030-05-05"))
        #expect(try eval("+1000000y") == nil)
        #expect(try eval("-1000000d") == nil)
    }
}
