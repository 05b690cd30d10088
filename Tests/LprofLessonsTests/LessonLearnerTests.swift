import Testing

@testable import LprofLessonLanguage
@testable import LprofLessons

/// One task of a built-in lesson, reached by typing the answers before it, and an entry the
/// learner types there.
struct TaskMove: CustomTestStringConvertible, Sendable {
    var lesson: String
    /// The task's place among the lesson's tasks and questions, from 0.
    var index: Int
    var entry: String

    var testDescription: String { "\(lesson) #\(index + 1): \(entry)" }

    var task: LessonTask {
        let steps = builtIn(lesson).steps.filter { !answers($0).isEmpty }
        guard case .task(let task) = steps[index] else { fatalError("not a task") }
        return task
    }

    var before: [String] { entries(before: index, in: builtIn(lesson)) }

    /// Every task of every built-in lesson, paired with each entry `entries` gives it.
    static func all(_ entries: (LessonTask) -> [String]) -> [TaskMove] {
        BuiltInLessons.all.flatMap { lesson in
            lesson.steps.filter { !answers($0).isEmpty }.enumerated().flatMap { index, step in
                guard case .task(let task) = step else { return [TaskMove]() }
                return entries(task).map { TaskMove(lesson: lesson.id, index: index, entry: $0) }
            }
        }
    }
}

/// Learners who wander, for every task of every built-in lesson (SPEC §9): from wherever a
/// common move leaves the learner there is a way on (the answers meet the task, or lprof
/// says the task cannot be met from there and how to get back); `back` and `skip` always
/// recover. That no move meets a task without telling its answer's story is
/// `ExhaustiveLearnerTests`' job.
@Suite struct LessonLearnerTests {
    /// Moves any learner might make anywhere, whether or not they meet the task.
    static let anyMoves = TaskMove.all { _ in
        ["cancel", "done", "edit on", "edit off", "dismiss", "present", "trace off"]
    }

    @Test("no dead end after any move", arguments: anyMoves)
    func noDeadEndAfterAnyMove(_ move: TaskMove) {
        expectAWayOn(move)
    }

    /// From where `move` leaves the learner: the answers meet the task, or the coach said
    /// it cannot be met from there; `back` then the answers, and `skip`, meet it.
    private func expectAWayOn(_ move: TaskMove) {
        let lesson = builtIn(move.lesson)
        let start = runLessons([lesson], move.before + [move.entry])
        if start.met > move.index { return }  // the move met it: no way needed
        let onward = runLessons([lesson], move.before + [move.entry] + move.task.answers)
        // Right learners are never stuck (LessonTests), so a ⟲ here is about this task.
        #expect(
            onward.met == move.index + 1 || onward.output.contains("⟲"),
            "a dead end: the answers do not meet it and nothing says so:\n\(onward.output)")
        let back = runLessons([lesson], move.before + [move.entry, "back"] + move.task.answers)
        #expect(back.met == move.index + 1, "'back' then the answers:\n\(back.output)")
        let skip = runLessons([lesson], move.before + [move.entry, "skip"])
        #expect(skip.met == move.index + 1, "'skip':\n\(skip.output)")
        #expect(skip.errors.isEmpty || !skip.errors.contains { $0.message.hasPrefix("lesson") })
    }

    @Test("skip from the task's start meets it", arguments: TaskMove.all { _ in ["skip"] })
    func skipMeetsTheTask(_ move: TaskMove) {
        let r = runLessons([builtIn(move.lesson)], move.before + ["skip"])
        #expect(r.met == move.index + 1, "\(r.output)")
        #expect(r.output.contains("↷ Skipped: lprof types it for you."))
        for answer in move.task.answers { #expect(r.output.contains("> \(answer)\n")) }
    }

    @Test("hint always ends in the answer", arguments: TaskMove.all { _ in ["hint"] })
    func hintsEndInTheAnswer(_ move: TaskMove) {
        let hints = Array(repeating: "hint", count: move.task.hints.count + 1)
        let r = runLessons([builtIn(move.lesson)], move.before + hints)
        #expect(r.flatOutput.contains(LessonRun.flatten(LessonCoach.answerHint(move.task.answers))))
    }
}
