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

/// What `expect FIELD VALUE` compares with (`ValueParser.expectedValue`): a value, or the
/// day that is today when it runs.
public enum ExpectedValue: Hashable, Sendable {
    case value(FieldValue)
    case today

    /// The value compared with on `today`.
    public func on(_ today: CalendarDay) -> FieldValue {
        switch self {
        case .value(let value): return value
        case .today: return .goal(today)
        }
    }
}

/// Calls `body` with `text`'s UTF-8 bytes: how a String reaches the parsers, which read
/// bytes (a native string's own storage, not copied).
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
    /// The words for a notifications value, in any case, with the value each names, in the
    /// order help, completion and suggestions list them: the one table of them.
    static let notificationValues: [(word: StaticString, value: Bool)] = [
        ("on", true), ("off", false), ("true", true), ("false", false), ("yes", true),
        ("no", false),
    ]

    /// The word that flips a notifications value in `set`.
    static let toggleWord: StaticString = "toggle"

    /// The notification words `set` takes (toggle included).
    public static let notificationWords =
        notificationValues.map { $0.word.description } + [toggleWord.description]

    /// The words completion and help offer for a field's value, as `set` takes them, or
    /// (`forExpect`) those of them that `expect` takes: no `toggle`, no offsets. A username
    /// has none; a goal has an example of each form.
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

    /// What `set FIELD VALUE` names, from the value's UTF-8 bytes as written, read without
    /// the draft or the date: a value, a flip of the notifications, or a goal expression (a
    /// day, `today`, an offset). Everything about the text alone is checked here (SPEC §3:
    /// before a script runs, and as `set` runs); a String is made only for a username.
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

    /// The value a `set` writes to `draft` on `today`: `toggle` flips, an offset moves from
    /// the draft's goal, and a goal must lie in the draft's DatePicker range.
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
            // The range slides with the goal, but stays within the years a date may be
            // written in (and the store accepts): a day past them is told so too.
            guard CalendarDay.writtenYears.contains(day.year), range.contains(day) else {
                throw .outOfRange(day, range)
            }
            return .goal(day)
        }
    }

    /// What `expect FIELD VALUE` compares with, from the value's UTF-8 bytes: as `set`
    /// takes it (a username `set` refuses, such as "", is refused here too, before anything
    /// runs), without `toggle` or offsets, and without the range check. A goal of bare
    /// `today` is the day the comparison is made on, so it stays a word until then.
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

    /// The notification words `expect` takes: `set`'s without `toggle`.
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
