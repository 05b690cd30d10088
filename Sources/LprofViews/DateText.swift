import Foundation
import LprofModel

/// Calendar days in a locale's long date style ("November 30, 2026", "2026년 11월 30일").
public enum DateText {
    /// The day in the locale's `.long` date style, in the Gregorian calendar.
    ///
    /// The date is built from the day's components in a UTC Gregorian calendar, so no time
    /// zone or DST can move it. ICU's Gregorian calendar switches to the Julian one before
    /// 1582-10-15, but a calendar day is proleptic Gregorian; earlier days are therefore
    /// formatted as the same day of a year a multiple of 400 years later (the Gregorian cycle,
    /// so the same month lengths), and that year's digits replaced by the real year's.
    public static func long(_ day: CalendarDay, locale: String) -> String {
        cache.withFormatters(locale: locale) { long, year in
            guard day.year < 1583 else { return long.string(from: date(day)) }
            let shift = ((1583 - day.year) + 399) / 400 * 400
            guard let proxy = CalendarDay(year: day.year + shift, month: day.month, day: day.day)
            else { return day.iso }
            let text = long.string(from: date(proxy))
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

    private static let cache = FormatterCache()

    /// DateFormatters per locale: they are costly to make, and not thread-safe, so they are
    /// only used under the lock.
    private final class FormatterCache: @unchecked Sendable {
        private let lock = NSLock()
        private var formatters: [String: (long: DateFormatter, year: DateFormatter)] = [:]

        func withFormatters<T>(
            locale: String, _ body: (DateFormatter, DateFormatter) -> T
        ) -> T {
            lock.lock()
            defer { lock.unlock() }
            if let pair = formatters[locale] { return body(pair.long, pair.year) }
            let long = DateFormatter()
            long.locale = Locale(identifier: locale)
            long.calendar = DateText.calendar
            long.timeZone = DateText.calendar.timeZone
            long.dateStyle = .long
            long.timeStyle = .none
            let year = DateFormatter()
            year.locale = long.locale
            year.calendar = DateText.calendar
            year.timeZone = DateText.calendar.timeZone
            year.dateFormat = "y"
            formatters[locale] = (long, year)
            return body(long, year)
        }
    }
}
