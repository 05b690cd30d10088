/// Why a value given to `set` or `expect` was refused.
public enum ValueError: Error, Equatable, Sendable {
    /// A word that is not one of the field's values; `expected` lists them for suggestions.
    case unknown(field: ProfileField, text: String, expected: [String])
    /// A value of the right kind that breaks a rule; the message says which.
    case invalid(String)
    /// A goal the DatePicker would refuse.
    case outOfRange(CalendarDay?, ClosedRange<CalendarDay>)

    public var message: String {
        switch self {
        case .unknown(let field, let text, _):
            return "unknown \(field.rawValue) value '\(text)'"
        case .invalid(let message):
            return message
        case .outOfRange(let day, let range):
            var what = day.map { "goal \($0.iso) is" } ?? "that goal lies"
            if !(day.map { CalendarDay.writtenYears.contains($0.year) } ?? false) {
                what += " outside the years \(CalendarDay.writtenYearsText), and"
            }
            return
                "\(what) outside the allowed range \(range.lowerBound.iso) … \(range.upperBound.iso)"
        }
    }
}

/// What `expect FIELD VALUE` compares with: a value, or the day that is today when it runs.
public enum ExpectedValue: Hashable, Sendable {
    case value(FieldValue)
    case today

    public func on(_ today: CalendarDay) -> FieldValue {
        switch self {
        case .value(let value): return value
        case .today: return .goal(today)
        }
    }
}

/// Calls `body` with `text`'s UTF-8 bytes, a native string's own storage, for the byte parsers.
@inlinable
public func withBytes<R, E: Error>(
    of text: String, _ body: (UnsafeBufferPointer<UInt8>) throws(E) -> R
) throws(E) -> R {
    var text = text
    let result = text.withUTF8 { bytes in Result { () throws(E) in try body(bytes) } }
    return try result.get()
}

/// What `set FIELD TEXT` names before it meets a draft (`ValueParser.setValue`).
public enum SetValue: Hashable, Sendable {
    case value(FieldValue)
    /// `set notifications toggle`: the opposite of the draft's.
    case toggleNotifications
    /// A day, `today` or an offset, resolved against the draft's goal and today.
    case goal(GoalExpression)
}

/// Turns the text a user gives for a field into a value, with `set`'s and `expect`'s rules.
public enum ValueParser {
    /// The one table of notifications words, in the order help and completion list them.
    static let notificationValues: [(word: StaticString, value: Bool)] = [
        ("on", true), ("off", false), ("true", true), ("false", false), ("yes", true),
        ("no", false),
    ]

    static let toggleWord: StaticString = "toggle"

    public static let notificationWords =
        notificationValues.map { $0.word.description } + [toggleWord.description]

    /// The words completion and help offer for a field's value in `set` or `expect`.
    public static func words(for field: ProfileField, forExpect: Bool = false) -> [String] {
        let words: [String]
        switch field {
        case .username: words = []
        case .notifications: words = notificationWords
        case .season: words = Season.valueNames
        case .goal: words = GoalExpression.examples
        }
        guard forExpect else { return words }
        let someDay = CalendarDay(year: 2000, month: 1, day: 1)!
        return words.filter { (try? valueForExpect(field, $0, today: someDay)) != nil }
    }

    /// What `set FIELD VALUE` names, with all about the text alone checked here so that a
    /// script is checked before it runs (SPEC §3).
    public static func setValue(_ field: ProfileField, _ bytes: UnsafeBufferPointer<UInt8>)
        throws(ValueError) -> SetValue
    {
        switch field {
        case .username:
            if let problem = Username.problem(bytes) { throw .invalid(problem) }
            // Filled in place: a short ASCII name is checked once more, cheaply, no more.
            let name = String(unsafeUninitializedCapacity: bytes.count) { target in
                _ = target.initialize(from: bytes)
                return bytes.count
            }
            return .value(.username(name))
        case .notifications:
            if asciiEqualsIgnoringCase(bytes, toggleWord) { return .toggleNotifications }
            return .value(.notifications(try notifications(bytes)))
        case .season:
            return .value(.season(try season(bytes)))
        case .goal:
            return .goal(try GoalExpression(parsing: bytes))
        }
    }

    /// The value a `set` writes to `draft` on `today`, a goal within the DatePicker's range.
    public static func resolve(_ value: SetValue, draft: Profile, today: CalendarDay)
        throws(ValueError) -> FieldValue
    {
        switch value {
        case .value(let value):
            return value
        case .toggleNotifications:
            return .notifications(!draft.prefersNotifications)
        case .goal(let expression):
            let range = draft.goalRange
            guard let day = expression.evaluate(from: draft.goalDate, today: today) else {
                throw .outOfRange(nil, range)
            }
            // The range stays within the written years: a day past them is told so too.
            guard CalendarDay.writtenYears.contains(day.year), range.contains(day) else {
                throw .outOfRange(day, range)
            }
            return .goal(day)
        }
    }

    /// What `expect FIELD VALUE` compares with: as `set` takes it but without `toggle`,
    /// offsets or the range, bare `today` kept a word until the comparison's day.
    public static func expectedValue(_ field: ProfileField, _ bytes: UnsafeBufferPointer<UInt8>)
        throws(ValueError) -> ExpectedValue
    {
        switch field {
        case .username:
            if let problem = Username.problem(bytes) { throw .invalid(problem) }
            return .value(.username(String(decoding: bytes, as: UTF8.self)))
        case .season:
            return .value(.season(try season(bytes)))
        case .notifications:
            if asciiEqualsIgnoringCase(bytes, toggleWord) {
                throw .invalid("expect compares with a value: write on or off, not 'toggle'")
            }
            return .value(
                .notifications(try notifications(bytes, expected: expectNotificationWords)))
        case .goal:
            switch try GoalExpression(parsing: bytes) {
            case .date(let day): return .value(.goal(day))
            // Bare `today` only: `today+0d` is still an offset.
            case .relative(fromToday: true, let offset)
            where offset.isZero && asciiEqualsIgnoringCase(bytes, GoalExpression.todayWord):
                return .today
            default:
                throw .invalid(
                    "expect takes a goal as 'today' or YYYY-MM-DD, not an offset ('\(String(decoding: bytes, as: UTF8.self))')"
                )
            }
        }
    }

    /// `expectedValue` of a value held as a String, with `today` the day it names.
    public static func valueForExpect(_ field: ProfileField, _ text: String, today: CalendarDay)
        throws(ValueError) -> FieldValue
    {
        try withBytes(of: text) { bytes throws(ValueError) in
            try expectedValue(field, bytes).on(today)
        }
    }

    static let expectNotificationWords = notificationValues.map { $0.word.description }

    static func notifications(
        _ bytes: UnsafeBufferPointer<UInt8>, expected: [String] = notificationWords
    ) throws(ValueError) -> Bool {
        for (word, value) in notificationValues where asciiEqualsIgnoringCase(bytes, word) {
            return value
        }
        throw .unknown(
            field: .notifications, text: String(decoding: bytes, as: UTF8.self),
            expected: expected)
    }

    static func season(_ bytes: UnsafeBufferPointer<UInt8>) throws(ValueError) -> Season {
        guard let season = Season(parsing: bytes) else {
            throw .unknown(
                field: .season, text: String(decoding: bytes, as: UTF8.self),
                expected: Season.valueNames)
        }
        return season
    }
}
