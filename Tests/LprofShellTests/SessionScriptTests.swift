import LprofLanguage
import LprofModel
import Testing

@testable import LprofShell

/// The text of a recording (`record FILE`): the set-up that rebuilds a session from a fresh
/// profile, the expectations at its end, and how words are written so that the lexer
/// reads them back.
@Suite struct SessionScriptTests {
    /// The session after `script` (run as `-c` text), in `edition`.
    func session(_ script: String, edition: Edition = .release) -> InterpSession {
        let s = InterpSession(edition: edition)
        #expect(s.run(script) == 0, "\(script): \(s.rendered)")
        return s
    }

    /// The set-up's commands for `s` (comments left out), after checking that they take a
    /// fresh profile in memory exactly to where `s` stands.
    func setUp(_ s: InterpSession, sourceLocation: SourceLocation = #_sourceLocation)
        -> [String]
    {
        let lines: [String]
        do {
            lines = try SessionScript.setUp(
                s.host, today: s.interpreter.today, settings: s.interpreter.settings)
        } catch {
            Issue.record("cannot rebuild: \(error)", sourceLocation: sourceLocation)
            return []
        }
        let replay = Runner.replaySession(today: s.interpreter.today)
        #expect(
            replay.replays(lines, in: ".", reaching: s.interpreter), "\(lines)",
            sourceLocation: sourceLocation)
        return lines.filter { !$0.hasPrefix("#") }
    }

    static let start = ["env now 2026-11-30", "env edition release", "reset"]
    static let betaStart = ["env now 2026-11-30", "env edition beta", "reset"]

    @Test func aFreshSessionIsTodayTheDefaultProfileAndTheEdition() {
        #expect(setUp(session("")) == Self.start)
        #expect(setUp(session("", edition: .beta)) == Self.betaStart)
    }

