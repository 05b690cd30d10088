import Foundation
import Testing

@testable import LprofModel

/// Calendar maths, checked against Foundation's Gregorian calendar over many pseudo-random days.
@Suite struct CalendarDayTests {
    static let samples = 10_000

    // MARK: Against Foundation

    @Test func daysSinceEpochMatchesFoundationAndRoundTrips() {
        var rng = SplitMix64(seed: 1)
        for _ in 0..<Self.samples {
            let d = randomDay(in: 1000...9999, using: &rng)
            let k = Reference.cycles(for: d.year)
            let expected =
                Reference.epochDays(Reference.date(d, cycles: k)) - k * Reference.cycleDays
            #expect(d.daysSinceEpoch == expected, "\(d)")
            #expect(CalendarDay(daysSinceEpoch: d.daysSinceEpoch) == d, "\(d)")
        }
    }

    @Test func epochDaysBackToComponentsMatchFoundation() {
        var rng = SplitMix64(seed: 2)
        let lo = day("1000-01-01").daysSinceEpoch
        let hi = day("9999-12-31").daysSinceEpoch
        for _ in 0..<Self.samples {
            let n = Int.random(in: lo...hi, using: &rng)
            guard let d = CalendarDay(daysSinceEpoch: n) else {
                Issue.record("no day for \(n)")
                continue
            }
            let k = Reference.cycles(for: d.year)
            let date = Date(
                timeIntervalSince1970: Double(n + k * Reference.cycleDays) * 86_400)
            let c = Reference.components(date, cycles: k)
            #expect((d.year, d.month, d.day) == c, "\(n)")
        }
    }

    @Test func everyMonthLengthIsConsistentWithEpochDays() {
        // Independent of Foundation: consecutive month starts, all of years 1…9999.
        var previous = day("0001-01-01").daysSinceEpoch
        #expect(previous == -719_162)
        for y in 1...9999 {
            for m in 1...12 {
                let next =
                    m == 12
                    ? CalendarDay(year: y + 1, month: 1, day: 1)
                    : CalendarDay(year: y, month: m + 1, day: 1)
                let length = CalendarDay.daysInMonth(year: y, month: m)
                if let next {
                    #expect(next.daysSinceEpoch - previous == length)
                    previous = next.daysSinceEpoch
                } else {
                    #expect(y == 9999 && m == 12)
                }
            }
        }
        #expect(day("9999-12-31").daysSinceEpoch == 2_932_896)
    }

    /// Offsets in the ranges a user reaches, and some much larger.
    static func randomOffset(
        _ rng: inout SplitMix64, small: ClosedRange<Int>, large: ClosedRange<Int>
    )
        -> Int
    {
        Int.random(in: 0..<4, using: &rng) == 0
            ? Int.random(in: large, using: &rng) : Int.random(in: small, using: &rng)
    }

    @Test func addingDaysMatchesFoundation() {
        var rng = SplitMix64(seed: 3)
        for _ in 0..<Self.samples {
            let d = randomDay(in: 1000...9999, using: &rng)
            let n = Self.randomOffset(&rng, small: -800...800, large: -146_000...146_000)
            let k = Reference.cycles(for: d.year)
            let r = Reference.calendar.date(
                byAdding: .day, value: n, to: Reference.date(d, cycles: k))!
            let expected = Reference.expectedDay(Reference.components(r, cycles: k))
            #expect(d.adding(days: n) == expected, "\(d) + \(n)d")
        }
    }

    @Test func addingMonthsMatchesFoundation() {
        var rng = SplitMix64(seed: 4)
        for _ in 0..<Self.samples {
            let d = randomDay(in: 1000...9999, using: &rng)
            let n = Self.randomOffset(&rng, small: -30...30, large: -4_700...4_700)
            let k = Reference.cycles(for: d.year)
            let r = Reference.adding(months: n, to: d, cycles: k)
            let expected = Reference.expectedDay(Reference.components(r, cycles: k))
            #expect(d.adding(months: n) == expected, "\(d) + \(n)m")
            if n >= 0 {
                // Foundation's own clamping is right in this direction; check it directly too.
                let direct = Reference.calendar.date(
                    byAdding: .month, value: n, to: Reference.date(d, cycles: k))!
                #expect(direct == r, "\(d) + \(n)m")
            }
        }
    }

