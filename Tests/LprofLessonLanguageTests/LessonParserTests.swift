import LprofLanguage
import Testing

@testable import LprofLessonLanguage
@testable import LprofText

/// The lesson language: directives parsed beside ordinary commands, by the same lexer and
/// parser; conditions on deeds and state, guarded texts, questions.
@Suite struct LessonParserTests {
    @Test func theCoachsWordsAreItsTable() {
        #expect(LessonWord.all == ["skip", "hint", "back", "lessons", "next"])
    }

    static let sample = #"""
        # a comment, as anywhere in the language
        lesson demo "A demo lesson"
        stored season summer
        say "First paragraph," \
            "continued."
        trace on; env sizeCategory large
        task "Open the editor."
        expect mode active
        when env edition release
        when not trace off
        when event "editMode: inactive -> active" by edit|done
        hint if failed done while-inactive "Not yet editing."
        hint second
        stuck if sheet dismissed and not draft.season autumn "Closed." "Type 'present'."
        answer "edit on"
        wrong "done"
        ok "Well done."
        ok if traced "ProfileEditor.onAppear: draft = profile (same value)" "Same value."
        task "Look at it."
        when shown voiceover of home with sizeCategory ax1 with edition beta
        when read season
        when pending no
        answer show editor
        ok "Seen."
        question "Which?"
        option "One"
        code '   @Environment(\.editMode) var mode'
        option "Two"
        right 2
        why 2 "Because."
        why 1 "No."
        answer 2
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
        #expect(lesson.steps.count == 6)
        #expect(lesson.steps[0] == .say("First paragraph, continued."))
        let tasks = lesson.tasks
        #expect(tasks.count == 2)
        #expect(tasks[0].text == "Open the editor.")
        #expect(tasks[0].answers == ["edit on"])
        #expect(tasks[0].wrong == ["done"])
        #expect(tasks[0].success.map(\.text) == ["Well done.", "Same value."])
        #expect(tasks[0].success[0].guards.isEmpty)
        #expect(
            tasks[0].success[1].guards == [
                LessonCondition(
                    .deed(
                        .event(
                            .copy(
                                trigger: "ProfileEditor.onAppear", target: .draft,
                                source: .profile, changed: false), by: [], traced: true)))
            ])
        #expect(tasks[0].hints.map(\.text) == ["Not yet editing.", "second"])
        #expect(
            tasks[0].hints[0].guards == [
                LessonCondition(.deed(.failed(command: "done", reason: .whileInactive)))
            ])
        #expect(tasks[0].stuck.map(\.text) == ["Closed. Type 'present'."])
        #expect(tasks[0].stuck[0].guards.count == 2)
        #expect(tasks[0].stuck[0].guards[1].negated)
        #expect(tasks[0].conditions.count == 4)
        guard case .state(.mode, let mode) = tasks[0].conditions[0].atom else {
            Issue.record("the first condition is the expect line")
            return
        }
        #expect(mode.text == "active")
        #expect(tasks[0].conditions[2] == LessonCondition(.trace(false), negated: true))
        #expect(
            tasks[0].conditions[3].atom
                == .deed(
                    .event(
                        .editMode(from: "inactive", to: "active"), by: ["edit", "done"],
                        traced: false)))
        guard case .deed(.shown(let shown)) = tasks[1].conditions[0].atom else {
            Issue.record("shown")
            return
        }
        #expect(shown.view == "voiceover" && shown.seen == "home")
        #expect(shown.environment.map(\.key) == [.sizeCategory, .edition])
        #expect(tasks[1].conditions[1].atom == .deed(.read(.target(.field(nil, .season)))))
        #expect(tasks[1].conditions[2].atom == .pending(false))
        let question = lesson.questions[0]
        #expect(question.options.map(\.text) == ["One", "Two"])
        #expect(question.options[0].code == [#"   @Environment(\.editMode) var mode"#])
        #expect(question.right == 2 && question.answer == 2)
        #expect(question.why == [1: "No.", 2: "Because."])
    }

    @Test func eventsParseAsTraceWritesThem() {
        let cases: [(String, EventPattern?)] = [
            ("editMode: active → inactive", .editMode(from: "active", to: "inactive")),
            ("ProfileSummary appears", .view("ProfileSummary", appears: true)),
            (
                "Cancel button: draft = profile (changed)",
                .copy(trigger: "Cancel button", target: .draft, source: .profile, changed: true)
            ),
            (
                "ProfileEditor.onDisappear: profile = draft",
                .copy(
                    trigger: "ProfileEditor.onDisappear", target: .profile, source: .draft,
                    changed: nil)
            ),
            ("ProfileEditor has no onAppear (stale)", .editorWithoutCopy(stale: true)),
            ("draft.goal = *", .field(.goal, value: nil)),
            ("draft.season = autumn", .field(.season, value: "autumn")),
            ("sheet dismissed", .sheet(presented: false)),
            ("edition = beta", .edition("beta")),
            ("store saved", .storeSaved),
            ("reset", .reset),
            ("Cancel button: draft = draft", nil),
            ("Done: profile = draft", nil),
            ("ProfileHost appears", nil),
            ("editMode: on → off", nil),
            ("draft.colour = red", nil),
            ("", nil),
        ]
        for (text, expected) in cases {
            #expect(EventPattern.parse(text) == expected, "\(text)")
            if let expected { #expect(EventPattern.parse(expected.text) == expected) }
        }
    }

    @Test func directivesOutsideTheirBlockAreErrors() {
        let d = errors(
            "lesson x y\nhint nope\noption o\ntask t\nexpect mode active\nanswer edit\nok fine")
        #expect(
            d.map(\.message) == [
                "'hint' belongs to a task: write it after 'task'",
                "'option' belongs to a question: write it after 'question'",
            ])
        #expect(d[0].location == .init(source: "t.lesson", line: 2, column: 1))
    }

    /// A task needs no condition: its answer's story defines it (SPEC §9).
    @Test func aTaskNeedsAnAnswerAndASuccessLine() {
        let d = errors(
            "lesson x y\ntask do something\nok if mode active \"only guarded\"\nsay next")
        #expect(
            d.map(\.message) == [
                "a task needs an answer for 'skip' to type ('answer …')",
                "a task needs a success line without a guard ('ok TEXT…')",
            ])
        #expect(d.allSatisfy { $0.location?.line == 2 })
    }

    @Test func questionsAreChecked() {
        #expect(
            errors("lesson x y\nquestion q\noption a\nright 1\nwhy 1 w\nanswer 1").map(\.message)
                == ["a question needs at least two options ('option TEXT…')"])
        let d = errors("lesson x y\nquestion q\noption a\noption b\nright 3\nwhy 4 w\nanswer 1")
        #expect(
            d.map(\.message) == [
                "a question needs its right option ('right N', N from 1 to 2)",
                "'why 4' names no option (there are 2)",
                "a question's 'answer' must be its right option",
            ])
        #expect(
            errors("lesson x y\nquestion q\noption a\noption b\nright 2\nanswer 2").map(\.message)
                == ["a question needs a 'why' for its right option ('why 2 TEXT…')"])
        #expect(errors("lesson x y\nquestion q\nright two")[0].message.hasPrefix("'right' takes"))
        #expect(
            errors("lesson x y\nquestion q\noption a\ncode 'x' 'y'").map(\.message) == [
                "'code' takes one line of code, quoted ('…' keeps it verbatim)"
            ])
    }

    @Test func commandsGoThroughTheParser() {
        let d = errors(
            "lesson x y\nsett season autumn\ntask t\nexpect sesaon winter\nanswer edit\nok o")
        #expect(d.count == 2)
        #expect(d[0].message.contains("did you mean 'set'?"))
        #expect(d[1].message.contains("did you mean 'season'?"))
        #expect(d[1].location?.line == 4)
    }

    @Test func answersAndWrongEntriesAreCheckedAsCommandLines() {
        let d = errors(
            "lesson x y\ntask t\nexpect mode active\nanswer \"edit sideways\"\nwrong \"sho\"")
        #expect(d.count == 2)
        #expect(d[0].message.hasPrefix("the entry does not parse: unknown 'edit' mode 'sideways'"))
        #expect(d[1].message.contains("did you mean 'show'?"))
        #expect(parse("lesson x y\ntask t\nexpect mode active\nanswer skip\nok o").isSuccess)
    }

    @Test func badConditions() {
        let d = errors(
            """
            lesson x y
            task t
            answer edit
            ok fine
            when env colour red
            when trace maybe
            when typed show
            when seen x
            expect error done
            when event "Done pressed"
            when failed set
            when failed set sideways
            when shown editor of summary extra
            stuck "no guard"
            hint if mode active
            when read nothing
            when event "reset" by sho
            """)
        #expect(d.map { $0.location!.line } == Array(5...17))
        #expect(d[0].message.contains("unknown environment key 'colour'"))
        #expect(d[1].message.hasPrefix("expected 'on' or 'off', not 'maybe'"))
        #expect(d[2].message.hasPrefix("'when typed' is gone: a task is met by what happened"))
        #expect(d[3].message.hasPrefix("unknown condition 'seen'"))
        #expect(d[4].message.contains("'when failed COMMAND REASON'"))
        #expect(d[5].message.hasPrefix("'Done pressed' is not an event: an event is written"))
        #expect(d[6].message.hasPrefix("'failed' takes a command and the reason it failed"))
        #expect(d[7].message.hasPrefix("unknown reason 'sideways'"))
        #expect(d[8].message == "one condition a 'when' line; 'extra' follows it")
        #expect(d[9].message.hasPrefix("'stuck' needs a guard"))
        #expect(d[10].message == "'hint' needs its text after the condition")
        #expect(d[11].message.hasPrefix("'read' takes mode, sheet, json or a field"))
        #expect(d[12].message.contains("did you mean 'show'?"))
    }

    @Test func headerFirstAndOnce() {
        #expect(errors("say hi").map(\.message).first == "a lesson starts with 'lesson NAME TITLE'")
        #expect(
            errors("lesson a b\nlesson c d\ntask t\nwhen trace on\nanswer trace on\nok o").map(
                \.message) == ["one lesson per text ('lesson' again)"])
        #expect(
            errors("lesson a b").map(\.message) == ["a lesson needs at least one task or question"]
        )
    }

    @Test func aLexErrorInTheHeaderIsOneError() {
        let d = errors("lesson a b\"c\"\ntask t\nwhen trace on\nanswer trace on\nok o")
        #expect(d.count == 1)
        #expect(d[0].message.contains("quote"))
    }

    /// A 'task' or 'question' line that does not lex is one error (issue 35 item 9): it still
    /// opens its block, so the lines under it are its own and the lesson has a task.
    @Test func aLexErrorInATaskLineIsOneError() {
        let task = errors(
            "lesson a b\ntask \"Tap Edit\"now\n  answer \"edit on\"\n  hint \"type it\"\n  ok \"Done.\""
        )
        #expect(
            task.map(\.message) == [
                "a quoted string must be followed by a space, ';' or the line's end"
            ])
        #expect(task.first?.location?.line == 2)
        let question = errors(
            "lesson a b\nquestion \"Which\"x\noption a\noption b\nright 1\nwhy 1 w\nanswer 1")
        #expect(question.count == 1)
        // The block's own checks still hold for the lines after the next one.
        let next = errors("lesson a b\ntask \"t\"x\nanswer edit\ntask t2\nanswer edit")
        #expect(next.count == 2)
        #expect(next.last?.message.contains("success line") == true)
    }

    @Test func directivesAreNotCommands() {
        for word in LessonParser.directives where word != "why" {
            #expect(!Vocabulary.commands.contains(word))
        }
    }

    /// `why N TEXT` explains a question's option; `why FIELD` is the command.
    @Test func whyIsTheDirectiveBeforeANumberAndTheCommandBeforeAName() throws {
        let text = """
            lesson a "A"
            question "Which?"
            option "one"
            option "two"
            right 1
            why 1 "Because."
            answer 1
            task "Ask why: 'why mode'."
            answer "why mode"
            ok "Done."
            why profile.season
            """
        let lesson = try LessonParser.parse(text, source: "a.lesson").get()
        #expect(lesson.questions.first?.why[1] == "Because.")
        guard case .run(let command)? = lesson.steps.last else {
            Issue.record("the last line is no command: \(lesson.steps)")
            return
        }
        #expect(command.kind == .why(.field(.profile, .season)))
    }
}

extension Result {
    fileprivate var isSuccess: Bool {
        if case .success = self { return true }
        return false
    }
}
