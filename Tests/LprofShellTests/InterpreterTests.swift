import LprofModel
import Testing

@testable import LprofShell
@testable import LprofStore
@testable import LprofSystem
@testable import LprofText

@Suite struct InterpreterTests {
    // MARK: - get

    @Test func getDefaults() {
        let s = InterpSession()
        #expect(s.run("get username; get notifications; get season; get goal; get mode") == 0)
        #expect(s.output == "g_kumar\non\nwinter\n2026-11-30\ninactive\n")
        #expect(s.sink.collected.isEmpty)
    }

    @Test func getJSON() {
        let s = InterpSession()
        s.run("get --json")
        #expect(
            s.output
                == #"{"username":"g_kumar","prefersNotifications":true,"seasonalPhoto":"winter","goalDate":"2026-11-30"}"#
                + "\n")
    }

    @Test func getScopesAndVisibleProfile() {
        let s = InterpSession()
        #expect(
            s.run(
                "edit on; set season autumn; set notifications off; get season; get profile.season; get draft.season; get notifications"
            ) == 0)
        #expect(s.output == "autumn\nwinter\nautumn\noff\n")
        let j = InterpSession()
        j.run(
            "edit on; set season spring; get --json; get --json profile; get --json draft; cancel")
        let lines = j.output.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[0].contains(#""seasonalPhoto":"spring""#))
        #expect(lines[1].contains(#""seasonalPhoto":"winter""#))
        #expect(lines[2] == lines[0])
    }

    @Test func getPrintsUsernameRawAndJSONEscapes() {
        let s = InterpSession()
        s.run(#"edit on; set username "Gi \"ta\" 🍂"; done; get username; get --json"#)
        let lines = s.output.split(separator: "\n")
        #expect(lines[0] == #"Gi "ta" 🍂"#)
        #expect(lines[1].hasPrefix(#"{"username":"Gi \"ta\" 🍂","#))
    }

    // MARK: - set

    @Test func setWhileInactiveFailsAtTheCommand() {
        let s = InterpSession()
        #expect(s.run("get mode;  set season autumn") == 1)
        #expect(s.errors.count == 1)
        #expect(s.errors[0].location == .init(source: "<command-line>", line: 1, column: 12))
        #expect(s.errors[0].message.contains("edit mode"))
        #expect(s.host.draft.seasonalPhoto == .winter)
    }

    @Test func setBadValueFailsAtTheValueAndChangesNothing() {
        let s = InterpSession()
        // Wrong whatever the state: found before the line runs (exit 2), so not even
        // 'edit on' ran.
        #expect(s.run("edit on; set season monsoon") == 2)
        let d = s.errors.first
        #expect(d?.location?.column == 21)
        #expect(d?.message.hasPrefix("unknown season value 'monsoon'") == true)
        #expect(s.host.draft == s.host.profile)
        #expect(s.host.editMode == .inactive)
    }

    @Test func setSuggestsTheNearestValue() {
        let s = InterpSession()
        s.run("edit on; set season autum")
        #expect(s.errors.first?.message.contains("did you mean 'autumn'?") == true)
        let t = InterpSession()
        t.run("edit on; set notifications xyzzy")
        #expect(t.errors.first?.message.contains("expected one of") == true)
    }

    @Test func setEveryField() {
        let s = InterpSession()
        #expect(
            s.run(
                "edit on; set username 한글; set notifications NO; set season Fall; set goal +1m; done"
            ) == 0)
        #expect(
            s.host.profile
                == Profile(
                    username: "한글", prefersNotifications: false, seasonalPhoto: .autumn,
                    goalDate: CalendarDay(year: 2026, month: 12, day: 30)!))
        #expect(s.host.editMode == .inactive)
    }

    @Test func setToggleAndSeasonEmoji() {
        let s = InterpSession()
        s.run("edit on; set notifications toggle; set season 🍂; get notifications; get season")
        #expect(s.output == "off\nautumn\n")
    }

    @Test func goalOutOfRangePrintsTheRange() {
        let s = InterpSession()
        #expect(s.run("edit on; set goal +2y") == 1)
        let message = s.errors.first?.message ?? ""
        #expect(message.contains("2025-11-30"))
        #expect(message.contains("2027-11-30"))
        #expect(s.errors.first?.location?.column == 19)
        #expect(s.host.draft.goalDate == interpToday)
    }

    @Test func badUsernameIsRefused() {
        let s = InterpSession()
        #expect(s.run(#"edit on; set username " lead""#) == 2)
        #expect(s.host.draft.username == "g_kumar")
    }

    // MARK: - edit, done, cancel, reset

    @Test func doneWhileInactiveIsAnErrorAtDone() {
        let s = InterpSession()
        #expect(s.run("print x; done") == 1)
        #expect(s.errors.first?.location?.column == 10)
        #expect(s.errors.first?.message.contains("'done' needs edit mode") == true)
        let c = InterpSession()
        #expect(c.run("cancel") == 1)
    }

    @Test func cancelDiscardsAndSavesNothing() {
        let storage = InterpRecordingStorage()
        let s = InterpSession(storage: storage)
        #expect(s.run("edit on; set season summer; cancel; get season; get mode") == 0)
        #expect(s.output == "winter\ninactive\n")
        #expect(storage.saves.isEmpty)
    }

    @Test func doneCommitsAndSaves() {
        let storage = InterpRecordingStorage()
        let s = InterpSession(storage: storage)
        #expect(
            s.run("edit on; set season summer; done; edit on; set season spring; edit off") == 0)
        #expect(storage.saves.count == 2)
        #expect(storage.saves[0].profile.seasonalPhoto == .summer)
        #expect(storage.saves[0].expectedRevision == 0)
        #expect(storage.saves[0].force == false)
        #expect(storage.saves[1].expectedRevision == 1)
        #expect(s.interpreter.base.revision == 2)
        #expect(s.host.profile.seasonalPhoto == .spring)
    }

    @Test func editOnWhileActiveAndOffWhileInactiveDoNothing() {
        let storage = InterpRecordingStorage()
        let s = InterpSession(storage: storage)
        #expect(
            s.run("edit off; get mode; edit on; set season fall; edit on; get season; get mode")
                == 0)
        #expect(s.output == "inactive\nautumn\nactive\n")
        #expect(storage.saves.isEmpty)
    }

    @Test func betaEditButtonCancels() {
        let storage = InterpRecordingStorage()
        let s = InterpSession(storage: storage, edition: .beta)
        #expect(
            s.run(
                "edit on; set season summer; edit; get season; edit on; set season spring; done; get season"
            ) == 0)
        #expect(s.output == "winter\nspring\n")
        // The exact beta: the profile is ProfileHost's @State, so nothing is saved.
        #expect(storage.saves.isEmpty)
        #expect(storage.commits.isEmpty)
    }

    @Test func theBetaIgnoresTheStoreAndItsLabWiringShowsTheStaleDraft() {
        let loaded = StoredProfile(
            profile: Profile(
                username: "stored", prefersNotifications: false, seasonalPhoto: .summer,
                goalDate: interpToday),
            revision: 4)
        let exact = InterpSession(
            storage: MemoryProfileStorage(initial: loaded), loaded: loaded, edition: .beta)
        exact.run("edit on; get username; get profile.username")
        #expect(exact.output == "g_kumar\ng_kumar\n")
        let s = InterpSession(
            storage: MemoryProfileStorage(initial: loaded), loaded: loaded, edition: .beta)
        s.run("env wiring profile modeldata; edit on; get username; get profile.username")
        #expect(s.output == "g_kumar\nstored\n")
        #expect(s.interpreter.base.revision == 4)
        let r = InterpSession(storage: MemoryProfileStorage(initial: loaded), loaded: loaded)
        r.run("edit on; get username; cancel")
        #expect(r.output == "stored\n")
        #expect(r.interpreter.base.revision == 4)
    }

    @Test func resetOnlyWhileInactiveAndSaved() {
        let storage = InterpRecordingStorage()
        let s = InterpSession(storage: storage)
        #expect(s.run("edit on; reset") == 1)
        #expect(s.errors.first?.location?.column == 10)
        #expect(storage.saves.isEmpty)
        let t = InterpSession(storage: storage)
        #expect(
            t.run("edit on; set season fall; done; env now 2027-03-01; reset; get season; get goal")
                == 0)
        #expect(t.output == "winter\n2027-03-01\n")
        #expect(storage.saves.count == 2)
        #expect(storage.saves[1].force == false)
        let u = InterpSession(storage: storage)
        u.run("env now 2027-01-01; reset --force")
        #expect(storage.saves.last?.force == true)
        // A reset of a profile that is the default already saves nothing.
        let saved = storage.saves.count
        #expect(u.run("reset; reset --force") == 0)
        #expect(storage.saves.count == saved)
    }

    // MARK: - Store failures

    @Test func conflictOnDoneIsStatus3AndKeepsTheDraft() {
        let storage = InterpRecordingStorage()
        storage.failure = .conflict
        let s = InterpSession(storage: storage, keepGoing: true)
        #expect(s.run("edit on\nset season autumn\ndone\nprint after") == 3)
        #expect(s.errors.count == 1)
        #expect(s.errors[0].location == .init(source: "<command-line>", line: 3, column: 1))
        #expect(s.errors[0].message.contains("changed since it was read"))
        // A store error always stops, even with --keep-going.
        #expect(!s.output.contains("after"))
        #expect(s.host.editMode == .active)
        #expect(s.host.draft.seasonalPhoto == .autumn)
        #expect(s.host.profile.seasonalPhoto == .winter)
        #expect(s.interpreter.base.revision == 0)
    }

    @Test func conflictThenForce() throws {
        let storage = InterpRecordingStorage()
        storage.failure = .conflict
        let s = InterpSession(storage: storage)
        _ = try s.execute("edit on")
        _ = try s.execute("set season autumn")
        #expect(throws: CommandFailure.self) { try s.execute("done") }
        do {
            _ = try s.execute("done")
        } catch {
            #expect(error.status == .store)
            #expect(error.span == Span(line: 1, start: 0, end: 4))
        }
        #expect(s.host.editMode == .active)
        #expect(try s.execute("done --force") == .next)
        #expect(storage.saves.last?.force == true)
        #expect(s.host.editMode == .inactive)
        #expect(s.host.profile.seasonalPhoto == .autumn)
    }

    @Test func conflictOnEditOffInRelease() {
        let storage = InterpRecordingStorage()
        storage.failure = .conflict
        let s = InterpSession(storage: storage)
        #expect(s.run("edit on; set season spring; edit off") == 3)
        #expect(s.host.editMode == .active)
        #expect(s.host.draft.seasonalPhoto == .spring)
    }

    @Test func writeFailureOnResetIsStatus3() {
        let storage = InterpRecordingStorage()
        storage.failure = .writeFailed
        let s = InterpSession(storage: storage)
        #expect(s.run("env now 2027-01-01; reset --force; print after") == 3)
        #expect(!s.output.contains("after"))
    }

    @Test func storeErrorInsideExpectErrorStillFails() {
        let storage = InterpRecordingStorage()
        storage.failure = .conflict
        let s = InterpSession(storage: storage)
        #expect(s.run("edit on; set season fall; expect error done; print after") == 3)
        #expect(!s.output.contains("after"))
    }

    /// A commit that succeeds inside `expect error` fails the expectation and changes
    /// nothing: the store is checked, never written, and the host is as it was.
    @Test func succeedingCommitInsideExpectErrorWritesNothing() {
        let storage = InterpRecordingStorage()
        let s = InterpSession(storage: storage)
        #expect(s.run("edit on; set season fall; expect error done") == 1)
        #expect(storage.saves.isEmpty)
        #expect(s.interpreter.host.editMode == .active)
        #expect(s.interpreter.host.draft.seasonalPhoto == .autumn)
        #expect(s.interpreter.host.profile.seasonalPhoto == .winter)
        #expect(s.run("expect error reset") == 1)
        #expect(storage.saves.isEmpty)
        #expect(s.interpreter.host.draft.seasonalPhoto == .autumn)
    }

    // MARK: - expect

    @Test func expectPassesAndFails() {
        let s = InterpSession()
        #expect(
            s.run(
                "expect season WINTER; expect notifications yes; expect goal today; expect goal 2026-11-30; expect mode inactive; expect username g_kumar"
            ) == 0)
        let f = InterpSession()
        #expect(f.run("expect season autumn") == 1)
        #expect(f.errors.first?.message == "expected season to be autumn, but it is winter")
        #expect(f.errors.first?.location?.column == 15)
    }

    @Test func expectScopesAndMode() {
        let s = InterpSession()
        #expect(
            s.run(
                "edit on; set season fall; expect draft.season autumn; expect profile.season winter; expect season autumn; expect mode active"
            ) == 0)
        let f = InterpSession()
        #expect(f.run("edit on; set season fall; expect profile.season autumn") == 1)
        #expect(f.errors.first?.message.contains("profile.season") == true)
        let m = InterpSession()
        #expect(m.run("expect mode active") == 1)
        #expect(m.errors.first?.message == "expected mode active, but it is inactive")
        let b = InterpSession()
        #expect(b.run("expect mode actve") == 2)
        #expect(b.errors.first?.message.contains("did you mean 'active'?") == true)
    }

    @Test func expectRejectsOffsetsAndToggle() {
        let s = InterpSession()
        #expect(s.run("expect goal +1d") == 2)
        #expect(s.errors.first?.message.contains("offset") == true)
        let t = InterpSession()
        #expect(t.run("expect notifications toggle") == 2)
    }

    @Test func expectUsernameQuotesBothValues() {
        let s = InterpSession()
        #expect(s.run(#"expect username "x \"y\"""#) == 1)
        let message = s.errors.first?.message ?? ""
        #expect(message.contains(#""g_kumar""#))
        #expect(message.contains(#""x \"y\"""#))
        // A value set would refuse is refused before running, and shown escaped.
        let t = InterpSession()
        #expect(t.run(#"expect username "x\u{1B}y""#) == 2)
        #expect(!t.rendered.utf8.contains(0x1B))
    }

    @Test func expectError() {
        let s = InterpSession()
        #expect(
            s.run(
                "expect error set season autumn; expect error done; expect error edit on; print ok")
                == 1)
        #expect(s.output == "")
        #expect(s.errors.count == 1)
        #expect(s.errors[0].message == "expected an error, but 'edit' succeeded")
        #expect(s.errors[0].location?.column == 52)
        // A failing expectation changes nothing: the inner command's effect is undone.
        #expect(s.host.editMode == .inactive)
    }

    @Test func expectErrorPassesOnFailures() {
        let s = InterpSession()
        #expect(s.run("expect error expect season summer; expect error get mode; print never") == 1)
        #expect(s.errors.first?.message == "expected an error, but 'get' succeeded")
        #expect(s.output == "inactive\n")
    }

    // MARK: - env

    @Test func envListsInOrder() {
        let s = InterpSession()
        s.run("env")
        #expect(
            s.output
                == "editMode=inactive\nsizeCategory=large\nlocale=en_US\nnow=2026-11-30\nedition=release\nwiring=release\n"
        )
        let v = InterpSession()
        v.run("show env")
        #expect(v.output == s.output)
    }

    @Test func envSetAndRead() {
        let s = InterpSession()
        #expect(
            s.run(
                "env sizeCategory ax3; env sizeCategory; env locale ko-KR.UTF-8; env locale; env now 2030-01-02; env now; env edition BETA; env edition; edit on; env editMode"
            ) == 0)
        #expect(s.output == "accessibilityExtraLarge\nko_KR\n2030-01-02\nbeta\nactive\n")
        #expect(s.interpreter.today == CalendarDay(year: 2030, month: 1, day: 2)!)
        let t = InterpSession()
        t.run(
            "env now 2030-01-02; env now today; env now; env now 2030-01-02; env now ToDay; env now"
        )
        #expect(t.output == "2026-11-30\n2026-11-30\n")
    }

    @Test(arguments: [
        ("env editMode active", "read-only"),
        ("env sizeCategory huge", "unknown size category 'huge'"),
        ("env sizeCategory ax6", "did you mean"),
        ("env locale 12", "unknown locale '12'"),
        ("env now 2026-02-30", "YYYY-MM-DD"),
        ("env now 0999-01-01", "1000–9999"),
        ("env edition gamma", "unknown edition 'gamma'"),
    ])
    func envErrorsPointAtTheValue(line: String, message: String) {
        let s = InterpSession()
        #expect(s.run(line) == 2)
        let value = line.split(separator: " ").last!
        let column = line.count - value.count + 1
        #expect(s.errors.first?.location?.column == column, "\(line)")
        #expect(
            s.errors.first?.message.contains(message) == true,
            "\(line): \(s.errors.first?.message ?? "")")
    }

    @Test func editionOnlyWhileInactive() {
        let s = InterpSession()
        #expect(s.run("edit on; env edition beta") == 1)
        #expect(s.host.edition == .release)
        // An error about state points at the command (SPEC §4).
        #expect(s.errors.first?.location?.column == 10)
    }

    // MARK: - trace

    @Test func traceReleaseEdit() {
        let s = InterpSession(storage: MemoryProfileStorage(), trace: true)
        s.run("edit on; set season autumn; done")
        #expect(
            s.output == """
                ~ editMode: inactive → active
                ~ ProfileSummary disappears
                ~ ProfileEditor appears
                ~ ProfileEditor.onAppear: draft = profile (same value: nothing changes)
                ~ draft.season = autumn
                ~ editMode: active → inactive
                ~ ProfileEditor disappears
                ~ ProfileEditor.onDisappear: profile = draft
                ~ ProfileSummary appears
                ~ lprof store: saved revision 1 to memory

                """)
    }

    @Test func traceReleaseCancelShowsTheQuirk() {
        let s = InterpSession(trace: true)
        s.run("edit on; set season autumn; cancel")
        let lines = s.output.split(separator: "\n").map(String.init)
        #expect(
            Array(lines.suffix(5)) == [
                "~ Cancel button: draft = profile",
                "~ editMode: active → inactive",
                "~ ProfileEditor disappears",
                "~ ProfileEditor.onDisappear: profile = draft (same value: nothing changes)",
                "~ ProfileSummary appears",
            ])
        #expect(!s.output.contains("store"))
    }

    @Test func traceBetaHasNoOnAppearCopy() {
        let s = InterpSession(edition: .beta, trace: true)
        s.run("edit on; done")
        #expect(!s.output.contains("onAppear: draft = profile"))
        #expect(s.output.contains("~ ProfileEditor has no onAppear: it shows the draft as it is\n"))
        #expect(s.output.contains("~ Done button (beta): profile = draft"))
        #expect(s.output.contains("~ ProfileEditor.onDisappear: draft = profile"))
    }

    @Test func traceSwitches() {
        let s = InterpSession()
        s.run("trace; edit on; trace; cancel; trace on; trace on; edit on; trace off; cancel")
        let lines = s.output.split(separator: "\n")
        #expect(lines.count == 8)
        #expect(lines.allSatisfy { $0.hasPrefix("~ ") })
        #expect(s.interpreter.settings.trace == false)
    }

    @Test func traceOfFailedCommitPrintsNothing() {
        let storage = InterpRecordingStorage()
        storage.failure = .conflict
        let s = InterpSession(storage: storage)
        s.run("edit on; set season fall; trace on; done")
        #expect(s.output == "")
    }

    // MARK: - print, help, history, quit

    @Test func printJoinsWithSpaces() {
        let s = InterpSession()
        s.run(#"print; print a "b  c" 'd\n' "e\tf" 🍂"#)
        #expect(s.output == "\na b  c d\\n e\tf 🍂\n")
    }

    @Test func printNeverWritesControlCharacters() {
        let s = InterpSession()
        s.run(#"print "\u{1B}[2J" "\u{9B}" "\u{7}""#)
        #expect(
            !s.output.unicodeScalars.contains {
                ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value)
            })
        #expect(s.output.contains("[2J"))
    }

    @Test func helpPrintsSomething() {
        let s = InterpSession()
        #expect(s.run("help; help set; help goal") == 0)
        #expect(s.output.contains("season"))
    }

    @Test func historyOutsideInteractiveUsePrintsNothing() {
        let s = InterpSession()
        #expect(s.run("history; history 3") == 0)
        #expect(s.output == "")
        #expect(s.run("history x") == 2, "a syntax error: found before running")
    }

    @Test func historyNumbersEntries() {
        let s = InterpSession()
        let prompt = FixedPrompt(history: ["get mode", "edit on", "print \u{1B}"])
        s.runner.prompt = prompt
        s.run("history 2")
        #expect(s.output == "    2  edit on\n    3  print ^[\n")
    }

    @Test func quitFlow() throws {
        let s = InterpSession()
        #expect(try s.execute("quit") == .quit)
        #expect(try s.execute("exit") == .quit)
        #expect(try s.execute("get mode") == .next)
    }

    @Test func sourceWithoutRunnerIsAnError() {
        let out = OutputBuffer(.capture)
        let i = Interpreter(
            storage: MemoryProfileStorage(), loaded: nil, settings: Settings(), out: out,
            clock: { interpToday })
        #expect(throws: CommandFailure.self) { try i.execute(interpParse("source x.lprof")) }
    }

    @Test func showRendersSomething() {
        let s = InterpSession()
        #expect(
            s.run(
                "show; show summary; show editor; show diff; show badges; show hike; show hike pace"
            ) == 0)
        #expect(s.output.contains("g_kumar"))
    }

    @Test func nowDrivesTodayAndDefaultGoal() {
        let out = OutputBuffer(.capture)
        var settings = Settings()
        settings.now = CalendarDay(year: 2030, month: 5, day: 6)!
        let i = Interpreter(
            storage: MemoryProfileStorage(), loaded: nil, settings: settings, out: out,
            clock: { interpToday })
        #expect(i.host.profile.goalDate == CalendarDay(year: 2030, month: 5, day: 6)!)
    }
}

/// A prompt with a fixed history and no Ctrl-C.
final class FixedPrompt: PromptInput {
    let historyEntries: [String]
    init(history: [String]) { historyEntries = history }
    func takeInterrupt() -> Bool { false }
}
