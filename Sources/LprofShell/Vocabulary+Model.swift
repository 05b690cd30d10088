import LprofLanguage
import LprofModel

// Where the language's names meet the model's types. LprofLanguage knows nothing of
// profiles and LprofModel nothing of syntax, so each mapping between the two is written
// once, here, for the interpreter and the lessons.

extension FieldName {
    /// The profile field this name picks.
    public var profileField: ProfileField {
        switch self {
        case .username: return .username
        case .notifications: return .notifications
        case .season: return .season
        case .goal: return .goal
        }
    }
}

extension Switch {
    /// The way `edit` (with this word) asks EditButton to go.
    var editRequest: EditRequest {
        switch self {
        case .on: return .on
        case .off: return .off
        case .toggle: return .toggle
        }
    }
}
