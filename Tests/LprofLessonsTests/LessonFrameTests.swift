import LprofModel
import LprofText
import Testing

@testable import LprofInteractive
@testable import LprofLessonLanguage
@testable import LprofLessons
@testable import LprofShell
@testable import LprofStore
@testable import LprofSystem

/// Issue 34: what the lessons say about the renderer's order, the seeds' lines, the quiz in
/// Apple's English; what a learner found contradictory; the lab's free step; the end.
@Suite struct LessonFrameTests {
    /// Every word the lessons say: narration, success lines, free steps, questions.
    static func said(_ lesson: Lesson) -> String {
        LessonRun.flatten(
            lesson.steps.map { step -> String in
                switch step {
                case .say(let words), .free(let words): return words
                case .task(let task):
                    return
                        ([task.text] + task.success.map(\.text) + task.hints.map(\.text)
                        + task.stuck.map(\.text)).joined(separator: " ")
                case .question(let q):
                    return
                        ([q.text, q.hint ?? ""] + q.options.map(\.text)
                        + q.why.values.sorted()).joined(separator: " ")
                case .run: return ""
                }
            }.joined(separator: " "))
    }

    // MARK: - Item 5: the order the renderer decides, said once, labelled

    @Test func theRenderersOrderIsSaidOnceAsLprofsReading() {
        let reading = "lprof's reading of SwiftUI's documentation, not the tutorial's"
        let sayers = BuiltInLessons.all.filter { Self.said($0).contains(reading) }
        #expect(sayers.map(\.id) == ["trace"])
        let trace = Self.said(builtIn("trace"))
        #expect(trace.components(separatedBy: reading).count == 2)
        #expect(
            trace.contains(
                "The tutorial's code fixes the order of each button's statements and of the copies"
            ))
        #expect(trace.contains("the renderer decides while it draws: that order is lprof's"))
        #expect(trace.contains("SwiftUI says an onDisappear action runs after its view has"))
        #expect(trace.contains("the summary may already be on screen, still showing the old"))
        // The order stated once: the success lines no longer say it again.
        #expect(!trace.contains("in lprof's order"))
        #expect(!trace.contains("lprof prints them in that order"))
    }

    /// The order the lesson describes is the one lprof prints: the editor's lines, then the
    /// summary's, after Done.
    @Test func theOrderTheTraceLessonDescribesIsTheOneTracePrints() throws {
        let lesson = builtIn("trace")
        let r = runLessons([lesson], lesson.steps.flatMap(answers))
        let out = r.output
        let commit = try #require(out.range(of: "~ ProfileEditor.onDisappear: profile = draft"))
        let summary = out.range(
            of: "~ ProfileSummary appears", range: commit.upperBound..<out.endIndex)
        #expect(summary != nil, "\(out)")
        #expect(r.flatOutput.contains("A word on the order of these lines, said once."))
    }

    /// onDisappear on a swipe is SwiftUI's behaviour, labelled where the sheet lesson says it.
    @Test func theSheetLessonLabelsOnDisappearOnASwipe() {
        let sheet = Self.said(builtIn("sheet"))
        #expect(
            sheet.contains(
                "That a view's onDisappear runs when its sheet is swiped down is SwiftUI's"
                    + " behaviour, as lprof reads it, not a line of the tutorial."))
    }

    // MARK: - Item 6: Cancel copies too; the beta's badge row

    /// Lab's why-answer: Cancel's first statement copies the profile into the draft (the
    /// trace shows it), so "nothing else copies" is said only of the way to the editor.
    @Test func theLabSaysCancelCopiesToo() {
        let lab = builtIn("lab")
        let why = lab.questions[0].why.values.joined(separator: " ")
        #expect(!why.contains("Nothing else copies the profile into the draft,"))
        #expect(why.contains("Cancel's first statement does, but only when Cancel is tapped"))
        let r = runLessons(
            [builtIn("cancel")], ["edit on", "set username hiker", "trace on", "cancel"])
        #expect(r.output.contains("~ Cancel button: draft = profile\n"), "\(r.output)")
    }

    /// 002:104 `ScrollView(.horizontal)`, 000:236 `ScrollView {`: the lesson names the edition
    /// of each.
    @Test func theBadgeRowNamesItsEdition() {
        let text = Self.said(builtIn("dynamic-type"))
        #expect(!text.contains("one horizontal, scrolling row"))
        #expect(text.contains("in the release a ScrollView(.horizontal) scrolls it sideways"))
        #expect(text.contains("the 2019 beta put it in a plain ScrollView, vertical by SwiftUI's"))
    }

    // MARK: - Item 7: the quiz in Apple's English

    @Test func theThirdQuestionSaysCoversAndGivesNothingAway() throws {
        let quiz = builtIn("quiz")
        let third = quiz.questions[2]
        for option in third.options.dropFirst() {
            #expect(option.text.contains("the destination view covers the source view"))
            #expect(option.text.contains("replaces the current navigation stack"))
            #expect(!option.text.contains("contains"))
        }
        #expect(Self.said(quiz).contains("Their words follow Apple's English text of the quiz"))
        let why2 = try #require(third.why[2])
        #expect(!why2.contains("option 3") && !why2.contains("3"))
        for question in quiz.questions {
            let hint = try #require(question.hint)
            #expect(!hint.contains("Type the number"))
            #expect(!hint.contains(String(question.right)))
        }
        // 'hint' at a question says its own hint, then the numbers.
        let r = runLessons([quiz], ["2", "2", "hint"])
        #expect(r.flatOutput.contains("Hint: The sheet lesson presented ProfileHost modally"))
        #expect(r.flatOutput.contains("Type the number of your answer: 1, 2 or 3."))
    }

    // MARK: - Item 9: no "turned trace off" a line before "turned trace on"

    @Test func lessonsThatTurnTraceOnDoNotSayTheyTurnedItOff() {
        let lessons = ["sheet", "editions", "lab"].map(builtIn)
        let r = runLessons(lessons, lessons.flatMap { $0.steps.flatMap(answers) })
        #expect(r.output.contains("✓ Lesson 8, lab, complete."), "\(r.output)")
        #expect(!r.flatOutput.contains("turned trace off"), "\(r.output)")
        #expect(r.flatOutput.contains("The lesson has turned trace on for you."))
        // A lesson that does not turn trace on still says it turned it off.
        let after = runLessons(
            [builtIn("lab"), builtIn("dynamic-type")], builtIn("lab").steps.flatMap(answers))
        #expect(
            after.flatOutput.contains("Each lesson starts afresh, so lprof has turned trace off."))
    }

    // MARK: - Item 11: the editions lesson's onAppear copy is seen to copy

    @Test func theEditionsLessonShowsTheCopyItNames() {
        let lesson = builtIn("editions")
        let place = 4
        let r = runLessons([lesson], entries(before: place, in: lesson) + lesson.tasks[4].answers)
        #expect(r.met == place + 1, "\(r.output)")
        let segment = r.output.components(separatedBy: "\nTask: ")[5]
        #expect(segment.contains("~ lprof store: read"), "\(segment)")
        #expect(segment.contains("~ ProfileEditor.onAppear: draft = profile\n"), "\(segment)")
        #expect(!segment.contains("nothing is stored"), "\(segment)")
        #expect(!segment.contains("same value"), "\(segment)")
        #expect(r.after("get draft.season; get profile.season") == "autumn\nautumn\n")
        #expect(Self.said(lesson).contains("switching back read your autumn from there"))
    }

    // MARK: - Item 12: the last lesson ends at a prompt that takes 'lessons'

    @Test func theLastLessonEndsAtAPromptThatTakesLessons() {
        let quiz = builtIn("quiz")
        let r = runLessons([quiz], quiz.steps.flatMap(answers) + ["lessons", "get season"])
        let end = r.output.components(separatedBy: "That was the last lesson.")
        #expect(end.count == 2, "\(r.output)")
        let after = LessonRun.flatten(end[1])
        #expect(after.contains("'lessons' lists them all, and 'quit' leaves."))
        #expect(after.contains("type 'lprof learn NAME' (a name or a number) at your shell"))
        #expect(after.contains("Lessons (✓ completed, ↷ skipped, ▸ this one):"), "\(end[1])")
        #expect(after.contains("✓ 11. quiz"), "\(end[1])")
        #expect(end[1].hasSuffix("winter\n"), "\(end[1])")
        #expect(r.errors.isEmpty, "\(r.errors)")
    }

    @Test func aLessonBeforeTheLastStillEndsTheSession() {
        let summary = builtIn("summary")
        let r = runLessons([summary], summary.steps.flatMap(answers) + ["get season"])
        #expect(r.output.contains("Next: lesson 2, draft"))
        #expect(!r.output.hasSuffix("winter\n"))
    }

    // MARK: - Item 13: the prompt's '*'; CategoryHome; the measure at ax1

    /// A draft nothing copied the profile into differs: the prompt says so with '*'.
    @Test func aStaleDraftShowsItsStar() {
        let lab = builtIn("lab")
        let before = entries(before: 3, in: lab)
        let learner = ListLearner(before + lab.tasks[2].answers + ["get mode"])
        let out = OutputBuffer(.capture)
        let runner = SessionSetup().makeRunner(
            out: out, diagnostics: DiagnosticSink(.collect, output: nil),
            storage: MemoryProfileStorage())!
        let session = InteractiveSession(runner: runner, reader: learner, color: false)
        session.companion = LessonCoach(
            catalogue: BuiltInLessons.all, queue: [lab], runner: runner,
            progress: LessonProgress(path: nil))
        _ = session.run()
        #expect(runner.interpreter.host.hasPendingChanges == false)
        #expect(runner.interpreter.host.draftDiffers)
        #expect(learner.prompts.last == "lprof (wired) edit*> ", "\(learner.prompts)")
        #expect(Self.said(lab).contains("The prompt's '*' says the draft differs"))
        #expect(Self.said(builtIn("draft")).contains("the '*' says the draft differs from the"))
    }

    /// Lesson narration keeps the same measure at every size (lesson 9's ax1 text ran the
    /// terminal's whole width).
    @Test func narrationAtAccessibilitySizesKeepsItsMeasure() {
        let lesson = builtIn("dynamic-type")
        var settings = Settings()
        settings.width = { 120 }
        let out = OutputBuffer(.capture)
        let runner = SessionSetup(settings: settings).makeRunner(
            out: out, diagnostics: DiagnosticSink(.collect, output: nil),
            storage: MemoryProfileStorage())!
        let session = InteractiveSession(
            runner: runner, reader: ListLearner(lesson.steps.flatMap(answers)), color: false)
        session.companion = LessonCoach(
            catalogue: BuiltInLessons.all, queue: [lesson], runner: runner,
            progress: LessonProgress(path: nil))
        _ = session.run()
        let text = out.capturedText
        let ok = text.components(separatedBy: "✓ One badge to a row")
        #expect(ok.count == 2, "\(text)")
        let paragraph = "✓ One badge to a row" + ok[1].components(separatedBy: "\n\n")[0]
        for line in paragraph.split(separator: "\n") {
            #expect(TextWidth.columns(of: String(line)) <= 74, "\(line)")
        }
    }

    // MARK: - Item 14: the lab's free step

    @Test func theLabHasAFreeStepUntilNext() throws {
        let lab = builtIn("lab")
        let free = lab.steps.compactMap { step -> String? in
            if case .free(let text) = step { return text }
            return nil
        }
        #expect(free.count == 1)
        let before = lab.steps.prefix { if case .free = $0 { return false } else { return true } }
            .flatMap(answers)
        let tries = [
            "env wiring onDisappear reset", "edit on", "set season spring", "cancel",
            "env edition beta", "env wiring done-commits no", "show code", "hint", "lessons",
            "edit on", "set season summer", "done", "get profile.season",
        ]
        let r = runLessons([lab], before + tries + ["next"])
        #expect(r.output.contains("Free: Now try what you like."), "\(r.output)")
        #expect(r.output.contains("Lesson 8, lab, complete."), "\(r.output)")
        // The commands ran, the coach's words answered, and nothing was taken for a task.
        #expect(r.output.contains("~ ProfileEditor.onDisappear: draft = profile"), "\(r.output)")
        #expect(r.output.contains("◆ done-commits no"), "\(r.output)")
        #expect(r.flatOutput.contains("Hint: Anything goes here"), "\(r.output)")
        let tail = try #require(r.output.components(separatedBy: "Free: ").last)
        #expect(!tail.contains("✗") && !tail.contains("⟲"), "\(tail)")
        // 'done' in the beta wired without its commit only ends edit mode: winter stays.
        #expect(tail.contains("~ lprof wiring: done-commits no — "), "\(tail)")
        #expect(tail.contains("\nwinter\n"), "\(tail)")
    }

    @Test func backInTheFreeStepReturnsToWhereItBegan() {
        let lab = builtIn("lab")
        let before = lab.steps.prefix { if case .free = $0 { return false } else { return true } }
            .flatMap(answers)
        let r = runLessons([lab], before + ["env edition beta", "back", "next"])
        #expect(r.output.contains("Back where this free step began"), "\(r.output)")
        #expect(r.output.contains("Lesson 8, lab, complete."))
    }

    @Test func nextOutsideAFreeStepSaysWhatItIsFor() {
        let r = runLessons([builtIn("summary")], ["next"])
        #expect(r.flatOutput.contains("'next' ends a free step; this is a task"), "\(r.output)")
    }

    // MARK: - Item 15: a sheet closed from the editor is not one closed from the summary

    @Test(arguments: [["edit on", "dismiss"], ["set goal -1y", "edit", "dismiss"]])
    func closingFromTheEditorDoesNotMeetCloseTheSheet(_ deeds: [String]) {
        let r = runLessons([builtIn("sheet")], deeds)
        #expect(r.met == 0, "\(r.output)")
        #expect(!r.flatOutput.contains("The sheet is gone, and ProfileHost with it"))
        #expect(
            r.flatOutput.contains(
                "You closed the sheet while editing: the editor, not the summary,"),
            "\(r.output)")
        let back = runLessons([builtIn("sheet")], deeds + ["back", "dismiss"])
        #expect(back.met == 1, "\(back.output)")
    }
}