    @Test func theProfileIsCommittedFieldByField() {
        let s = session(
            "edit on; set username \"Zoë 🍂\"; set notifications off; set goal +6m; done")
        #expect(
            setUp(s)
                == Self.start + [
                    "edit on", "set username \"Zoë 🍂\"", "set notifications off",
                    "set goal 2027-05-30", "done",
                ])
    }

    @Test func anActiveDraftGetsExactlyTheFieldsSetSinceEditingBegan() {
        // Setting the season to the value it had still counts as an edit.
        let s = session("edit on; set season winter; set goal +1m")
        #expect(s.host.wasEdited(.season))
        #expect(
            setUp(s) == Self.start + ["edit on", "set season winter", "set goal 2026-12-30"])
    }

    @Test func theBetaDraftOnTopOfACommittedProfile() {
        let s = session("edit on; set season autumn; done; edit on; set goal +1y", edition: .beta)
        #expect(
            setUp(s)
                == Self.betaStart + [
                    "edit on", "set season autumn", "done", "edit on", "set goal 2027-11-30",
                ])
    }

    @Test func aStaleDraftComesFromANewSheetUnderTheLabsWiring() {
        // The beta's editor, with the profile in ModelData, shows a new sheet's
        // Profile.default without copying the profile (the exact beta cannot).
        let s = session(
            "env wiring profile modeldata; edit on; set season autumn; done; dismiss; present; edit on; set username hiker",
            edition: .beta)
        #expect(s.host.draft.seasonalPhoto == .winter)
        #expect(
            setUp(s)
                == [
                    "env now 2026-11-30", "env edition beta", "env wiring profile modeldata",
                    "reset", "edit on", "set season autumn", "done", "dismiss", "present",
                    "edit on", "set username \"hiker\"",
                ])
    }

    @Test func changedPiecesAreSetBeforeEditing() {
        let s = session(
            "env wiring onAppear none; env wiring cancel-resets no; edit on; set season autumn")
        #expect(
            setUp(s)
                == Self.start + [
                    "env wiring onAppear none", "env wiring cancel-resets no", "edit on",
                    "set season autumn",
                ])
        let state = session("env wiring profile state; edit on; set season autumn; done")
        #expect(
            setUp(state)
                == [
                    "env now 2026-11-30", "env edition release", "env wiring profile state",
                    "reset", "edit on", "set season autumn", "done",
                ])
        #expect(
            SessionScript.expectations(state.host).contains("expect wiring profile state"))
    }

    @Test func aNewSheetsDraftOutOfEditMode() {
        let s = session("edit on; set season summer; done; dismiss; present")
        #expect(
            setUp(s)
                == Self.start + ["edit on", "set season summer", "done", "dismiss", "present"])
    }

    @Test func aDismissedSheet() {
        let s = session("edit on; set season autumn; done; dismiss")
        #expect(setUp(s) == Self.start + ["edit on", "set season autumn", "done", "dismiss"])
        let editing = session("edit on; set season autumn; dismiss", edition: .beta)
        #expect(setUp(editing) == Self.betaStart + ["dismiss"])
    }

    @Test func farGoalsGoAYearAtATime() {
        let forward = session("edit on; set goal +1y; set goal +1y; set goal +1y; set goal +6m")
        #expect(
            setUp(forward)
                == Self.start + [
                    "edit on", "set goal 2027-11-30", "set goal 2028-11-30", "set goal 2029-11-30",
                    "set goal 2030-05-30",
                ])
        let back = session("edit on; set goal -1y; set goal -1y; set goal -2m; done")
        #expect(
            setUp(back)
                == Self.start + [
                    "edit on", "set goal 2025-11-30", "set goal 2024-11-30", "set goal 2024-09-30",
                    "done",
                ])
        // A year from February 29 is February 28: the steps follow the picker's range.
        let leap = session(
            "env now 2028-02-29; reset; edit on; set goal +1y; set goal +1y; set goal +1y; "
                + "set goal +1d")
        #expect(
            setUp(leap)
                == ["env now 2028-02-29", "env edition release", "reset", "edit on"]
                + [
                    "set goal 2029-02-28", "set goal 2030-02-28", "set goal 2031-02-28",
                    "set goal 2031-03-01",
                ])
    }

    @Test func howViewsAreShownComesLast() {
        let s = session("env locale ko_KR; env sizeCategory ax2; trace on; edit on")
        let lines = setUp(s)
        #expect(
            lines.suffix(4) == [
                "edit on", "env locale ko_KR", "env sizeCategory accessibilityLarge", "trace on",
            ])
    }

    @Test func aDraftNoCommandsReachIsRefusedWithAdvice() {
        // A new sheet's Profile.default of another day: no command makes it today.
        let s = session(
            "edit on; set season autumn; done; dismiss; present; env now 2026-12-01")
        #expect(throws: SessionScript.Unrebuildable.draft) {
            try SessionScript.setUp(
                s.host, today: s.interpreter.today, settings: s.interpreter.settings)
        }
        #expect(
            SessionScript.cannotRecord(.draft, s.host)
                == "cannot record: no commands rebuild this session from a fresh profile: the "
                + "draft is neither the profile nor a new sheet's Profile.default; 'edit on' "
                + "then 'cancel' makes the draft the profile")
        #expect(s.run("edit on; cancel") == 0)
        #expect(setUp(s).first == "env now 2026-12-01")
        let beta = session(
            "env wiring profile modeldata; edit on; set season autumn; done; dismiss; present; env now 2026-12-01; edit on",
            edition: .beta)
        #expect(throws: SessionScript.Unrebuildable.uneditedDraft) {
            try SessionScript.setUp(
                beta.host, today: beta.interpreter.today, settings: beta.interpreter.settings)
        }
    }

    @Test func fromAnotherStateTheRebuildLeavesItFirst() throws {
        let target = session("edit on; set season autumn; done")
        let editing = session("edit on; set goal +1d")
        let lines = try SessionScript.rebuild(
            target.host, today: interpToday, from: (editing.host, interpToday))
        #expect(
            lines.filter { !$0.hasPrefix("#") }
                == ["cancel", "reset", "edit on", "set season autumn", "done"])
        let dismissed = session("dismiss", edition: .beta)
        let other = try SessionScript.rebuild(
            target.host, today: CalendarDay(year: 2026, month: 12, day: 24)!,
            from: (dismissed.host, interpToday))
        #expect(
            other.filter { !$0.hasPrefix("#") }.prefix(4)
                == ["present", "env now 2026-12-24", "env edition release", "reset"])
    }

    @Test func theExpectationsNameModeSheetAndEveryField() {
        let s = session("edit on; set username 'a \"b\" \\c'; set notifications off")
        #expect(
            SessionScript.expectations(s.host) == [
                "",
                "# Where the session ended: 'lprof test' fails unless each of these holds.",
                "expect mode active", "expect sheet presented",
                "expect profile.username \"g_kumar\"", "expect profile.notifications on",
                "expect profile.season winter", "expect profile.goal 2026-11-30",
                "expect draft.username \"a \\\"b\\\" \\\\c\"", "expect draft.notifications off",
                "expect draft.season winter", "expect draft.goal 2026-11-30",
            ])
        // …and they hold.
        #expect(s.run(SessionScript.expectations(s.host).joined(separator: "\n")) == 0)
    }

    @Test(arguments: [
        "plain", "a \"quoted\" name", "back\\slash\\", "\\\"", "tab\there", "new\nline",
        "bell\u{7}", "Zoë 🍂", "#hiker", "it's",
    ])
    func quotedTextReadsBackTheSame(_ text: String) {
        let line = SourceLine("print " + WordQuoting.doubleQuoted(text))
        #expect(line.lexError == nil)
        #expect(line.tokens.count == 2)
        #expect(line.tokens.last.map { line.text(of: $0) } == text)
        let word = SourceLine("print " + WordQuoting.word(text))
        #expect(word.tokens.last.map { word.text(of: $0) } == text)
        #expect(word.tokens.count == 2)
    }

    @Test func wordsStayBareWhenTheyCan() {
        #expect(WordQuoting.word("setup.lprof") == "setup.lprof")
        #expect(WordQuoting.word("/tmp/a-b/c_d.lprof") == "/tmp/a-b/c_d.lprof")
        #expect(WordQuoting.word("my setup.lprof") == "\"my setup.lprof\"")
        #expect(WordQuoting.word("a;b") == "\"a;b\"")
        #expect(WordQuoting.word("") == "\"\"")
        #expect(WordQuoting.doubleQuoted("a\"b\\c") == "\"a\\\"b\\\\c\"")
        #expect(SessionScript.shellWord("hike.lprof") == "hike.lprof")
        #expect(SessionScript.shellWord("my hike's.lprof") == "'my hike'\\''s.lprof'")
    }

    @Test func theHeaderNamesTheFileAsAShellWord() {
        let header = SessionScript.header(path: "/tmp/x/my session.lprof")
        #expect(header[2] == "# session ended:  lprof test 'my session.lprof'")
        #expect(header[3] == "# To watch it run:  lprof --memory 'my session.lprof'")
        #expect(header.allSatisfy { $0.isEmpty || $0.hasPrefix("# ") })
        #expect(header.allSatisfy { $0.count <= 80 })
    }
}
