/// A day in the proleptic Gregorian calendar, since a goal is a day, not an instant: no time
/// zone nor DST in any of this arithmetic.
public struct CalendarDay: Hashable, Comparable, Sendable {
    public let year: Int
    public let month: Int
    public let day: Int

    /// The years any calendar day may have; arithmetic that leaves them fails.
    static let yearRange = 1...9999

    /// The years a day may be written in (`YYYY-MM-DD` with no leading zero), the one rule a
    /// goal, `--now`, `env now` and the store follow.
    public static let writtenYears = 1000...9999

    static let firstWritten = CalendarDay(unchecked: writtenYears.lowerBound, 1, 1)
    static let lastWritten = CalendarDay(unchecked: writtenYears.upperBound, 12, 31)

    public static let writtenYearsText = "\(writtenYears.lowerBound)–\(writtenYears.upperBound)"

    public init?(year: Int, month: Int, day: Int) {
        guard Self.yearRange.contains(year), (1...12).contains(month),
            day >= 1, day <= Self.daysInMonth(year: year, month: month)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    private init(unchecked year: Int, _ month: Int, _ day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    static func isLeapYear(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 (negative before it), after Howard Hinnant's `days_from_civil`.
    public var daysSinceEpoch: Int {
        Self.epochDays(year: year, month: month, day: day)
    }

    /// Hinnant's `days_from_civil` for any proleptic year, in range or not.
    private static func epochDays(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146097 + doe - 719468
    }

    /// The day a number of days after 1970-01-01, if its year is in range (`civil_from_days`).
    init?(daysSinceEpoch days: Int) {
        // Outside these bounds the year is certainly out of range; also guards overflow.
        guard days >= -719_162, days <= 2_932_896 else { return nil }
        let z = days + 719468
        let era = (z >= 0 ? z : z - 146096) / 146097
        let doe = z - era * 146097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        let y = yoe + era * 400 + (m <= 2 ? 1 : 0)
        guard Self.yearRange.contains(y) else { return nil }
        self.init(unchecked: y, m, d)
    }

    /// This day moved by whole months and clamped, with no check of the year.
    private func movedBy(months: Int) -> (year: Int, month: Int, day: Int) {
        let index = year * 12 + (month - 1) + months
        let y = index >= 0 ? index / 12 : (index - 11) / 12
        let m = index - y * 12 + 1
        return (y, m, Swift.min(day, Self.daysInMonth(year: y, month: m)))
    }

    /// Years and months first, then weeks and days, only the result held to 1…9999 as in
    /// Foundation (`9999-06-01` + 1 year − 400 days is `9999-04-28`).
    public func adding(years: Int = 0, months: Int = 0, weeks: Int = 0, days: Int = 0)
        -> CalendarDay?
    {
        // Bounds far past the calendar that keep every product and sum below overflow.
        guard years.magnitude <= 1_000_000, months.magnitude <= 12_000_000,
            weeks.magnitude <= 100_000_000, days.magnitude <= 1_000_000_000
        else { return nil }
        if years == 0 && months == 0 {
            // Days and weeks that stay within the month (most offsets): no day-count round trip.
            let moved = day + weeks * 7 + days
            if moved >= 1 && moved <= Self.daysInMonth(year: year, month: month) {
                return CalendarDay(unchecked: year, month, moved)
            }
        }
        let (y, m, d) = movedBy(months: years * 12 + months)
        if weeks == 0 && days == 0 {
            // Whole years and months only (the DatePicker's range): no day-count round trip.
            guard Self.yearRange.contains(y) else { return nil }
            return CalendarDay(unchecked: y, m, d)
        }
        return CalendarDay(
            daysSinceEpoch: Self.epochDays(year: y, month: m, day: d) + weeks * 7 + days)
    }

    /// Parses exactly `YYYY-MM-DD` (four-digit year) from UTF-8 bytes.
    init?<Bytes: Collection<UInt8>>(isoBytes bytes: Bytes) {
        guard bytes.count == 10 else { return nil }
        var digits = [Int](repeating: 0, count: 8)
        var k = 0
        for (i, b) in bytes.enumerated() {
            if i == 4 || i == 7 {
                guard b == UInt8(ascii: "-") else { return nil }
            } else {
                guard b >= 0x30, b <= 0x39 else { return nil }
                digits[k] = Int(b - 0x30)
                k += 1
            }
        }
        let y = digits[0] * 1000 + digits[1] * 100 + digits[2] * 10 + digits[3]
        let m = digits[4] * 10 + digits[5]
        let d = digits[6] * 10 + digits[7]
        self.init(year: y, month: m, day: d)
    }

    /// Parses exactly `YYYY-MM-DD`.
    public init?(iso text: String) {
        self.init(isoBytes: text.utf8)
    }

    /// Parses exactly `YYYY-MM-DD`, in the written years only (`--now`, `env now`).
    public init?(writtenISO text: String) {
        guard let day = CalendarDay(iso: text), Self.writtenYears.contains(day.year) else {
            return nil
        }
        self = day
    }

    /// `YYYY-MM-DD`, zero-padded.
    public var iso: String {
        func pad(_ n: Int, _ width: Int) -> String {
            let s = String(n)
            return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }

    public static func < (a: CalendarDay, b: CalendarDay) -> Bool {
        (a.year, a.month, a.day) < (b.year, b.month, b.day)
    }
}
