import Foundation
import LprofModel

/// Calendar days in a locale's long date style, or the beta's fixed pattern ("11월 30, 2026").
enum DateText {
    /// The day in the locale's `.long` style: the release summary's `Text(_:style: .date)`.
    static func long(_ day: CalendarDay, locale: String) -> String {
        formatted(day, \.long, locale: locale)
    }

    /// The goal date as the edition's ProfileSummary formats it, the beta with a fixed pattern.
    static func summary(_ day: CalendarDay, style: ViewStyle) -> String {
        formatted(day, style.edition == .release ? \.long : \.beta, locale: style.locale)
    }

    /// The day in a UTC calendar, so that no time zone moves it; a day before ICU's switch to
    /// the Julian calendar (1582) is formatted 400·n years later, the real year put back.
    private static func formatted(
        _ day: CalendarDay, _ way: KeyPath<Formatters, DayFormatters>, locale: String
    ) -> String {
        cache.with(locale, make: { Formatters(locale: locale) }) { formatters in
            let (main, year) = formatters[keyPath: way]
            guard day.year < 1583 else { return main.string(from: date(day)) }
            let shift = ((1583 - day.year) + 399) / 400 * 400
            guard let proxy = CalendarDay(year: day.year + shift, month: day.month, day: day.day)
            else { return day.iso }
            let text = main.string(from: date(proxy))
            let proxyYear = year.string(from: midYear(proxy.year))
            let realYear = year.string(from: midYear(day.year))
            guard let found = text.range(of: proxyYear) else { return text }
            return text.replacingCharacters(in: found, with: realYear)
        }
    }

    private static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    private static func date(_ day: CalendarDay) -> Date {
        calendar.date(from: DateComponents(year: day.year, month: day.month, day: day.day))
            ?? Date(timeIntervalSince1970: Double(day.daysSinceEpoch) * 86_400)
    }

    /// A date well inside `year` whichever calendar reads it, for formatting the year alone.
    private static func midYear(_ year: Int) -> Date {
        calendar.date(from: DateComponents(year: year, month: 6, day: 15)) ?? Date()
    }

    private static let cache = LockedCache<String, Formatters>()

    /// A way of writing a day, and the year alone as that way writes it.
    private typealias DayFormatters = (day: DateFormatter, year: DateFormatter)

    /// One locale's formatters.
    private struct Formatters {
        let long: DayFormatters
        let beta: DayFormatters

        init(locale: String) {
            long = (Self.make(locale), Self.make(locale, pattern: "y"))
            beta = (Self.make(locale, pattern: "MMMM d, yyyy"), Self.make(locale, pattern: "yyyy"))
        }

        /// A formatter for `pattern`, or for the locale's long date style.
        private static func make(_ locale: String, pattern: String? = nil) -> DateFormatter {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: locale)
            formatter.calendar = DateText.calendar
            formatter.timeZone = DateText.calendar.timeZone
            if let pattern {
                formatter.dateFormat = pattern
            } else {
                formatter.dateStyle = .long
            }
            return formatter
        }
    }
}
