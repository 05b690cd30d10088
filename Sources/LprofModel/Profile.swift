/// The user profile the tutorial edits; property names match the tutorial's `Profile`.
public struct Profile: Equatable, Sendable {
    public var username: String
    public var prefersNotifications: Bool
    public var seasonalPhoto: Season
    public var goalDate: CalendarDay

    public init(
        username: String, prefersNotifications: Bool, seasonalPhoto: Season,
        goalDate: CalendarDay
    ) {
        self.username = username
        self.prefersNotifications = prefersNotifications
        self.seasonalPhoto = seasonalPhoto
        self.goalDate = goalDate
    }

    /// The tutorial's `Profile.default`: g_kumar, notifications on, winter, goal today.
    public static func `default`(today: CalendarDay) -> Profile {
        Profile(
            username: "g_kumar", prefersNotifications: true, seasonalPhoto: .winter,
            goalDate: today)
    }

    public subscript(field: ProfileField) -> FieldValue {
        switch field {
        case .username: return .username(username)
        case .notifications: return .notifications(prefersNotifications)
        case .season: return .season(seasonalPhoto)
        case .goal: return .goal(goalDate)
        }
    }

    public mutating func set(_ value: FieldValue) {
        switch value {
        case .username(let v): username = v
        case .notifications(let v): prefersNotifications = v
        case .season(let v): seasonalPhoto = v
        case .goal(let v): goalDate = v
        }
    }

    /// The fields whose values differ between two profiles, in field order.
    public func differences(from other: Profile) -> [ProfileField] {
        ProfileField.allCases.filter { self[$0] != other[$0] }
    }

    /// The editor DatePicker's year either side of the goal, as the tutorial computes it.
    public var goalRange: ClosedRange<CalendarDay> {
        // Within the written years (lprof's rule, not the DatePicker's).
        let first = CalendarDay.firstWritten
        let last = CalendarDay.lastWritten
        let lower = goalDate.adding(years: -1).map { Swift.max($0, first) } ?? first
        let upper = goalDate.adding(years: 1).map { Swift.min($0, last) } ?? last
        return Swift.min(lower, goalDate)...Swift.max(upper, goalDate)
    }
}

/// The four fields of a profile, by their lprof names.
public enum ProfileField: String, CaseIterable, Sendable {
    case username, notifications, season, goal

    /// The tutorial's property name, used in the store's JSON.
    public var tutorialName: String {
        switch self {
        case .username: return "username"
        case .notifications: return "prefersNotifications"
        case .season: return "seasonalPhoto"
        case .goal: return "goalDate"
        }
    }
}

/// One field's value.
public enum FieldValue: Hashable, Sendable {
    case username(String)
    case notifications(Bool)
    case season(Season)
    case goal(CalendarDay)

    public var field: ProfileField {
        switch self {
        case .username: return .username
        case .notifications: return .notifications
        case .season: return .season
        case .goal: return .goal
        }
    }

    /// The value as `get` prints it: username raw, `on`/`off`, the season's name, ISO date.
    public var plainText: String {
        switch self {
        case .username(let v): return v
        case .notifications(let v): return v ? "on" : "off"
        case .season(let v): return v.rawValue
        case .goal(let v): return v.iso
        }
    }
}
