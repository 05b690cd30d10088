import LprofLanguage
import LprofModel

extension Vocabulary {
    /// The words offered after `env KEY`: the values of the model's and the views' enums.
    public static func values(of key: EnvKey) -> [String] {
        switch key {
        case .editMode: return []
        case .sizeCategory: return SizeCategory.allNames
        case .locale: return LocaleSetting.examples
        case .now: return [GoalExpression.todayWord.description]
        case .edition: return editions
        case .wiring: return wiringPieces
        }
    }
}
