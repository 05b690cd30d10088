import Testing

@testable import LprofModel

/// The profile sheet in both editions (SPEC §2): dismissing removes ProfileHost (the visible
/// child first), presenting builds a new one whose @State draft starts at Profile.default.
@Suite struct HostSheetTests {
    static let today = HostTests.today
    static let defaults = HostTests.defaults
    static let stored = HostTests.stored
    /// The default profile of a later day, as `present` gets it after `env now` moved.
    static let laterDefaults = Profile.default(today: day("2027-01-15"))

    static func dismissed(_ edition: Edition, profile: Profile = stored) throws -> Host {
        var h = HostTests.host(edition, profile: profile)
        _ = try h.apply(.dismiss)
        return h
    }

    @Test(arguments: Edition.allCases)
    func startsPresented(edition: Edition) {
        #expect(HostTests.host(edition).sheet == .presented)
    }

    // MARK: dismiss

    @Test(arguments: Edition.allCases)
    func dismissWhileInactiveRemovesTheSummaryThenTheHost(edition: Edition) throws {
        var h = HostTests.host(edition, profile: Self.stored)
        let outcome = try h.apply(.dismiss)
        let events = outcome.events
        #expect(events == [.disappeared(.summary), .sheetDismissed])
        #expect(h.sheet == .dismissed)
        #expect(h.editMode == .inactive)
        #expect(h.profile == Self.stored)
        #expect(h.visible == Self.stored)
        #expect(!h.hasPendingChanges)
        #expect(outcome.effect == nil)
    }

    @Test func releaseDismissWhileEditingCommitsThroughOnDisappear() throws {
        var h = try HostTests.editedHost(.release)
        var expected = Self.stored
        expected.seasonalPhoto = .spring
        let outcome = try h.apply(.dismiss)
        let events = outcome.events
        #expect(outcome.effect == .save(everyField: false))
        #expect(
            events == [
                .disappeared(.editor),
                .copied(target: .profile, source: .draft, by: .editorOnDisappear, changed: true),
                .dismissCommitted, .editModeLeftWithSheet, .sheetDismissed,
            ])
        // No EditButton tap: the mode goes with ProfileHost, so no editMode event; lprof
        // says so instead (`editModeLeftWithSheet`).
        #expect(!events.contains { if case .editModeChanged = $0 { true } else { false } })
        #expect(h.profile == expected)
        #expect(h.sheet == .dismissed)
        #expect(h.editMode == .inactive)
        #expect(!h.hasPendingChanges)
    }

    @Test func releaseDismissWhileEditingWithoutChangesWritesAnEqualValue() throws {
        var h = HostTests.host(.release, profile: Self.stored)
        _ = try h.apply(.editButton(.on))
        let events = try h.apply(.dismiss).events
        #expect(
            events == [
                .disappeared(.editor),
                .copied(target: .profile, source: .draft, by: .editorOnDisappear, changed: false),
                .editModeLeftWithSheet, .sheetDismissed,
            ])
        #expect(h.profile == Self.stored)
    }

    @Test func betaDismissWhileEditingResetsTheDraftAndCommitsNothing() throws {
        var h = try HostTests.editedHost(.beta, profile: Self.defaults)
        let outcome = try h.apply(.dismiss)
        let events = outcome.events
        #expect(outcome.effect == nil)
        #expect(
            events == [
                .disappeared(.editor),
                .copied(target: .draft, source: .profile, by: .editorOnDisappear, changed: true),
                .editModeLeftWithSheet, .sheetDismissed,
            ])
        #expect(h.profile == Self.defaults)
        #expect(h.draft == Self.defaults)
        #expect(h.sheet == .dismissed)
        #expect(h.editMode == .inactive)
    }

    // MARK: present

    @Test func releasePresentStartsTheDraftAgainAndKeepsTheProfile() throws {
        var h = try HostTests.editedHost(.release)
        _ = try h.apply(.dismiss)
        let committed = h.profile
        let events = try h.apply(.present(Self.laterDefaults)).events
        #expect(events == [.sheetPresented(profileRestarts: false), .appeared(.summary)])
        #expect(h.sheet == .presented)
        #expect(h.editMode == .inactive)
        #expect(h.draft == Self.laterDefaults)
        #expect(h.profile == committed)
        // The next edit copies the profile in again (onAppear).
        let edit = try h.apply(.editButton(.on)).events
        #expect(
            edit.last
                == .copied(target: .draft, source: .profile, by: .editorOnAppear, changed: true))
        #expect(h.draft == committed)
    }

    @Test func betaPresentStartsProfileAndDraftAgainSoNoDraftIsStale() throws {
        var h = try Self.dismissed(.beta)
        let events = try h.apply(.present(Self.laterDefaults)).events
        #expect(events == [.sheetPresented(profileRestarts: true), .appeared(.summary)])
        #expect(h.profile == Self.laterDefaults)
        #expect(h.draft == Self.laterDefaults)
        let edit = try h.apply(.editButton(.on)).events
        #expect(edit.last == .editorShowsDraftWithoutCopy(stale: false))
    }

    @Test(arguments: Edition.allCases)
    func presentWhilePresentedIsAnError(edition: Edition) throws {
        for start in [HostTests.host(edition), try HostTests.editedHost(edition)] {
            var h = start
            let error = #expect(throws: HostError.self) { try h.apply(.present(Self.defaults)) }
            guard case .presented(let message)? = error else {
                Issue.record("wrong error \(String(describing: error))")
                return
            }
            #expect(message.contains("'dismiss'"))
            #expect(h == start)
        }
    }

    // MARK: while dismissed

    static let refusedWhileDismissed: [HostAction] = [
        .editButton(.on), .editButton(.off), .editButton(.toggle), .done, .cancel,
        .fieldChanged(.season(.summer)), .reset(defaults), .dismiss,
    ]

    @Test(arguments: Edition.allCases, refusedWhileDismissed)
    func actionsWhileDismissedSayToPresent(edition: Edition, action: HostAction) throws {
        var h = try Self.dismissed(edition)
        let before = h
        let error = #expect(throws: HostError.self) { try h.apply(action) }
        guard case .dismissed(let message)? = error else {
            Issue.record("wrong error \(String(describing: error))")
            return
        }
        #expect(message.contains("'present'"))
        #expect(h == before)
    }

    @Test(arguments: Edition.allCases, Edition.allCases)
    func theEditionCanChangeWhileDismissed(from: Edition, to: Edition) throws {
        var h = try Self.dismissed(from)
        let moved: [LifecycleEvent] =
            from == to ? [] : [.profileMoved(to: Wiring.preset(to).profile)]
        #expect(
            try h.apply(.switchEdition(to, Self.defaults)).events == [.editionChanged(to)] + moved)
        #expect(h.sheet == .dismissed)
        let events = try h.apply(.present(Self.defaults)).events
        #expect(events.contains(.sheetPresented(profileRestarts: true)) == (to == .beta))
    }

    @Test func dismissedErrorNamesTheCommand() {
        let error = HostError.sheetDismissed("set")
        #expect(error.message.hasPrefix("'set' needs ProfileHost"))
        #expect(error.message.hasSuffix("type 'present' to open it"))
        #expect(HostError.presented("p").message == "p")
    }
}
