/// A goal as `set goal` takes it: a date, `today`, or an offset, optionally after `today`.
///
///     goal   -> 'today' offset? | offset | YYYY-MM-DD
///     offset -> signed-term term*      (each unit d w m y at most once)
///     term   -> ('+' | '-')? digits unit
public enum GoalExpression: Hashable, Sendable {
    case date(CalendarDay)
    case relative(fromToday: Bool, Offset)

    public struct Offset: Hashable, Sendable {
        var years = 0, months = 0, weeks = 0, days = 0
        var isZero: Bool { years == 0 && months == 0 && weeks == 0 && days == 0 }
    }

    /// The largest count a term may have; far past any range the DatePicker allows.
    public static let maxTerm = 1_000_000

    /// The word for the clock's today (in any case), in a goal and in `env now`.
    public static let todayWord: StaticString = "today"

    /// A goal of each form, for completion.
    static let examples = [
        "\(todayWord)", "+1d", "+1w", "+1m", "+6m", "+1y", "-1d", "-1m", "\(todayWord)+3m",
    ]

    /// A goal from its UTF-8 bytes; the text is made only for an error message.
    init(parsing bytes: UnsafeBufferPointer<UInt8>) throws(ValueError) {
        var text: String { String(decoding: bytes, as: UTF8.self) }
        // A date starts with a digit: `-10d-1w+2m` is ten bytes with a '-' fifth too.
        if bytes.count == 10, bytes[4] == UInt8(ascii: "-"), (0x30...0x39).contains(bytes[0]) {
            guard let day = CalendarDay(isoBytes: bytes) else {
                throw .invalid("'\(text)' is not a day in the calendar (YYYY-MM-DD)")
            }
            let years = CalendarDay.writtenYears
            guard years.contains(day.year) else {
                throw .invalid(
                    "years go from \(years.lowerBound) to \(years.upperBound) ('\(text)')")
            }
            self = .date(day)
            return
        }
        var i = 0
        var fromToday = false
        let today = Self.todayWord.utf8CodeUnitCount
        if bytes.count >= today, asciiEqualsIgnoringCase(bytes[0..<today], Self.todayWord) {
            fromToday = true
            i = today
            if i == bytes.count {
                self = .relative(fromToday: true, Offset())
                return
            }
        }
        guard i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-")
        else { throw Self.shapeError(text) }
        var offset = Offset()
        var seenUnits: UInt8 = 0
        var negative = false
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") {
                negative = bytes[i] == UInt8(ascii: "-")
                i += 1
            }
            var n = 0
            let start = i
            while i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 {
                n = n * 10 + Int(bytes[i] - 0x30)
                if n > Self.maxTerm {
                    throw .invalid("offset '\(text)' is too large (at most \(Self.maxTerm) a term)")
                }
                i += 1
            }
            guard i > start, i < bytes.count else { throw Self.shapeError(text) }
            let unit = bytes[i] | 0x20
            i += 1
            let value = negative ? -n : n
            let bit: UInt8
            switch unit {
            case UInt8(ascii: "y"): bit = 1; offset.years = value
            case UInt8(ascii: "m"): bit = 2; offset.months = value
            case UInt8(ascii: "w"): bit = 4; offset.weeks = value
            case UInt8(ascii: "d"): bit = 8; offset.days = value
            default: throw Self.shapeError(text)
            }
            guard seenUnits & bit == 0 else {
                throw .invalid(
                    "unit '\(Character(Unicode.Scalar(unit)))' appears twice in '\(text)'")
            }
            seenUnits |= bit
        }
        self = .relative(fromToday: fromToday, offset)
    }

    private static func shapeError(_ text: String) -> ValueError {
        .invalid(
            "invalid goal '\(text)': expected today, YYYY-MM-DD, or an offset such as +6m, -1y, +2w, +10d, +1y-2m, today+3m"
        )
    }

    /// The day this names from `goal` (or `today`); nil when it leaves the calendar's years.
    func evaluate(from goal: CalendarDay, today: CalendarDay) -> CalendarDay? {
        switch self {
        case .date(let day):
            return day
        case .relative(let fromToday, let o):
            return (fromToday ? today : goal).adding(
                years: o.years, months: o.months, weeks: o.weeks, days: o.days)
        }
    }
}
