import LprofLanguage
import LprofModel
import Testing

@testable import LprofCLI
@testable import LprofInteractive
@testable import LprofLessons
@testable import LprofShell
@testable import LprofStore
@testable import LprofSystem

/// A learner who types the given entries, then stops.
private final class ListLearner: LineReader {
    var entries: [String]
    init(_ entries: [String]) { self.entries = entries }

    func readLine(prompt: String, continuation: Bool) -> LineReadResult {
        entries.isEmpty ? .endOfInput : .line(entries.removeFirst())
    }
}

/// What a lesson run left behind.
private struct LessonRun {
    var output: String
    var errors: [Diagnostic]
    var progress: LessonProgress

    /// The output with every run of white space made one space, so that wrapped
    /// narration can be searched for.
    var flatOutput: String { LessonTests.flatten(output) }
}

/// Every built-in lesson, run in-process by scripted learners: one who types the answers,
/// and, for each task, one who is stuck until every hint has fired and then skips.
@Suite struct LessonTests {
    static let lessonIDs = BuiltInLessons.all.map(\.id)

    static func flatten(_ text: String) -> String {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
    }

    private func run(
        _ lessons: [Lesson], _ entries: [String],
        progress: LessonProgress = LessonProgress(path: nil)
    ) -> LessonRun {
        var options = CommandLineOptions()
        options.memory = true
        options.now = CalendarDay(year: 2026, month: 11, day: 30)
        let launcher = Launcher(environment: ["COLUMNS": "80"])
        let out = OutputBuffer(.capture)
        let sink = DiagnosticSink(.collect, output: nil)
        let runner = launcher.makeRunner(
            options, out: out, diagnostics: sink, storage: MemoryProfileStorage())!
        let session = InteractiveSession(runner: runner, reader: ListLearner(entries), color: false)
        session.companion = LessonCoach(
            catalogue: BuiltInLessons.all, queue: lessons, runner: runner, progress: progress)
        _ = session.run()
        return LessonRun(output: out.capturedText, errors: sink.collected, progress: progress)
    }

    private func lesson(_ id: String) -> Lesson { BuiltInLessons.lesson(named: id)! }

    @Test func everyLessonParses() {
        for result in BuiltInLessons.parsed {
            if case .failure(let errors) = result {
                Issue.record("\(errors.diagnostics.map(DiagnosticPrinter().render).joined())")
            }
        }
        #expect(BuiltInLessons.all.count == BuiltInLessons.texts.count)
        #expect(BuiltInLessons.all.count >= 7)
        #expect(Set(Self.lessonIDs).count == Self.lessonIDs.count)
    }

