import LprofLanguage
import LprofModel
import LprofViews

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
    public var editRequest: EditRequest {
        switch self {
        case .on: return .on
        case .off: return .off
        case .toggle: return .toggle
        }
    }
}

extension Vocabulary {
    /// The words offered for a field's value after `set FIELD`, or (`forExpect`) after
    /// `expect FIELD`: the model's own (`ValueParser.words(for:forExpect:)`).
    public static func values(of field: FieldName, forExpect: Bool = false) -> [String] {
        ValueParser.words(for: field.profileField, forExpect: forExpect)
    }

    /// The words offered after `env KEY`: the values of the model's and the views' enums.
    public static func values(of key: EnvKey) -> [String] {
        switch key {
        case .editMode: return []
        case .sizeCategory: return SizeCategory.allNames
        case .locale: return LocaleSetting.examples
        case .now: return [GoalExpression.todayWord.description]
        case .edition: return editions
        }
    }

    /// The modes `get mode` prints and `expect mode` takes.
    public static let modes = words(EditMode.self)

    /// The editions `env edition` and `--edition` take.
    public static let editions = words(Edition.self)
}
