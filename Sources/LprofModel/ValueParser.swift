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
            let what =
                day.map { "goal \($0.iso) is" }
                ?? "that goal lies outside the years \(CalendarDay.writtenYearsText), and"
            return
                "\(what) outside the allowed range \(range.lowerBound.iso) … \(range.upperBound.iso)"
        }
    }
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

    /// What `set FIELD TEXT` names, read without the draft or the date: a value, a flip of
    /// the notifications, or a goal expression (a day, `today`, an offset). Everything about
    /// the text alone is checked here (SPEC §3: before a script runs, and as `set` runs).
    public static func setValue(_ field: ProfileField, _ text: String) throws(ValueError)
        -> SetValue
    {
        if field == .username {
            if let problem = Username.problem(with: text) { throw .invalid(problem) }
            return .value(.username(text))
        }
        var contiguous = text
        let result = contiguous.withUTF8 { bytes in
            Result { () throws(ValueError) in try setValue(field, bytes: bytes) }
        }
        return try result.get()
    }

    /// `setValue` on the text's UTF-8 bytes, as written: a String is made only for a
    /// username (which holds one).
    public static func setValue(_ field: ProfileField, bytes: UnsafeBufferPointer<UInt8>)
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
            // written in (and the store accepts): a day past them is told so first.
            guard CalendarDay.writtenYears.contains(day.year) else {
                throw .invalid(
                    "goal \(day.iso) is outside the years \(CalendarDay.writtenYearsText)")
            }
            guard range.contains(day) else { throw .outOfRange(day, range) }
            return .goal(day)
        }
    }

    /// The value `expect FIELD TEXT` compares with: as `set` takes it (a username `set`
    /// refuses, such as "", is refused here too, before anything runs), without `toggle` or
    /// offsets, and without the range check.
    public static func valueForExpect(_ field: ProfileField, _ text: String, today: CalendarDay)
        throws(ValueError) -> FieldValue
    {
        switch field {
        case .username:
            if let problem = Username.problem(with: text) { throw .invalid(problem) }
            return .username(text)
        case .notifications:
            if asciiEqualsIgnoringCase(text.utf8, toggleWord) {
                throw .invalid("expect compares with a value: write on or off, not 'toggle'")
            }
            return .notifications(try notifications(text, expected: expectNotificationWords))
        case .season:
            return .season(try season(text))
        case .goal:
            let expression = try GoalExpression(parsing: text)
            switch expression {
            case .date(let day): return .goal(day)
            // Bare `today` only: `today+0d` is still an offset.
            case .relative(fromToday: true, let offset)
            where offset.isZero && asciiEqualsIgnoringCase(text.utf8, GoalExpression.todayWord):
                return .goal(today)
            default:
                throw .invalid(
                    "expect takes a goal as 'today' or YYYY-MM-DD, not an offset ('\(text)')")
            }
        }
    }

    /// The notification words `expect` takes: `set`'s without `toggle`.
    static let expectNotificationWords = notificationValues.map { $0.word.description }

    static func notifications(_ text: String, expected: [String] = notificationWords)
        throws(ValueError) -> Bool
    {
        var contiguous = text
        let result = contiguous.withUTF8 { bytes in
            Result { () throws(ValueError) in try notifications(bytes, expected: expected) }
        }
        return try result.get()
    }

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

    static func season(_ text: String) throws(ValueError) -> Season {
        guard let season = Season(parsing: text) else {
            throw .unknown(field: .season, text: text, expected: Season.valueNames)
        }
        return season
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
