import LprofModel
import Testing

@testable import LprofShell
@testable import LprofStore

/// What lprof says about a draft left behind, a stale beta draft and a failed commit, and the
/// trace lines that mark lprof's own doings: every sentence names the control and edition.
@Suite struct DraftWarningTests {
    /// A stored profile that differs from the default in the username only.
    static let stored = StoredProfile(
        profile: Profile(
            username: "hiker", prefersNotifications: true, seasonalPhoto: .winter,
            goalDate: interpToday),
        revision: 1)

    /// A session that read `stored` from a store in memory.
    static func session(_ edition: Edition = .release, trace: Bool = false) -> InterpSession {
        InterpSession(
            storage: MemoryProfileStorage(initial: stored), loaded: stored, edition: edition,
            trace: trace)
    }

    /// The beta's buttons with the profile in ModelData (the wiring lab's
    /// `env wiring profile modeldata`): the editor, which has no onAppear copy, meets a
    /// profile that outlived the sheet, so a new sheet's draft is stale. The exact beta
    /// cannot show this; only this wiring can.
    static func staleSession(trace: Bool = false) -> InterpSession {
        let s = session(.beta)
        s.run("env wiring profile modeldata")
        s.interpreter.settings.trace = trace
        return s
    }

    /// Wrapped text as one line.
    static func unwrapped(_ text: String) -> String {
        text.split(separator: "\n").joined(separator: " ")
    }

    // MARK: End of script

    @Test func aStaleDraftAloneIsNoChangeAndGetsNoWarning() {
        let s = Self.staleSession()
        #expect(s.run("edit on") == 0)
        #expect(s.host.draft != s.host.profile)
        #expect(s.warnings.isEmpty)
        #expect(!s.host.hasPendingChanges)
    }

    @Test func staleWarningNamesOnlyTheLearnersChangesAndWhatACommitWouldAlsoWrite() {
        let s = Self.staleSession()
        #expect(s.run("edit on; set season autumn") == 0)
        #expect(s.warnings.count == 1)
        let message = s.warnings[0].message
        #expect(message.hasPrefix("ended in edit mode: your changes to the draft (season) were"))
        #expect(message.contains("a commit would also write username, which you did not set"))
        #expect(message.contains("as this editor has no onAppear copy"))
    }

    @Test func theExactBetaHasNoStaleDraft() {
        let s = Self.session(.beta)
        #expect(s.run("edit on; set season autumn") == 0)
        #expect(s.warnings.count == 1)
        #expect(!s.warnings[0].message.contains("would also"))
        #expect(!s.warnings[0].message.contains("dismiss"))
    }

