import LprofModel
import Testing

@testable import LprofShell
@testable import LprofText

/// `dismiss`, `present`, `get sheet`, `expect sheet`, and what works while dismissed.
@Suite struct InterpreterSheetTests {
    @Test func getSheetAndExpectSheet() {
        let s = InterpSession()
        #expect(
            s.run(
                "get sheet; expect sheet presented; dismiss; get sheet; expect sheet DISMISSED; present; get sheet"
            ) == 0)
        #expect(s.output == "presented\ndismissed\npresented\n")
    }

    @Test func expectSheetFailsNamingBothStatesAtTheValue() {
        let s = InterpSession()
        #expect(s.run("expect sheet dismissed") == 1)
        #expect(s.errors.first?.message == "expected sheet dismissed, but it is presented")
        #expect(s.errors.first?.location?.column == 14)
        let t = InterpSession()
        #expect(t.run("expect sheet dismised") == 2)
        #expect(
            t.errors.first?.message
                == "unknown sheet state 'dismised' (expected presented or dismissed); did you mean 'dismissed'?"
        )
    }

    @Test func releaseDismissWhileEditingCommitsAndSaves() {
        let storage = InterpRecordingStorage()
        let s = InterpSession(storage: storage)
        #expect(s.run("edit on; set season autumn; dismiss; get season; get mode") == 0)
        #expect(s.output == "autumn\ninactive\n")
        #expect(storage.saves.count == 1)
        #expect(storage.saves[0].profile.seasonalPhoto == .autumn)
        #expect(storage.saves[0].force == false)
        #expect(s.interpreter.base.revision == 1)
    }

    @Test func releaseDismissConflictLeavesTheHostEditingAndForceOverwrites() {
        let storage = InterpRecordingStorage()
        storage.failure = .conflict
        let s = InterpSession(storage: storage)
        #expect(s.run("edit on; set season autumn; dismiss") == 3)
        #expect(s.errors.first?.message.contains("'dismiss --force'") == true)
        #expect(s.host.sheet == .presented)
        #expect(s.host.editMode == .active)
        #expect(s.host.draft.seasonalPhoto == .autumn)
        #expect((try? s.execute("dismiss --force")) == .next)
        #expect(s.host.sheet == .dismissed)
        #expect(s.host.profile.seasonalPhoto == .autumn)
        #expect(storage.saves.last?.force == true)
    }

    @Test func betaDismissWhileEditingSavesNothing() {
        let storage = InterpRecordingStorage()
        let s = InterpSession(storage: storage, edition: .beta)
        #expect(s.run("edit on; set season autumn; dismiss; get season; get draft.season") == 0)
        #expect(s.output == "winter\nwinter\n")
        #expect(storage.saves.isEmpty)
    }

    @Test(arguments: Edition.allCases)
    func dismissWhileInactiveSavesNothing(edition: Edition) {
        let storage = InterpRecordingStorage()
        let s = InterpSession(storage: storage, edition: edition)
        #expect(s.run("dismiss; present") == 0)
        #expect(storage.saves.isEmpty)
    }

    @Test(arguments: Edition.allCases)
    func presentStartsTheDraftAtTheDefaultOfToday(edition: Edition) {
        let s = InterpSession(edition: edition)
        #expect(
            s.run(
                "edit on; set username hiker; done; dismiss; env now 2027-02-01; present; get draft.username; get draft.goal; get username"
            ) == 0)
        // The profile survives the sheet in ModelData (release); in the beta it is
        // ProfileHost's @State, which starts again at Profile.default.
        #expect(s.output == "g_kumar\n2027-02-01\n\(edition == .release ? "hiker" : "g_kumar")\n")
    }

    @Test(arguments: [
        "edit on", "edit", "edit off", "set season autumn", "done", "cancel", "reset", "dismiss",
    ])
    func stateErrorsWhileDismissedSayToPresent(command: String) {
        let storage = InterpRecordingStorage()
        let s = InterpSession(storage: storage)
        #expect(s.run("dismiss; \(command)") == 1)
        #expect(s.errors.count == 1)
        #expect(s.errors.first?.message.contains("type 'present'") == true)
        #expect(s.errors.first?.location?.column == 10)
        #expect(s.host.sheet == .dismissed)
        #expect(storage.saves.isEmpty)
    }

    @Test func presentWhilePresentedIsAStateError() {
        let s = InterpSession()
        #expect(s.run("present") == 1)
        #expect(
            s.errors.first?.message
                == "the profile sheet is already presented (CategoryHome's profile button lies under it); type 'dismiss' first"
        )
    }

    @Test func getAndShowWorkWhileDismissed() {
        let s = InterpSession()
        s.run("edit on; set season spring; done; dismiss")
        let before = s.output
        #expect(
            s.run("get season; get profile.season; get mode; get --json; env editMode") == 0)
        let lines = s.output.dropFirst(before.count).split(separator: "\n")
        #expect(lines[0] == "spring")
        #expect(lines[1] == "spring")
        #expect(lines[2] == "inactive")
        #expect(lines[3].contains(#""seasonalPhoto":"spring""#))
        #expect(lines[4] == "inactive")
    }

    @Test func bareShowWhileDismissedIsCategoryHome() {
        let s = InterpSession()
        s.run("dismiss; show")
        #expect(s.output.hasPrefix("Featured "))
        // The title line with the profile button, then the list VoiceOver reads there.
        #expect(s.output.split(separator: "\n")[0].hasSuffix("[👤]"))
        #expect(s.output.contains("\nLakes\n  Silver Lake   Echo Lake\n"))
        let t = InterpSession()
        t.run("dismiss; show summary")
        #expect(t.output.hasPrefix("g_kumar\nNotifications: On\n"))
    }

    @Test func showVoiceoverReadsTheVisibleScreen() {
        let s = InterpSession()
        s.run("show voiceover")
        #expect(s.output.hasPrefix("Edit, button\ng_kumar\n"))
        let e = InterpSession(edition: .beta)
        e.run("edit on; show voiceover")
        #expect(e.output.hasPrefix("Done, button\nCancel, button\nUsername\ntext field, g_kumar\n"))
        let d = InterpSession()
        d.run("dismiss; show voiceover")
        #expect(d.output.hasPrefix("User Profile, button\nFeatured, heading\nimage\nLakes\n"))
    }

    @Test func expectErrorUndoesADismissThatSucceeded() {
        let storage = InterpRecordingStorage()
        let s = InterpSession(storage: storage)
        #expect(s.run("edit on; set season autumn; expect error dismiss") == 1)
        #expect(s.host.sheet == .presented)
        #expect(s.host.editMode == .active)
        #expect(s.host.profile.seasonalPhoto == .winter)
        #expect(storage.saves.isEmpty)
        let t = InterpSession()
        #expect(
            t.run("expect error present; dismiss; expect error dismiss; expect error edit on") == 0)
    }

    @Test func traceLinesForTheSheet() {
        let s = InterpSession(trace: true)
        s.run("edit on; set season autumn; dismiss; present")
        let trace = s.output.split(separator: "\n").filter { $0.hasPrefix("~ ") }
        #expect(
            Array(trace.suffix(8)) == [
                "~ ProfileEditor disappears",
                "~ ProfileEditor.onDisappear: profile = draft",
                "~ lprof: dismissing while editing committed the draft: the editor's own onDisappear ran as it left with the sheet",
                "~ lprof: edit mode went with the sheet (no button was tapped): a new ProfileHost starts inactive",
                "~ sheet dismissed: ProfileHost disappears",
                "~ lprof store: saved revision 1 to memory",
                "~ sheet presented: ProfileHost appears, its @State draft = Profile.default",
                "~ ProfileSummary appears",
            ])
        let b = InterpSession(edition: .beta, trace: true)
        b.run("dismiss; present")
        #expect(
            b.output.split(separator: "\n").suffix(3) == [
                "~ sheet dismissed: ProfileHost disappears",
                "~ sheet presented: ProfileHost appears, its @State profile and draft = Profile.default",
                "~ ProfileSummary appears",
            ])
    }

    @Test func echoShowsTheDismissedPrompt() {
        let s = InterpSession(echo: true)
        s.run("dismiss; get sheet; present")
        #expect(
            s.output
                == "lprof> dismiss\nlprof (dismissed)> get sheet\ndismissed\nlprof (dismissed)> present\n"
        )
    }
}
