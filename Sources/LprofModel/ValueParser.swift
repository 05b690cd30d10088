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
            let what = day.map { "goal \($0.iso) is" } ?? "that goal is"
            return
                "\(what) outside the allowed range \(range.lowerBound.iso) … \(range.upperBound.iso)"
        }
    }
}

/// Turns the text a user gives for a field into a value, with `set`'s and `expect`'s rules.
public enum ValueParser {
    /// The notification words `set` takes (toggle included).
    public static let notificationWords = ["on", "off", "true", "false", "yes", "no", "toggle"]

    /// The value `set FIELD TEXT` writes, given the draft it writes to and today's date:
    /// `toggle` flips, an offset moves from the draft's goal, and a goal must lie in the
    /// draft's DatePicker range.
    public static func valueForSet(
        _ field: ProfileField, _ text: String, draft: Profile, today: CalendarDay
    ) throws(ValueError) -> FieldValue {
        switch field {
        case .username:
            if let problem = Username.problem(with: text) { throw .invalid(problem) }
            return .username(text)
        case .notifications:
            if asciiEqualsIgnoringCase(text.utf8, "toggle") {
                return .notifications(!draft.prefersNotifications)
            }
            return .notifications(try notifications(text))
        case .season:
            return .season(try season(text))
        case .goal:
            let expression = try GoalExpression(parsing: text)
            let range = draft.goalRange
            guard let day = expression.evaluate(from: draft.goalDate, today: today) else {
                throw .outOfRange(nil, range)
            }
            guard range.contains(day) else { throw .outOfRange(day, range) }
            // The range slides with the goal; an offset may not carry it out of the years a
            // date may be written in (and the store accepts).
            guard CalendarDay.writtenYears.contains(day.year) else {
                throw .invalid(
                    "goal \(day.iso) is outside the years \(CalendarDay.writtenYearsText)")
            }
            return .goal(day)
        }
    }

    /// The value `expect FIELD TEXT` compares with: as `set` takes it, without `toggle` or
    /// offsets, and without the range check.
    public static func valueForExpect(_ field: ProfileField, _ text: String, today: CalendarDay)
        throws(ValueError) -> FieldValue
    {
        switch field {
        case .username:
            return .username(text)
        case .notifications:
            if asciiEqualsIgnoringCase(text.utf8, "toggle") {
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
            where offset.isZero && asciiEqualsIgnoringCase(text.utf8, "today"):
                return .goal(today)
            default:
                throw .invalid(
                    "expect takes a goal as 'today' or YYYY-MM-DD, not an offset ('\(text)')")
            }
        }
    }

    /// The notification words `expect` takes: `set`'s without `toggle`.
    static let expectNotificationWords = notificationWords.filter { $0 != "toggle" }

    static func notifications(_ text: String, expected: [String] = notificationWords)
        throws(ValueError) -> Bool
    {
        var contiguous = text
        let value: Bool? = contiguous.withUTF8 { u in
            if asciiEqualsIgnoringCase(u, "on") || asciiEqualsIgnoringCase(u, "true")
                || asciiEqualsIgnoringCase(u, "yes")
            {
                return true
            }
            if asciiEqualsIgnoringCase(u, "off") || asciiEqualsIgnoringCase(u, "false")
                || asciiEqualsIgnoringCase(u, "no")
            {
                return false
            }
            return nil
        }
        guard let value else {
            throw .unknown(field: .notifications, text: text, expected: expected)
        }
        return value
    }

    static func season(_ text: String) throws(ValueError) -> Season {
        guard let season = Season(parsing: text) else {
            throw .unknown(field: .season, text: text, expected: Season.valueNames)
        }
        return season
    }
}