    @Test("a learner who types the answers completes the lesson", arguments: lessonIDs)
    func answersComplete(_ id: String) {
        let lesson = lesson(id)
        let answers = lesson.tasks.flatMap(\.answers)
        let r = run([lesson], answers)
        #expect(r.progress.status(of: id) == .completed, "\(r.output)")
        #expect(r.output.components(separatedBy: "\n✓ ").count - 1 == lesson.tasks.count + 1)
        #expect(!r.output.contains("Hint:"), "no hint for a learner who gets it right")
        #expect(
            !r.errors.contains { $0.message.hasPrefix("lesson '") }, "the lesson's own commands run"
        )
        #expect(
            r.output.contains(
                "Lesson \(id == "summary" ? 1 : Self.lessonIDs.firstIndex(of: id)! + 1) of"))
    }

    @Test("a stuck learner gets every hint, then skips", arguments: lessonIDs)
    func stuckLearnerGetsHints(_ id: String) {
        let lesson = lesson(id)
        let tasks = lesson.tasks
        for stuck in tasks.indices {
            let hints =
                tasks[stuck].hints + [
                    "Type " + tasks[stuck].answers.map { "'\($0)'" }.joined(separator: ", then ")
                        + "."
                ]
            var entries = tasks[..<stuck].flatMap(\.answers)
            entries += Array(
                repeating: "print lost", count: LessonCoach.triesBeforeHint * hints.count)
            entries += Array(repeating: "skip", count: tasks.count - stuck)
            let r = run([lesson], entries)
            let flat = r.flatOutput
            for hint in hints {
                #expect(
                    flat.contains("Hint: " + Self.flatten(hint)),
                    "task \(stuck + 1) of \(id): \(hint)")
            }
            #expect(flat.components(separatedBy: "Hint: ").count - 1 == hints.count)
            #expect(r.output.contains("Skipped: "))
            #expect(r.progress.status(of: id) == .skipped)
        }
    }

    @Test func hintOnRequestAndNoHintWithoutTries() {
        let r = run([lesson("draft")], ["hint", "print a", "print b"])
        #expect(r.flatOutput.contains("Hint: EditButton is the 'edit' command"))
        #expect(r.output.components(separatedBy: "Hint:").count == 2)
        let r2 = run([lesson("draft")], ["print a", "print b", "print c"])
        #expect(r2.output.components(separatedBy: "Hint:").count == 2)
    }

    @Test func blankEntriesAreNotTries() {
        let r = run([lesson("draft")], ["", "# just a comment", "  ", "print a"])
        #expect(!r.output.contains("Hint:"))
    }

    @Test func lessonsListsThemWithProgress() {
        let progress = LessonProgress(path: nil)
        progress.record("summary", .completed)
        progress.record("draft", .skipped)
        let r = run([lesson("cancel")], ["lessons"], progress: progress)
        #expect(r.output.contains("  ✓ 1. summary       The summary is a read-only view"))
        #expect(r.output.contains("  ↷ 2. draft         Edit mode and the draft"))
        #expect(r.output.contains("  ▸ 3. cancel        Cancel, and why the draft is reset"))
        #expect(r.output.contains("    4. goal-range"))
    }

    @Test func quittingKeepsThePlace() {
        let r = run([lesson("draft"), lesson("cancel")], ["edit on", "quit"])
        #expect(r.flatOutput.contains("'lprof learn' picks up where you stopped: lesson 2, draft."))
        #expect(r.progress.status(of: "draft") == nil)
    }

    @Test func lessonsFollowOneAnother() {
        let entries =
            lesson("summary").tasks.flatMap(\.answers) + lesson("draft").tasks.flatMap(\.answers)
        let r = run([lesson("summary"), lesson("draft")], entries)
        #expect(r.progress.status(of: "summary") == .completed)
        #expect(r.progress.status(of: "draft") == .completed)
        #expect(r.output.contains("That was the last lesson."))
    }

    @Test func eachLessonStartsFresh() {
        // The draft lesson commits autumn; the next lesson starts from the default profile.
        let entries = lesson("draft").tasks.flatMap(\.answers) + ["get season"]
        let r = run([lesson("draft"), lesson("cancel")], entries)
        #expect(r.output.contains("\nwinter\n"))
    }

    @Test func aCompletedLessonStaysCompleted() {
        let progress = LessonProgress(path: nil)
        progress.record("draft", .completed)
        progress.record("draft", .skipped)
        #expect(progress.status(of: "draft") == .completed)
    }

    @Test func conditionHelpers() {
        #expect(LessonCoach.starts("show  summary", with: ["show"]))
        #expect(LessonCoach.starts("show summary", with: ["show", "summary"]))
        #expect(!LessonCoach.starts("show", with: ["show", "summary"]))
        #expect(LessonCoach.sameEnvironmentValue(.sizeCategory, "accessibilityMedium", "AX1"))
        #expect(LessonCoach.sameEnvironmentValue(.edition, "beta", "BETA"))
        #expect(!LessonCoach.sameEnvironmentValue(.sizeCategory, "large", "xl"))
    }
}

/// Tab at a lesson's prompt.
@Suite struct LessonCompletionTests {
    @Test func lessonWordsCompleteOnlyAtALessonPrompt() {
        #expect(Completer.lessons.complete("ski") == Completion(insertion: "p "))
        #expect(Completer.lessons.complete("les") == Completion(insertion: "sons "))
        #expect(
            Completer.lessons.complete("h")
                == Completion(insertion: "", candidates: ["help", "history", "hint"]))
        #expect(Completer.lessons.complete("set sea") == Completion(insertion: "son "))
        #expect(Completer().complete("ski") == Completion.none)
    }
}
