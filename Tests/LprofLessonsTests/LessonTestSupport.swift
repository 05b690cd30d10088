import LprofModel
import LprofText
import Testing

@testable import LprofInteractive
@testable import LprofLessonLanguage
@testable import LprofLessons
@testable import LprofShell
@testable import LprofStore
@testable import LprofSystem

/// A learner who types the given entries, then stops; it keeps every prompt it was shown.
final class ListLearner: LineReader {
    var entries: [String]
    var prompts: [String] = []
    init(_ entries: [String]) { self.entries = entries }

    func readLine(prompt: String, continuation: Bool) -> LineReadResult {
        prompts.append(prompt)
        return entries.isEmpty ? .endOfInput : .line(Array(entries.removeFirst().utf8))
    }
}

/// What a lesson run left behind.
struct LessonRun {
    var output: String
    var errors: [Diagnostic]
    var progress: LessonProgress
    var runner: Runner

    /// The output with every run of white space made one space, so that wrapped
    /// narration can be searched for.
    var flatOutput: String { LessonRun.flatten(output) }

    /// How many tasks and questions were met: each prints a `✓` paragraph.
    var met: Int {
        output.components(separatedBy: "\n✓ ").count - 1
            - output.components(separatedBy: "\n✓ Lesson ").count + 1
    }

    static func flatten(_ text: String) -> String {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
    }

    /// Runs `entry` after the lesson stopped, on the same interpreter: its output.
    func after(_ entry: String) -> String {
        let out = runner.interpreter.out
        let before = out.capturedText.count
        _ = runner.runEntry(Array(entry.utf8), promptWidth: 0)
        return String(out.capturedText.dropFirst(before))
    }
}

/// Runs lessons in-process with a learner typing `entries`.
func runLessons(
    _ lessons: [Lesson], _ entries: [String], progress: LessonProgress = LessonProgress(path: nil),
    now: CalendarDay = CalendarDay(year: 2026, month: 11, day: 30)!, trace: Bool = false
) -> LessonRun {
    var settings = Settings()
    settings.now = now
    settings.trace = trace
    let out = OutputBuffer(.capture)
    let sink = DiagnosticSink(.collect, output: nil)
    let runner = SessionSetup(settings: settings).makeRunner(
        out: out, diagnostics: sink, storage: MemoryProfileStorage())!
    let session = InteractiveSession(runner: runner, reader: ListLearner(entries), color: false)
    session.companion = LessonCoach(
        catalogue: BuiltInLessons.all, queue: lessons, runner: runner, progress: progress)
    _ = session.run()
    return LessonRun(
        output: out.capturedText, errors: sink.collected, progress: progress, runner: runner)
}

func builtIn(_ id: String) -> Lesson { BuiltInLessons.lesson(named: id)! }

/// What a learner types to meet a step: a task's answers, a question's number.
func answers(_ step: LessonStep) -> [String] {
    switch step {
    case .task(let task): return task.answers
    case .question(let question): return [String(question.answer)]
    case .free: return ["next"]
    case .say, .run: return []
    }
}

/// The entries that meet every task and question of `lesson` before its `index`th one.
func entries(before index: Int, in lesson: Lesson) -> [String] {
    Array(lesson.steps.filter { !answers($0).isEmpty }.prefix(index)).flatMap(answers)
}
