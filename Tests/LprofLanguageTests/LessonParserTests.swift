import Testing

@testable import LprofLanguage

/// The lesson language: directives parsed beside ordinary commands, by the same lexer and parser.
@Suite struct LessonParserTests {
    static let sample = #"""
        # a comment, as anywhere in the language
        lesson demo "A demo lesson"
        stored season summer
        say "First paragraph," \
            "continued."
        env now 2026-11-30; reset
        task "Open the editor."
        expect mode active
        when env edition release
        when trace off
        hint "Type 'edit' and 'on'."
        hint second
        answer "edit on"
        ok "Well done."
        task "Look at it."
        when typed show editor
        when failed set
        answer show editor
        """#

    func parse(_ text: String) -> Result<Lesson, LessonErrors> {
        LessonParser.parse(text, source: "t.lesson")
    }

    func errors(_ text: String) -> [Diagnostic] {
        guard case .failure(let e) = parse(text) else { return [] }
        return e.diagnostics
    }

    @Test func sampleParses() throws {
        let lesson = try parse(Self.sample).get()
        #expect(lesson.id == "demo")
        #expect(lesson.title == "A demo lesson")
        #expect(lesson.stored.map(\.field) == [.season])
        #expect(lesson.stored[0].value.text == "summer")
        #expect(lesson.steps.count == 5)
        #expect(lesson.steps[0] == .say("First paragraph, continued."))
        guard case .run(let env) = lesson.steps[1], case .env(.now, _) = env.kind else {
            Issue.record("expected env now")
            return
        }
        guard case .run(let reset) = lesson.steps[2], case .reset = reset.kind else {
            Issue.record("expected reset")
            return
        }
        let tasks = lesson.tasks
        #expect(tasks.count == 2)
        #expect(tasks[0].text == "Open the editor.")
        #expect(tasks[0].hints == ["Type 'edit' and 'on'.", "second"])
        #expect(tasks[0].answers == ["edit on"])
        #expect(tasks[0].praise == ["Well done."])
        #expect(tasks[0].conditions.count == 3)
        if case .expect(let command) = tasks[0].conditions[0],
            case .expect(.mode, let value) = command.kind
        {
            #expect(value.text == "active")
        } else {
            Issue.record("the first condition is an expect command")
        }
        #expect(tasks[0].conditions[2] == .trace(false))
        #expect(tasks[1].conditions == [.typed(["show", "editor"]), .failed(["set"])])
        #expect(tasks[1].answers == ["show editor"])
    }

    @Test func directivesOutsideATaskAreErrors() {
        let d = errors("lesson x y\nhint nope\ntask t\nexpect mode active\nanswer edit")
        #expect(d.map(\.message) == ["'hint' belongs to a task: write it after 'task'"])
        #expect(d[0].location == .init(source: "t.lesson", line: 2, column: 1))
    }

    @Test func aTaskNeedsAConditionAndAnAnswer() {
        let d = errors("lesson x y\ntask do something\nsay next")
        #expect(
            d.map(\.message) == [
                "a task needs a condition ('expect …' or 'when …')",
                "a task needs an answer for the scripted learner ('answer …')",
            ])
    }

    @Test func commandsGoThroughTheParser() {
        let d = errors("lesson x y\nsett season autumn\ntask t\nexpect sesaon winter\nanswer edit")
        #expect(d.count == 2)
        #expect(d[0].message.contains("did you mean 'set'?"))
        #expect(d[1].message.contains("did you mean 'season'?"))
        #expect(d[1].location?.line == 4)
    }

    @Test func answersAreCheckedAsCommandLines() {
        let d = errors("lesson x y\ntask t\nexpect mode active\nanswer \"edit sideways\"")
        #expect(d.count == 1)
        #expect(d[0].message.hasPrefix("the answer does not parse: unknown 'edit' mode 'sideways'"))
        #expect(parse("lesson x y\ntask t\nexpect mode active\nanswer skip").isSuccess)
    }

    @Test func badConditions() {
        let d = errors(
            "lesson x y\ntask t\nanswer edit\nwhen env colour red\nwhen trace maybe\nwhen typed sho\nwhen seen x\nexpect error done"
        )
        #expect(d.map { $0.location!.line } == [4, 5, 6, 7, 8])
        #expect(d[0].message.contains("when env KEY VALUE"))
        #expect(d[2].message.contains("did you mean 'show'?"))
        #expect(d[3].message.hasPrefix("unknown condition 'seen'"))
    }

    @Test func headerFirstAndOnce() {
        #expect(errors("say hi").map(\.message).first == "a lesson starts with 'lesson NAME TITLE'")
        #expect(
            errors("lesson a b\nlesson c d\ntask t\nwhen trace on\nanswer trace on").map(\.message)
                == [
                    "one lesson per text ('lesson' again)"
                ])
        #expect(errors("lesson a b").map(\.message) == ["a lesson needs at least one task"])
    }

    @Test func aLexErrorInTheHeaderIsOneError() {
        let d = errors("lesson a b\"c\"\ntask t\nwhen trace on\nanswer trace on")
        #expect(d.count == 1)
        #expect(d[0].message.contains("quote"))
    }

    @Test func directivesAreNotCommands() {
        for word in LessonParser.directives { #expect(!Vocabulary.commands.contains(word)) }
    }
}

extension Result {
    fileprivate var isSuccess: Bool {
        if case .success = self { return true }
        return false
    }
}
