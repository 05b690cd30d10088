import Foundation

@testable import LprofModel

/// SplitMix64: a small, fast, deterministic generator so every run checks the same dates.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A day literal for tests; traps on a typo, which is what a test wants.
func day(_ iso: String) -> CalendarDay {
    guard let d = CalendarDay(iso: iso) else { fatalError("bad test date \(iso)") }
    return d
}

extension GoalExpression {
    /// `init(parsing:)` of a goal held as a String.
    init(parsing text: String) throws(ValueError) {
        self = try withBytes(of: text) { bytes throws(ValueError) in
            try GoalExpression(parsing: bytes)
        }
    }
}

extension Season {
    /// `init(parsing:)` of a name held as a String.
    init?(parsing text: String) {
        guard let season = withBytes(of: text, { Season(parsing: $0) }) else { return nil }
        self = season
    }
}

/// Foundation's Gregorian calendar in UTC, the reference the calendar maths is checked against.
///
/// Foundation switches to the Julian calendar before 1582-10-15, while `CalendarDay` is proleptic
/// Gregorian. The Gregorian calendar repeats exactly every 400 years (146 097 days, a whole number
/// of weeks), so a day before 2000 is checked by moving it whole 400-year cycles forward, asking
/// Foundation there, and moving the answer back. Offsets in the tests stay under 400 years, so
/// every question Foundation answers lies well after its Julian cutover.
enum Reference {
    static let calendar: Calendar = {
        var c = Calendar(identifier: .gregorian)
        c.timeZone = TimeZone(identifier: "UTC")!
        return c
    }()

    static let cycleYears = 400
    static let cycleDays = 146_097

    /// The whole 400-year cycles that move `year` to 2000 or later.
    static func cycles(for year: Int) -> Int {
        year >= 2000 ? 0 : (2000 - year + cycleYears - 1) / cycleYears
    }

    /// A proleptic Gregorian (year, month, day), moved `cycles` cycles forward, as a Foundation date.
    static func date(year: Int, month: Int, day: Int, cycles: Int) -> Date {
        calendar.date(
            from: DateComponents(year: year + cycles * cycleYears, month: month, day: day))!
    }

    static func date(_ d: CalendarDay, cycles: Int) -> Date {
        date(year: d.year, month: d.month, day: d.day, cycles: cycles)
    }

    /// `calendar.date(byAdding: .month, value: months, to:)`, clamped to the month's end.
    ///
    /// swift-foundation 6.3's `date(byAdding: .month, …)` takes the length of February from the
    /// wrong year when a negative offset crosses two or more years and has to clamp
    /// (2028-05-31 − 27 months gives 2026-03-01, not 2026-02-28; swiftlang/swift-foundation#1708,
    /// fixed upstream in 2026). So Foundation moves the first of the month, where nothing is
    /// clamped, and its own month length does the clamping.
    static func adding(months: Int, to d: CalendarDay, cycles: Int) -> Date {
        let first = date(year: d.year, month: d.month, day: 1, cycles: cycles)
        let moved = calendar.date(byAdding: .month, value: months, to: first)!
        let length = calendar.range(of: .day, in: .month, for: moved)!.count
        return calendar.date(byAdding: .day, value: min(d.day, length) - 1, to: moved)!
    }

    /// A Foundation date back as proleptic (year, month, day), moved `cycles` cycles back.
    static func components(_ date: Date, cycles: Int) -> (year: Int, month: Int, day: Int) {
        let c = calendar.dateComponents([.year, .month, .day], from: date)
        return (c.year! - cycles * cycleYears, c.month!, c.day!)
    }

    /// What `CalendarDay` should answer for those components: nil outside years 1…9999.
    static func expectedDay(_ c: (year: Int, month: Int, day: Int)) -> CalendarDay? {
        CalendarDay.yearRange.contains(c.year)
            ? CalendarDay(year: c.year, month: c.month, day: c.day) : nil
    }

    /// Whole days since 1970-01-01 of a Foundation date at midnight UTC.
    static func epochDays(_ date: Date) -> Int {
        Int((date.timeIntervalSince1970 / 86_400).rounded(.down))
    }
}

/// A random day with its year in `years`.
func randomDay(in years: ClosedRange<Int>, using rng: inout SplitMix64) -> CalendarDay {
    let y = Int.random(in: years, using: &rng)
    let m = Int.random(in: 1...12, using: &rng)
    // Favour month ends, where clamping happens.
    let last = CalendarDay.daysInMonth(year: y, month: m)
    let d =
        Bool.random(using: &rng)
        ? Int.random(in: max(1, last - 3)...last, using: &rng)
        : Int.random(in: 1...last, using: &rng)
    return CalendarDay(year: y, month: m, day: d)!
}
