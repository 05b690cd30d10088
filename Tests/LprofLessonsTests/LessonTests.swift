import Foundation
import LprofHelp
import LprofLanguage
import LprofModel
import LprofText
import Testing

@testable import LprofInteractive
@testable import LprofLessonLanguage
@testable import LprofLessons
@testable import LprofShell

/// The coach: lessons follow one another, start afresh, end truthfully; `hint`, `back`,
/// `skip` and questions behave as `help learn` says.
@Suite struct LessonTests {
    static let lessonIDs = BuiltInLessons.all.map(\.id)

    @Test func everyLessonParses() {
        for result in BuiltInLessons.parsed {
            if case .failure(let errors) = result {
                Issue.record("\(errors.diagnostics.map(DiagnosticPrinter().render).joined())")
            }
        }
        #expect(BuiltInLessons.all.count == BuiltInLessons.texts.count)
        #expect(
            Self.lessonIDs == [
                "summary", "draft", "cancel", "goal-range", "trace", "sheet", "editions", "lab",
                "dynamic-type", "accessibility", "quiz",
            ])
    }

    @Test("a learner who types the answers completes the lesson", arguments: lessonIDs)
    func answersComplete(_ id: String) {
        let lesson = builtIn(id)
        let r = runLessons([lesson], lesson.steps.flatMap(answers))
        #expect(r.progress.status(of: id) == .completed, "\(r.output)")
        #expect(r.met == lesson.tasks.count + lesson.questions.count)
        #expect(!r.output.contains("Hint:"), "no hint for a learner who gets it right")
        #expect(!r.output.contains("⟲"), "never stuck: \(r.output)")
        #expect(!r.output.contains("✗"))
        #expect(r.errors.allSatisfy { !$0.message.hasPrefix("lesson '") }, "\(r.errors)")
        #expect(r.output.contains("Lesson \(Self.lessonIDs.firstIndex(of: id)! + 1) of 11"))
        #expect(!r.output.contains("✓ Done."))
    }

    /// `help learn` names every built-in lesson (the lab was once left out), and the
    /// overview counts them.
    @Test func helpLearnNamesEveryLesson() {
        let counts = ["nine", "ten", "eleven", "twelve", "thirteen"]
        #expect(
            HelpText.overview.contains("in \(counts[Self.lessonIDs.count - 9]) short lessons"))
        let text = HelpText.text(for: "learn", options: "")
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
        // The list: "… naming its edition: summary, draft, …, and the tutorial's own quiz."
        let list =
            text.components(separatedBy: "edition: ").dropFirst().first?
            .components(separatedBy: "the tutorial's own quiz").first ?? ""
        let named = list.split(separator: ",").map {
            $0.split(separator: " ").first { $0 != "and" }.map(String.init) ?? ""
        }
        #expect(named.filter { !$0.isEmpty } == Array(Self.lessonIDs.dropLast()), "\(list)")
    }

    @Test func aDeedHintAnswersAtOnceAndHintsFollowTheState() {
        let r = runLessons([builtIn("summary")], ["show editor", "hint", "hint"])
        let flat = r.flatOutput
        #expect(flat.contains("Hint: 'show editor' drew ProfileEditor."))
        #expect(flat.contains("Hint: 'show' draws a view; 'summary' names ProfileSummary."))
        #expect(flat.contains("Hint: The answer from here: type 'show summary' — or 'skip'"))
        #expect(r.met == 0)
    }

    @Test func aStuckStateIsSaidOnceAndHintRepeatsIt() {
        let entries = ["show summary", "edit on", "print a", "print b", "hint"]
        let r = runLessons([builtIn("summary")], entries)
        #expect(r.output.components(separatedBy: "⟲ You are in edit mode now").count == 3)
        #expect(!r.output.contains("Hint:"))
        // Every entry while still stuck is answered (issue 23: after the ⟲ in 'cancel',
        // further 'trace on' lines met silence).
        #expect(r.output.components(separatedBy: "⟲ Still as above").count == 3)
        let cancel = runLessons(
            [builtIn("cancel")],
            ["edit on", "set username hiker", "cancel", "trace on", "trace on"])
        #expect(cancel.output.components(separatedBy: "⟲ ").count == 4, "\(cancel.output)")
    }

    @Test func backRestoresWhereTheTaskBegan() {
        let r = runLessons(
            [builtIn("draft")],
            ["edit on", "set season summer", "done", "back", "get draft.season"])
        #expect(r.flatOutput.contains("↶ Back where this task began"))
        #expect(r.runner.interpreter.host.editMode == .active)
        #expect(r.runner.interpreter.host.profile.seasonalPhoto == .winter)
        #expect(r.output.contains("'set season autumn'.\nwinter\n"))
    }

    /// `back` before anything was done puts nothing back, and says so truly.
    @Test func backAtATasksStartSaysThereIsNothingToPutBack() {
        let r = runLessons([builtIn("draft")], ["back"])
        #expect(
            r.flatOutput.contains("You are where this task began: there is nothing to put back."))
        #expect(!r.flatOutput.contains("lprof put the profile"))
    }

    @Test func skipRestoresThenTypesTheAnswerVisibly() {
        let r = runLessons([builtIn("cancel")], ["edit on", "skip"])
        #expect(r.output.contains("↷ Skipped: lprof types it for you."))
        // The first answer was typed already: back first, then both, shown after prompts.
        #expect(r.output.contains("↶ Back where this task began"))
        #expect(r.output.contains("lprof> edit on\nlprof edit> set username hiker\n"))
        #expect(r.met == 1)
        let trace = runLessons([builtIn("trace")], ["skip", "skip"])
        // Skipping 'trace on' really turned it on: the next task's events are printed.
        #expect(trace.output.contains("lprof> trace on\n"))
        #expect(trace.output.contains("~ ProfileEditor.onAppear: draft = profile"))
        #expect(trace.progress.status(of: "trace") == nil)
    }

    @Test func everyLessonSeesTheSameToday() {
        let r = runLessons(
            [builtIn("summary")], ["show summary"], now: CalendarDay(year: 2031, month: 5, day: 2)!)
        #expect(r.output.contains("Goal Date: November 30, 2026"))
    }

    @Test func revisionsDoNotDependOnWhatRanBefore() {
        let trace = builtIn("trace")
        let alone = runLessons([trace], trace.steps.flatMap(answers))
        let draft = builtIn("draft")
        let after = runLessons(
            [draft, trace], draft.steps.flatMap(answers) + trace.steps.flatMap(answers))
        #expect(alone.output.contains("saved revision 1 to memory"))
        #expect(after.output.contains("saved revision 1 to memory"))
        #expect(!after.output.contains("revision 2"))
    }

    @Test func aLessonStartSaysWhatItTurnedBack() {
        let cancel = builtIn("cancel")
        let r = runLessons([cancel, builtIn("goal-range")], cancel.steps.flatMap(answers))
        #expect(r.flatOutput.contains("Each lesson starts afresh, so lprof has turned trace off."))
        let first = runLessons([cancel], [])
        #expect(!first.output.contains("starts afresh"))
    }

    @Test func theEndSaysWhatComesNext() {
        let draft = builtIn("draft")
        let one = runLessons([draft], draft.steps.flatMap(answers))
        #expect(one.flatOutput.contains("Next: lesson 3, cancel ('lprof learn cancel')."))
        #expect(!one.output.contains("That was the last lesson"))
        let quiz = builtIn("quiz")
        let last = runLessons([quiz], ["2", "2", "3"])
        #expect(last.output.contains("That was the last lesson."))
    }

    @Test func questionsAreAnsweredByNumber() {
        let r = runLessons([builtIn("quiz")], ["1", "7", "2", "show", "skip", "3"])
        let flat = r.flatOutput
        #expect(flat.contains("Question 1 of 3: How do you update a view"))
        #expect(r.output.contains("   @Environment(\\.editMode) private var editMode"))
        #expect(flat.contains("✗ Not this one. isEditing is this view's own @State"))
        #expect(flat.contains("Try another number."))
        #expect(flat.contains("Type the number of your answer: 1, 2 or 3."))
        #expect(flat.contains("✓ Right. This view reads editMode from the environment"))
        #expect(flat.contains("↷ Skipped: lprof answers for you. lprof> 2"))
        #expect(flat.contains("That was the tutorial's quiz: 2, 2 and 3."))
        #expect(r.progress.status(of: "quiz") == .skipped)
    }

    /// The seed's quiz, with lprof's own code under the options (SPEC §9): each shows what
    /// its variant reads, and none copies a line of the seed's (000:774-804).
    @Test func theQuizIsTheSeedsQuizInLprofsWords() {
        let questions = builtIn("quiz").questions
        #expect(questions.map(\.right) == [2, 2, 3])
        #expect(questions.map(\.options.count) == [3, 3, 3])
        let code = questions[0].options.map(\.code)
        #expect(code[0].contains { $0.contains("@State private var isEditing") })
        #expect(code[1].contains { $0.contains("@Environment(\\.editMode)") })
        #expect(code[2].contains { $0.contains("onEditingChanged:") })
        let seed = [
            "struct EditableNameView: View {", "@State var isEditing = false",
            "@State var name = \"\"", "TextField($name)", ".disabled(!isEditing)",
            "@Environment(\\.editMode) var mode", ".disabled(mode?.value == .inactive)",
            ".onEditingChanged { isEditing in", "$0.disabled = !isEditing",
        ]
        for line in code.joined() {
            #expect(!seed.contains(line.trimmingBlanks), "\(line)")
        }
        #expect(questions.allSatisfy { q in (1...3).allSatisfy { q.why[$0] != nil } })
    }

    @Test func blankEntriesAreNotTries() {
        let r = runLessons([builtIn("draft")], ["", "# just a comment", "  ", "print a"])
        #expect(!r.output.contains("Hint:"))
    }

    @Test func lessonsListsThemWithProgress() {
        let progress = LessonProgress(path: nil)
        progress.record("summary", .completed)
        progress.record("draft", .skipped)
        let r = runLessons([builtIn("cancel")], ["lessons"], progress: progress)
        #expect(r.output.contains("  ✓  1. summary        The summary: a view to read"))
        #expect(r.output.contains("  ↷  2. draft          Edit mode and the draft"))
        #expect(r.output.contains("  ▸  3. cancel         Cancel, and why it resets the draft"))
        #expect(r.output.contains("    11. quiz           Check your understanding"))
    }

    @Test func quittingKeepsThePlace() throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("lprof-progress-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let progress = LessonProgress(path: folder + "/lessons")
        let r = runLessons(
            [builtIn("draft"), builtIn("cancel")], ["edit on", "quit"], progress: progress)
        #expect(
            r.flatOutput.contains(
                "'lprof learn' picks up where you stopped: lesson 2, draft, from its first task."))
        #expect(r.progress.status(of: "draft") == nil)
        #expect(LessonProgress(path: folder + "/lessons").stoppedAt == "draft")
    }

    /// Progress in memory only (`LPROF_LESSONS=`): nothing promises a resume.
    @Test func quittingWithoutAProgressFileSaysWhereToComeBack() {
        let r = runLessons([builtIn("draft"), builtIn("cancel")], ["edit on", "quit"])
        #expect(
            r.flatOutput.contains(
                "Where you stopped is not saved; 'lprof learn draft' comes back to this lesson."))
        #expect(!r.flatOutput.contains("picks up"))
    }

    /// Partway along the answer, a command that takes no step along it is still answered
    /// (SPEC §9: never silence), with what would do it from here.
    @Test func partwayAlongTheAnswerAnOffPathCommandIsAnswered() {
        let lesson = builtIn("lab")
        // The onDisappear task, after its first entry: 'get season' takes no step.
        let before = ["skip", "2", "skip", "skip", "skip"]
        let r = runLessons(
            [lesson], before + ["env wiring onDisappear none", "get season", "edit on", "show"])
        let flat = r.flatOutput
        let after = flat.components(separatedBy: "env wiring onDisappear none").last ?? ""
        #expect(
            after.contains(
                "· Not yet. From here, 'edit on', then 'set season spring', then 'done' would do it"
            ), "\(after)")
        #expect(
            after.contains(
                "· Not yet. From here, 'set season spring', then 'done' would do it"),
            "\(after)")
    }

    @Test func eachLessonStartsFresh() {
        // The draft lesson commits autumn; the next lesson starts from the default profile.
        let entries = builtIn("draft").steps.flatMap(answers) + ["get season"]
        let r = runLessons([builtIn("draft"), builtIn("cancel")], entries)
        #expect(r.output.contains("\nwinter\n"))
    }

    @Test func aCompletedLessonStaysCompleted() {
        let progress = LessonProgress(path: nil)
        progress.record("draft", .completed)
        progress.record("draft", .skipped)
        #expect(progress.status(of: "draft") == .completed)
    }

    /// A lesson file's task is met by its answer's story too, with or without conditions of
    /// its own; a `wrong` entry that would meet it is reported when the task begins.
    @Test func aLessonFilesTasksAreTheirAnswersStories() throws {
        let text = """
            lesson mine "Mine"
            task "Tap Edit."
            answer "edit on"
            wrong "edit"
            wrong "show editor"
            ok "Editing."
            task "Change the season."
            expect draft.season autumn
            answer "set season autumn"
            ok "Autumn."
            """
        let lesson = try LessonParser.parse(text, source: "mine.lesson").get()
        let r = runLessons(
            [lesson], ["show editor", "edit", "set season summer", "set season fall"])
        #expect(r.met == 2, "\(r.output)")
        #expect(r.output.contains("Not yet"))
        // 'edit' is another spelling of 'edit on': the lesson's wrong entry meets the task.
        #expect(
            r.errors.map(\.message) == [
                "lesson 'mine' line 2: its wrong entry 'edit' meets the task"
            ])
        let wrongSeason = runLessons([lesson], ["edit on", "set season summer"])
        #expect(wrongSeason.met == 1)
    }

    /// `help` at a lesson's prompt lists the coach's words after the overview; `help hint`,
    /// `help skip`, `help back` and `help lessons` answer; asking for help is no try.
    @Test func helpInALessonKnowsTheLessonWords() {
        let words = HelpText.lessonWords.map(\.word)
        for word in LessonWord.all { #expect(words.contains(word), "\(word)") }
        let r = runLessons(
            [builtIn("summary")],
            [
                "help", "help hint", "help skip", "help back", "help lessons", "help next",
                "help set", "help\tget",
            ])
        let flat = r.flatOutput
        #expect(flat.contains("In a lesson, also: hint a hint for where you are"))
        for word in LessonWord.all {
            #expect(r.output.contains("\(word)\n  At a lesson's prompt"), "\(word)")
        }
        #expect(r.output.contains("set FIELD VALUE\n"))
        #expect(r.output.contains("get [profile.|draft.]FIELD"))
        #expect(r.errors.isEmpty, "\(r.errors)")
        #expect(!r.output.contains("Not yet"), "help is no try at the task")
        #expect(!r.output.contains("Hint:"))
    }

    @Test func environmentValuesCompareAsValues() {
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
        #expect(Completer.lessons.complete("ba") == Completion(insertion: "ck "))
        #expect(
            Completer.lessons.complete("h")
                == Completion(insertion: "", candidates: ["help", "history", "hint"]))
        #expect(Completer.lessons.complete("set sea") == Completion(insertion: "son "))
        #expect(Completer().complete("ski") == Completion.none)
    }
}
