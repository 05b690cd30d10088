import LprofLanguage
import LprofModel
import LprofText

/// A guided lesson (`lprof learn`): the language's commands plus narration, tasks and questions.
public struct Lesson: Equatable, Sendable {
    /// The short name `lprof learn NAME` takes, such as `draft`.
    public var id: String
    public var title: String
    /// What its store holds at the start, so that a lesson can begin as a session read from one.
    public var stored: [StoredValue] = []
    public var steps: [LessonStep] = []

    var tasks: [LessonTask] {
        steps.compactMap { if case .task(let task) = $0 { return task } else { return nil } }
    }

    public var questions: [LessonQuestion] {
        steps.compactMap { if case .question(let q) = $0 { return q } else { return nil } }
    }
}

/// `stored FIELD VALUE`: one field of the profile the lesson's store starts with.
public struct StoredValue: Equatable, Sendable {
    public var field: ProfileField
    public var value: Argument
}

/// One step of a lesson.
public enum LessonStep: Equatable, Sendable {
    /// `say TEXT …`: a paragraph of narration.
    case say(String)
    /// An ordinary command, run when the lesson reaches it; its output is shown.
    case run(Command)
    /// `task TEXT …` with its lines: the lesson waits until the learner meets it.
    case task(LessonTask)
    /// `question TEXT …` with its options: the learner answers with a number.
    case question(LessonQuestion)
    /// `free TEXT …`: narration, after which the learner may type anything until `next`.
    case free(String)

    public var waits: Bool {
        switch self {
        case .task, .question, .free: return true
        case .say, .run: return false
        }
    }
}

/// Something the learner must do, met by what their commands did, not the words (SPEC §9).
public struct LessonTask: Equatable, Sendable {
    public var text: String
    /// All must hold for the task to be met.
    public var conditions: [LessonCondition] = []
    /// `hint [if …] TEXT`: offered on `hint`, and after a few unmet tries, while its guard holds.
    public var hints: [GuardedText] = []
    /// `stuck if … TEXT`: the task cannot be met where the guard holds; the text says how back.
    public var stuck: [GuardedText] = []
    /// `ok [if …] TEXT`: said when the task is met, each whose guard holds, in order.
    public var success: [GuardedText] = []
    /// Entries that meet the task from where it began (`answer "…"`): what `skip` types.
    public var answers: [String] = []
    /// Plausible wrong entries (`wrong "…"`), rehearsed when the task begins: none may meet it.
    public var wrong: [String] = []
    public var span: Span
}

/// A text said only when all of its guards hold (none: always).
public struct GuardedText: Equatable, Sendable {
    public var guards: [LessonCondition]
    public var text: String

    init(_ text: String, if guards: [LessonCondition] = []) {
        self.guards = guards
        self.text = text
    }
}

/// One condition: an atom, or (`not`) its absence.
public struct LessonCondition: Equatable, Sendable {
    public var negated: Bool
    public var atom: LessonAtom

    init(_ atom: LessonAtom, negated: Bool = false) {
        self.atom = atom
        self.negated = negated
    }
}

/// What a condition looks at: the state now, or a deed done since the task was shown.
public enum LessonAtom: Equatable, Sendable {
    /// `expect TARGET VALUE`, or in a guard `mode X`, `sheet X`, `[profile.|draft.]FIELD X`.
    case state(Target, Argument)
    /// `env KEY VALUE`: the environment key has that value.
    case env(EnvKey, Argument)
    /// `trace on|off`.
    case trace(Bool)
    /// `pending yes|no`: editing with a draft that differs from the profile.
    case pending(Bool)
    /// Something the learner's commands did since the task was shown.
    case deed(DeedPattern)
}

/// A deed: something a command did, recorded by the interpreter as it happened.
public enum DeedPattern: Equatable, Sendable {
    /// `event "…" [by CMD|CMD]`, or `traced "…"` when trace must have printed it.
    case event(EventPattern, by: [String], traced: Bool)
    /// `shown VIEW [of SEEN] [with KEY VALUE]…`: `show` drew the view.
    case shown(ShownPattern)
    /// `read TARGET`: `get` printed it.
    case read(ReadPattern)
    /// `failed COMMAND REASON`: the command failed, for that reason.
    case failed(command: String, reason: FailureReason)
    /// `explained TARGET`: `why` explained it.
    case explained(WhyTarget)
}

/// A view drawn by `show`, for `voiceover` the screen it read, in the environment named.
public struct ShownPattern: Equatable, Sendable {
    public var view: String
    public var seen: String?
    public var environment: [EnvValue] = []
}

/// `KEY VALUE`, as in `with sizeCategory large`.
public struct EnvValue: Equatable, Sendable {
    public var key: EnvKey
    public var value: Argument

    init(_ key: EnvKey, _ value: Argument) {
        self.key = key
        self.value = value
    }
}

/// `question TEXT …` and its options: the learner answers with an option's number.
public struct LessonQuestion: Equatable, Sendable {
    public var text: String
    public var options: [QuestionOption] = []
    /// The right option's number, from 1.
    public var right = 0
    /// What is said when an option is chosen, by its number.
    public var why: [Int: String] = [:]
    /// `hint TEXT …`: what `hint` says at the question, before the numbers to type.
    public var hint: String?
    /// The number a scripted learner (and `skip`) types.
    var answer = 0
}

/// `option TEXT …` and the `code` lines under it.
public struct QuestionOption: Equatable, Sendable {
    public var text: String
    public var code: [String] = []
}