    @Test func releaseWarningSaysEndingIsNotDismissing() {
        let s = InterpSession()
        #expect(s.run("edit on; set season autumn") == 0)
        #expect(
            s.warnings.map(\.message) == [
                "ended in edit mode: your changes to the draft (season) were discarded; end with 'done' to keep them (or with 'dismiss': the editor's onDisappear commits as the sheet goes, but ending lprof dismisses nothing)"
            ])
    }

    @Test func afterAFailedCommitTheWarningDoesNotAdviseDone() {
        let storage = InterpRecordingStorage()
        storage.failure = .conflict
        let s = InterpSession(storage: storage)
        #expect(s.run("edit on; set season autumn; done") == 3)
        #expect(s.errors.count == 1)
        #expect(
            s.warnings.map(\.message) == [
                "ended in edit mode because 'done' could not commit (the error above): your changes to the draft (season) were not saved and are discarded"
            ])
        let e = InterpSession(storage: storage)
        #expect(e.run("edit on; set season autumn; edit off") == 3)
        #expect(e.warnings.first?.message.contains("because 'edit off' could not commit") == true)
    }

    @Test func aFailedResetOutsideEditModeWarnsOfNothing() {
        let storage = InterpRecordingStorage()
        let s = InterpSession(storage: storage)
        // Not the default profile already, so reset has something to save.
        #expect(s.run("edit on; set season autumn; done") == 0)
        storage.failure = .conflict
        #expect(s.run("reset") == 3)
        #expect(s.warnings.isEmpty)
    }

    /// The echo's prompt is the terminal's: the lab's `(wired)`, and the `*` of a stale
    /// draft too (the end-of-script warning still counts only the learner's changes).
    @Test func theEchoedPromptIsTheTerminals() {
        let s = Self.staleSession()
        s.interpreter.settings.echo = true
        s.run("edit on\nget username\nset season autumn\nset season winter")
        #expect(
            s.output == """
                lprof (wired)> edit on
                lprof (wired) edit*> get username
                g_kumar
                lprof (wired) edit*> set season autumn
                lprof (wired) edit*> set season winter

                """)
        #expect(s.warnings.isEmpty)
    }

    // MARK: Quit at the prompt

    @Test func quitWarningNamesTheEditionsWayOut() throws {
        var release = Host(profile: Self.stored.profile, defaultProfile: Self.stored.profile)
        _ = try release.apply(.editButton(.on))
        _ = try release.apply(.fieldChanged(.season(.autumn)))
        #expect(
            DraftWarning.quit(release)
                == "the draft has changes that are not committed (season); 'done' commits them, 'cancel' drops them, or quit again to leave without them (quitting lprof dismisses nothing, so no onDisappear runs; 'dismiss' would commit them, as the editor's onDisappear commits)"
        )
        // The beta's buttons with the profile in ModelData: a stale draft.
        var beta = Host(
            profile: Self.stored.profile, defaultProfile: .default(today: interpToday),
            edition: .beta)
        _ = try beta.apply(.rewire(.profile(.modeldata), .default(today: interpToday)))
        _ = try beta.apply(.editButton(.on))
        _ = try beta.apply(.fieldChanged(.season(.autumn)))
        let text = DraftWarning.quit(beta)
        #expect(text.hasPrefix("the draft has changes that are not committed (season);"))
        #expect(text.contains("a commit would also write username, which you did not set"))
        #expect(!text.contains("dismiss"))
    }

    @Test func listsJoinWithCommas() {
        #expect(DraftWarning.list([.username]) == "username")
        #expect(DraftWarning.list([.username, .season]) == "username, season")
    }

    // MARK: show diff

    @Test func diffMarksTheStaleDraft() {
        let s = Self.staleSession()
        s.run("edit on; set season autumn; show diff")
        let lines = s.output.split(separator: "\n").map(String.init)
        #expect(lines.count >= 3)
        #expect(lines.first == "username: hiker → g_kumar (not edited)")
        #expect(lines.dropFirst().first == "season: winter → autumn")
        #expect(
            lines.dropFirst(2).first?.hasPrefix("Not edited: the draft still holds an older value")
                == true)
        #expect(Self.unwrapped(s.output).contains("a commit would write it too."))
    }

    @Test func diffOfANewSheetsDraftBeforeEditing() {
        let s = Self.session()
        s.run("show diff")
        #expect(
            s.output == """
                username: hiker → g_kumar (not edited)
                Not edited: the draft holds a value the profile does not (a new sheet's draft is
                Profile.default; a merge or 'reload' changes the profile alone); the editor's
                onAppear copies the profile into it when editing begins.

                """)
        // The exact beta: profile and draft both start at Profile.default.
        let b = Self.session(.beta)
        b.run("show diff")
        #expect(b.output == "No changes.\n")
        let lab = Self.staleSession()
        lab.run("show diff")
        #expect(
            Self.unwrapped(lab.output).contains(
                "this editor has no onAppear copy: 'edit on' shows it as it is."))
    }

    @Test func diffOfTheLearnersEditsHasNoNote() {
        let s = Self.session()
        s.run("edit on; set season autumn; show diff")
        #expect(s.output == "season: winter → autumn\n")
    }

    // MARK: Trace

    @Test func traceMarksLprofsOwnLinesAndTheBetasDone() {
        let s = Self.staleSession(trace: true)
        s.run("edit on; done; reset")
        let lines = s.output.split(separator: "\n").map(String.init)
        #expect(
            lines.contains(
                "~ ProfileEditor has no onAppear: it shows the draft as it is"
            ))
        #expect(
            lines.contains(
                "~ lprof: the draft it shows differs from the profile: nothing copied the profile into the draft since it was last written"
            ))
        #expect(lines.contains("~ Done button (beta): profile = draft"))
        #expect(lines.contains("~ lprof store: saved revision 2 to memory"))
        #expect(lines.contains("~ lprof reset: profile = Profile.default"))
        #expect(!lines.contains { $0.hasPrefix("~ store") || $0.hasPrefix("~ reset") })
    }

    @Test func traceMarksTheEditionSwitchAsLprofs() {
        let s = InterpSession(trace: true)
        s.run("env edition beta")
        #expect(
            s.output == """
                ~ lprof edition = beta: its buttons and every piece of its wiring
                ~ lprof store: not used: the profile is ProfileHost's @State, as in the 2019 beta, so profile and draft = Profile.default; the store keeps what it holds

                """)
    }
}
