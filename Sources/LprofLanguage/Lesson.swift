/// A guided lesson (`lprof learn`), as parsed from the lesson language: ordinary commands
/// plus a few directives for narration, tasks and the conditions that complete them.
public struct Lesson: Equatable, Sendable {
    /// The short name `lprof learn NAME` takes, such as `draft`.
    public var id: String
    /// The title shown when the lesson starts.
    public var title: String
    /// Values the lesson's in-memory store holds before it starts (`stored FIELD VALUE`),
    /// so that a lesson can begin as a session whose profile came from a store.
    public var stored: [StoredValue]
    /// What the lesson does, in order.
    public var steps: [LessonStep]

    public init(id: String, title: String, stored: [StoredValue] = [], steps: [LessonStep] = []) {
        self.id = id
        self.title = title
        self.stored = stored
        self.steps = steps
    }

    /// The lesson's tasks, in order.
    public var tasks: [LessonTask] {
        steps.compactMap { if case .task(let task) = $0 { return task } else { return nil } }
    }
}

/// `stored FIELD VALUE`: one field of the profile the lesson's store starts with.
public struct StoredValue: Equatable, Sendable {
    public var field: FieldName
    public var value: Argument

    public init(field: FieldName, value: Argument) {
        self.field = field
        self.value = value
    }
}

/// One step of a lesson.
public enum LessonStep: Equatable, Sendable {
    /// `say TEXT …`: a paragraph of narration.
    case say(String)
    /// An ordinary command, run when the lesson reaches it; its output is shown.
    case run(Command)
    /// `task TEXT …` with its conditions: the lesson waits until the learner meets it.
    case task(LessonTask)
}

/// Something the learner must do, checked against the host after every entry.
public struct LessonTask: Equatable, Sendable {
    /// What to do, as the narration puts it.
    public var text: String
    /// All must hold for the task to be met.
    public var conditions: [LessonCondition]
    /// Shown one after another when the learner is stuck (or types `hint`).
    public var hints: [String]
    /// Shown when the task is met: why it mattered.
    public var praise: [String]
    /// Entries a scripted learner types to meet the task, in order (`answer "…"`).
    public var answers: [String]
    /// Where `task` was written.
    public var span: Span

    public init(
        text: String, conditions: [LessonCondition] = [], hints: [String] = [],
        praise: [String] = [], answers: [String] = [], span: Span
    ) {
        self.text = text
        self.conditions = conditions
        self.hints = hints
        self.praise = praise
        self.answers = answers
        self.span = span
    }
}

/// A condition on the host, the environment, or what the learner just typed.
public enum LessonCondition: Equatable, Sendable {
    /// An ordinary `expect` command: met when it would pass.
    case expect(Command)
    /// `when env KEY VALUE`: the environment key has that value.
    case env(EnvKey, Argument)
    /// `when trace on|off`.
    case trace(Bool)
    /// `when typed WORD …`: the learner's last entry ran a command starting with these
    /// words, and it succeeded.
    case typed([String])
    /// `when failed WORD …`: the learner's last entry ran such a command, and it failed.
    case failed([String])
}
