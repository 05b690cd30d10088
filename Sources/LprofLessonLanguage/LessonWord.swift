import LprofLanguage

/// The words a lesson's learner types that the coach answers itself, not the interpreter.
public enum LessonWord: String, CaseIterable, Sendable {
    case skip, hint, back, lessons, next

    /// The coach's words, in the table's order.
    public static let all = Vocabulary.words(LessonWord.self)
}