    @Test func addingYearsMonthsWeeksDaysMatchesFoundation() {
        var rng = SplitMix64(seed: 5)
        for _ in 0..<Self.samples {
            let d = randomDay(in: 1000...9999, using: &rng)
            let y = Self.randomOffset(&rng, small: -2...2, large: -350...350)
            let m = Self.randomOffset(&rng, small: -13...13, large: -300...300)
            let w = Self.randomOffset(&rng, small: -60...60, large: -2_000...2_000)
            let n = Self.randomOffset(&rng, small: -400...400, large: -10_000...10_000)
            let k = Reference.cycles(for: d.year)
            // Years and months together as one month component, then weeks and days as days.
            let afterMonths = Reference.adding(months: y * 12 + m, to: d, cycles: k)
            let r = Reference.calendar.date(byAdding: .day, value: w * 7 + n, to: afterMonths)!
            let expected = Reference.expectedDay(Reference.components(r, cycles: k))
            #expect(
                d.adding(years: y, months: m, weeks: w, days: n) == expected,
                "\(d) + \(y)y \(m)m \(w)w \(n)d")
        }
    }

    @Test func calendarOrderMatchesEpochOrder() {
        var rng = SplitMix64(seed: 6)
        for _ in 0..<Self.samples {
            let a = randomDay(in: 1000...9999, using: &rng)
            let b =
                Bool.random(using: &rng)
                ? a.adding(days: Int.random(in: -40...40, using: &rng))!
                : randomDay(in: 1000...9999, using: &rng)
            #expect((a < b) == (a.daysSinceEpoch < b.daysSinceEpoch), "\(a) \(b)")
            #expect((a == b) == (a.daysSinceEpoch == b.daysSinceEpoch), "\(a) \(b)")
        }
    }

    // MARK: Clamping and composition, by hand

    @Test(arguments: [
        ("2027-01-31", 0, 1, 0, 0, "2027-02-28"),
        ("2028-01-31", 0, 1, 0, 0, "2028-02-29"),
        ("2028-02-29", 1, 0, 0, 0, "2029-02-28"),
        ("2028-02-29", -1, 0, 0, 0, "2027-02-28"),
        ("2028-02-29", 4, 0, 0, 0, "2032-02-29"),
        ("2027-03-31", 0, -1, 0, 0, "2027-02-28"),
        ("2027-05-31", 0, 1, 0, 0, "2027-06-30"),
        ("2027-12-31", 0, 2, 0, 0, "2028-02-29"),
        ("2027-01-01", 0, -1, 0, 0, "2026-12-01"),
        ("2027-01-31", 1, -11, 0, 0, "2027-02-28"),
        // Months first (clamped), then days: not the same as days first.
        ("2027-01-31", 0, 1, 0, 1, "2027-03-01"),
        ("2027-01-30", 0, 1, 1, 0, "2027-03-07"),
        ("2026-11-30", 0, 0, 2, 10, "2026-12-24"),
        ("2026-11-30", 0, 0, 0, 0, "2026-11-30"),
    ])
    func addingByHand(start: String, y: Int, m: Int, w: Int, d: Int, expected: String) {
        #expect(day(start).adding(years: y, months: m, weeks: w, days: d) == day(expected))
    }

    @Test func intermediateYearOutsideRangeStillComposes() {
        // Foundation adds the months, then the days, with no bound in between; so does the day.
        #expect(day("9999-06-01").adding(years: 1, days: -400) == day("9999-04-28"))
        #expect(day("0001-03-01").adding(years: -1, days: 400) == day("0001-04-05"))
        #expect(day("9999-06-01").adding(years: 1, days: -30) == nil)
    }

    // MARK: Leap years

    @Test(arguments: [
        (1000, false), (1200, true), (1600, true), (1700, false), (1900, false), (2000, true),
        (2024, true), (2026, false), (2028, true), (2100, false), (2400, true), (9996, true),
        (9999, false), (4, true), (1, false),
    ])
    func leapYear(year: Int, leap: Bool) {
        #expect(CalendarDay.isLeapYear(year) == leap)
        #expect(CalendarDay.daysInMonth(year: year, month: 2) == (leap ? 29 : 28))
        #expect((CalendarDay(year: year, month: 2, day: 29) != nil) == leap)
    }

    @Test func monthLengths() {
        let lengths = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        for (i, n) in lengths.enumerated() {
            #expect(CalendarDay.daysInMonth(year: 2027, month: i + 1) == n)
            #expect(CalendarDay(year: 2027, month: i + 1, day: n) != nil)
            #expect(CalendarDay(year: 2027, month: i + 1, day: n + 1) == nil)
        }
    }

    // MARK: ISO text

    @Test(arguments: [
        ("2026-11-30", 2026, 11, 30), ("1000-01-01", 1000, 1, 1), ("9999-12-31", 9999, 12, 31),
        ("0001-01-01", 1, 1, 1), ("2028-02-29", 2028, 2, 29), ("0099-07-04", 99, 7, 4),
    ])
    func parsesISO(text: String, y: Int, m: Int, d: Int) {
        let parsed = CalendarDay(iso: text)
        #expect(parsed == CalendarDay(year: y, month: m, day: d))
        #expect(parsed?.iso == text)
        #expect(CalendarDay(isoBytes: Array(text.utf8)) == parsed)
    }

    @Test(arguments: [
        "2027-02-30", "2027-02-29", "2027-04-31", "2027-13-01", "2027-00-10", "2027-01-00",
        "0000-01-01", "2027-2-3", "2027-02-3", "+2027-01-01", "2027-01-011", "12027-01-01",
        "2027-01-1", "", "2027/01/01", "2027-01_01", "20a7-01-01", "2027-0x-01", "2027-01-0a",
        "２０２７-01-01", " 2027-01-01", "2027-01-01 ", "-027-01-01", "2027--1-01", "2027-+1-01",
        "today", "abcdefghij",
    ])
    func rejectsBadISO(text: String) {
        #expect(CalendarDay(iso: text) == nil)
    }

    @Test func isoPadsWithZeros() {
        #expect(CalendarDay(year: 1, month: 2, day: 3)?.iso == "0001-02-03")
        #expect(CalendarDay(year: 12, month: 10, day: 9)?.iso == "0012-10-09")
        #expect(CalendarDay(year: 999, month: 1, day: 10)?.iso == "0999-01-10")
        #expect(CalendarDay(year: 2026, month: 1, day: 1)?.iso == "2026-01-01")
    }

    @Test func isoRoundTripsForRandomDays() {
        var rng = SplitMix64(seed: 7)
        for _ in 0..<1_000 {
            let d = randomDay(in: 1...9999, using: &rng)
            #expect(CalendarDay(iso: d.iso) == d)
            #expect(d.iso.utf8.count == 10)
        }
    }

    // MARK: Comparable

    @Test func comparesByYearThenMonthThenDay() {
        #expect(day("2026-11-30") < day("2026-12-01"))
        #expect(day("2026-12-31") < day("2027-01-01"))
        #expect(day("2027-01-02") > day("2027-01-01"))
        #expect(day("1999-12-31") < day("2000-01-01"))
        #expect(!(day("2027-01-01") < day("2027-01-01")))
        #expect(day("2027-01-01") <= day("2027-01-01"))
        #expect(
            [day("2027-03-01"), day("2026-12-31"), day("2027-02-28")].sorted()
                == [day("2026-12-31"), day("2027-02-28"), day("2027-03-01")])
        #expect((day("2026-01-01")...day("2026-12-31")).contains(day("2026-06-15")))
    }

    // MARK: Edges of the years

    @Test func constructionRefusesYearsOutsideTheRange() {
        #expect(CalendarDay(year: 0, month: 1, day: 1) == nil)
        #expect(CalendarDay(year: -1, month: 12, day: 31) == nil)
        #expect(CalendarDay(year: 10_000, month: 1, day: 1) == nil)
        #expect(CalendarDay(year: 1, month: 1, day: 1) != nil)
        #expect(CalendarDay(year: 9999, month: 12, day: 31) != nil)
        #expect(CalendarDay(year: Int.max, month: Int.max, day: Int.max) == nil)
        #expect(CalendarDay(year: 2027, month: Int.min, day: 1) == nil)
    }

    @Test func arithmeticStopsAtTheEdges() {
        let first = day("0001-01-01")
        let last = day("9999-12-31")
        #expect(first.adding(days: -1) == nil)
        #expect(first.adding(months: -1) == nil)
        #expect(first.adding(years: -1) == nil)
        #expect(first.adding(weeks: -1) == nil)
        #expect(last.adding(days: 1) == nil)
        #expect(last.adding(months: 1) == nil)
        #expect(last.adding(years: 1) == nil)
        #expect(last.adding(weeks: 1) == nil)
        #expect(last.adding(days: -1) == day("9999-12-30"))
        #expect(first.adding(days: 1) == day("0001-01-02"))
        #expect(day("9999-12-01").adding(months: 0) == day("9999-12-01"))
        #expect(day("0001-12-31").adding(months: -11) == day("0001-01-31"))
        #expect(day("9998-12-31").adding(years: 1) == last)
        #expect(first.adding(days: last.daysSinceEpoch - first.daysSinceEpoch) == last)
        #expect(last.adding(days: first.daysSinceEpoch - last.daysSinceEpoch) == first)
        #expect(CalendarDay(daysSinceEpoch: -719_163) == nil)
        #expect(CalendarDay(daysSinceEpoch: 2_932_897) == nil)
        #expect(CalendarDay(daysSinceEpoch: -719_162) == first)
        #expect(CalendarDay(daysSinceEpoch: 2_932_896) == last)
        #expect(CalendarDay(daysSinceEpoch: 0) == day("1970-01-01"))
    }

    static let huge = [
        Int.max, Int.min, Int.max - 1, Int.min + 1, Int.max / 7, Int.min / 7, Int.max / 12,
        Int.min / 12, 1 << 40, -(1 << 40), 4_000_001, -4_000_001, 1_000_000_001,
    ]

    @Test(arguments: huge)
    func hugeOffsetsReturnNilWithoutTrapping(n: Int) {
        let d = day("2026-11-30")
        #expect(d.adding(days: n) == nil)
        #expect(d.adding(months: n) == nil)
        #expect(d.adding(years: n) == nil)
        #expect(d.adding(weeks: n) == nil)
        #expect(d.adding(years: n, months: n, weeks: n, days: n) == nil)
        #expect(CalendarDay(daysSinceEpoch: n) == nil)
    }

    @Test func monthOffsetsJustPastTheCalendar() {
        #expect(day("0001-01-01").adding(months: 120_001) == nil)
        #expect(day("9999-12-31").adding(months: -120_001) == nil)
        #expect(day("0001-01-01").adding(months: 119_987) == day("9999-12-01"))
        #expect(day("9999-12-31").adding(months: -119_987) == day("0001-01-31"))
    }

    /// The one rule for the years a day may be written in: 1000–9999, four digits.
    @Test func writtenYearsAreFourDigitYears() {
        #expect(CalendarDay.writtenYears == 1000...9999)
        #expect(CalendarDay.writtenYearsText == "1000–9999")
        #expect(CalendarDay(writtenISO: "1000-01-01") == day("1000-01-01"))
        #expect(CalendarDay(writtenISO: "9999-12-31") == day("9999-12-31"))
        #expect(CalendarDay(writtenISO: "0999-12-31") == nil)
        #expect(CalendarDay(iso: "0999-12-31") != nil)
        #expect(CalendarDay(writtenISO: "2026-02-30") == nil)
        #expect(CalendarDay(writtenISO: "today") == nil)
    }
}
