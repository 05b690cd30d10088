import Testing

@testable import LprofModel

/// Every host transition in both editions, with its exact event list (SPEC §2).
@Suite struct HostTests {
    static let today = day("2026-11-30")
    static let defaults = Profile.default(today: today)
    /// A committed profile that came from the store: it differs from the default draft.
    static let stored = Profile(
        username: "stored", prefersNotifications: false, seasonalPhoto: .autumn,
        goalDate: day("2027-03-01"))

    static func host(_ edition: Edition, profile: Profile = defaults) -> Host {
        Host(profile: profile, defaultProfile: defaults, edition: edition)
    }

    /// A host already in edit mode, with the season changed in the draft.
    static func editedHost(_ edition: Edition, profile: Profile = stored) throws -> Host {
        var h = host(edition, profile: profile)
        _ = try h.apply(.editButton(.on))
        _ = try h.apply(.fieldChanged(.season(.spring)))
        return h
    }

    // MARK: Effects

    /// The host says what to save (SPEC §7): a commit while the profile is ModelData's, and
    /// a reset touching every field; nothing for a release Cancel, whose onDisappear writes
    /// back the value Cancel reset, nor for a commit into ProfileHost's @State.
    @Test func effectsSayWhatToSave() throws {
        var release = try Self.editedHost(.release)
        let commit = try release.apply(.editButton(.off))
        #expect(commit.effect == .save(everyField: false))
        #expect(release.profile.seasonalPhoto == .spring)
        var cancelled = try Self.editedHost(.release)
        #expect(try cancelled.apply(.cancel).effect == nil)
        #expect(
            try cancelled.apply(.reset(Self.defaults)).effect
                == .save(everyField: true))
        var beta = try Self.editedHost(.beta)
        #expect(try beta.apply(.done).effect == nil)
        #expect(try beta.apply(.rewire(.profile(.modeldata), Self.defaults)).effect == .read)
        #expect(try beta.apply(.rewire(.profile(.state), Self.defaults)).effect == .detach)
    }

    /// What the store gives ModelData is an action too, with an event saying what changed and
    /// where it came from; the draft stays as it is, and the sheet need not be up.
    @Test func theStoresProfileIsAnActionWithItsEvent() throws {
        var h = try Self.editedHost(.release)
        let draft = h.draft
        var theirs = Self.stored
        theirs.seasonalPhoto = .summer
        let outcome = try h.apply(.storeChanged(theirs, .merge(theirs: 3, saved: 4)))
        #expect(
            outcome
                == HostOutcome(
                    events: [
                        .storeChanged(.merge(theirs: 3, saved: 4), changed: [.season(.summer)])
                    ],
                    effect: nil))
        #expect(h.profile == theirs)
        #expect(h.draft == draft)
        _ = try h.apply(.dismiss)
        let read = try h.apply(.storeChanged(h.profile, .read(revision: 4, reload: true)))
        #expect(read.events == [.storeChanged(.read(revision: 4, reload: true), changed: [])])
    }

    // MARK: Starting state

    @Test(arguments: Edition.allCases)
    func startsInactiveWithTheDefaultDraft(edition: Edition) {
        let h = Self.host(edition, profile: Self.stored)
        #expect(h.editMode == .inactive)
        #expect(h.edition == edition)
        #expect(h.profile == Self.stored)
        #expect(h.draft == Self.defaults)
        #expect(h.visible == Self.stored)
        #expect(!h.hasPendingChanges)
    }

    @Test func releaseIsTheDefaultEdition() {
        #expect(Host(profile: Self.stored, defaultProfile: Self.defaults).edition == .release)
    }

    // MARK: release

    static let enterEvents: [LifecycleEvent] = [
        .editModeChanged(from: .inactive, to: .active), .disappeared(.summary), .appeared(.editor),
    ]

    @Test(arguments: [Switch.on, .toggle], [true, false])
    func releaseEditOnCopiesOnAppear(request: Switch, fromStore: Bool) throws {
        var h = Self.host(.release, profile: fromStore ? Self.stored : Self.defaults)
        let events = try h.apply(.editButton(request)).events
        #expect(
            events
                == Self.enterEvents + [
                    .copied(
                        target: .draft, source: .profile, by: .editorOnAppear, changed: fromStore)
                ])
        #expect(h.editMode == .active)
        #expect(h.draft == h.profile)
        #expect(h.profile == (fromStore ? Self.stored : Self.defaults))
        #expect(h.visible == h.draft)
        #expect(!h.hasPendingChanges)
    }

    static let releaseLeaveEvents: [LifecycleEvent] = [
        .editModeChanged(from: .active, to: .inactive), .disappeared(.editor),
        .copied(target: .profile, source: .draft, by: .editorOnDisappear, changed: true),
        .appeared(.summary),
    ]

    /// `done`, `edit off` and `edit toggle` are all the EditButton tap that commits.
    static let committingActions: [HostAction] = [
        .done, .editButton(.off), .editButton(.toggle),
    ]

    @Test(arguments: committingActions)
    func releaseDoneCommitsOnDisappear(action: HostAction) throws {
        var h = try Self.editedHost(.release)
        #expect(h.hasPendingChanges)
        var expected = Self.stored
        expected.seasonalPhoto = .spring
        #expect(h.draft == expected)
        #expect(h.visible == expected)

        let events = try h.apply(action).events
        #expect(events == Self.releaseLeaveEvents)
        #expect(h.editMode == .inactive)
        #expect(h.profile == expected)
        #expect(h.draft == expected)
        #expect(h.visible == expected)
        #expect(!h.hasPendingChanges)
    }

    @Test func releaseDoneWithoutChangesWritesAnEqualValue() throws {
        var h = Self.host(.release, profile: Self.stored)
        _ = try h.apply(.editButton(.on))
        let events = try h.apply(.done).events
        #expect(
            events == [
                .editModeChanged(from: .active, to: .inactive), .disappeared(.editor),
                .copied(target: .profile, source: .draft, by: .editorOnDisappear, changed: false),
                .appeared(.summary),
            ])
        #expect(h.profile == Self.stored)
    }

    @Test func releaseCancelResetsThenOnDisappearStillWrites() throws {
        var h = try Self.editedHost(.release)
        let events = try h.apply(.cancel).events
        #expect(
            events == [
                .copied(target: .draft, source: .profile, by: .cancelButton, changed: true),
                .editModeChanged(from: .active, to: .inactive), .disappeared(.editor),
                // The tutorial's quirk: a write of an unchanged value.
                .copied(target: .profile, source: .draft, by: .editorOnDisappear, changed: false),
                .appeared(.summary),
            ])
        #expect(h.editMode == .inactive)
        #expect(h.profile == Self.stored)
        #expect(h.draft == Self.stored)
        #expect(!h.hasPendingChanges)
    }

    @Test func releaseCancelWithoutChanges() throws {
        var h = Self.host(.release, profile: Self.stored)
        _ = try h.apply(.editButton(.on))
        let events = try h.apply(.cancel).events
        #expect(
            events == [
                .copied(target: .draft, source: .profile, by: .cancelButton, changed: false),
                .editModeChanged(from: .active, to: .inactive), .disappeared(.editor),
                .copied(target: .profile, source: .draft, by: .editorOnDisappear, changed: false),
                .appeared(.summary),
            ])
        #expect(h.profile == Self.stored)
    }

    @Test func releaseRoundTripEditsAgainFromTheProfile() throws {
        var h = try Self.editedHost(.release)
        _ = try h.apply(.cancel)
        let events = try h.apply(.editButton(.on)).events
        #expect(
            events.last
                == .copied(target: .draft, source: .profile, by: .editorOnAppear, changed: false))
        #expect(h.draft == Self.stored)
    }

    // MARK: beta

    @Test(arguments: [Switch.on, .toggle])
    func betaEditOnShowsTheStaleDraftWithoutACopy(request: Switch) throws {
        var h = Self.host(.beta, profile: Self.stored)
        let events = try h.apply(.editButton(request)).events
        #expect(events == Self.enterEvents + [.editorShowsDraftWithoutCopy(stale: true)])
        #expect(!events.contains { if case .copied = $0 { true } else { false } })
        #expect(h.editMode == .active)
        // lprof's stale draft: the editor shows the defaults, not the stored profile, and
        // none of that is a change of the learner's.
        #expect(h.draft == Self.defaults)
        #expect(h.visible == Self.defaults)
        #expect(h.profile == Self.stored)
        #expect(!h.hasPendingChanges)
        #expect(h.uneditedDifferences == ProfileField.allCases)
    }

    @Test func betaDoneAfterAStaleEditCommitsTheDefaults() throws {
        var h = Self.host(.beta, profile: Self.stored)
        _ = try h.apply(.editButton(.on))
        let events = try h.apply(.done).events
        #expect(
            events == [
                .copied(target: .profile, source: .draft, by: .doneButton, changed: true),
                .editModeChanged(from: .active, to: .inactive), .disappeared(.editor),
                .copied(target: .draft, source: .profile, by: .editorOnDisappear, changed: false),
                .appeared(.summary),
            ])
        #expect(h.profile == Self.defaults)
        #expect(h.draft == Self.defaults)
        #expect(h.editMode == .inactive)
    }

    @Test func betaSecondEditIsNotStale() throws {
        var h = Self.host(.beta, profile: Self.stored)
        _ = try h.apply(.editButton(.on))
        _ = try h.apply(.cancel)
        #expect(h.draft == Self.stored)
        let events = try h.apply(.editButton(.on)).events
        #expect(events == Self.enterEvents + [.editorShowsDraftWithoutCopy(stale: false)])
        #expect(h.draft == Self.stored)
        #expect(!h.hasPendingChanges)
    }

    @Test func betaEditOnWithMatchingProfileIsNotStale() throws {
        var h = Self.host(.beta, profile: Self.defaults)
        let events = try h.apply(.editButton(.on)).events
        #expect(events == Self.enterEvents + [.editorShowsDraftWithoutCopy(stale: false)])
    }

    @Test func betaDoneCommitsThenOnDisappearResetsTheDraft() throws {
        var h = try Self.editedHost(.beta, profile: Self.defaults)
        var expected = Self.defaults
        expected.seasonalPhoto = .spring
        #expect(h.draft == expected)
        let events = try h.apply(.done).events
        #expect(
            events == [
                .copied(target: .profile, source: .draft, by: .doneButton, changed: true),
                .editModeChanged(from: .active, to: .inactive), .disappeared(.editor),
                .copied(target: .draft, source: .profile, by: .editorOnDisappear, changed: false),
                .appeared(.summary),
            ])
        #expect(h.profile == expected)
        #expect(h.draft == expected)
    }

    /// `cancel`, `edit off` and `edit toggle` are all the beta's EditButton tap: it cancels.
    static let betaCancellingActions: [HostAction] = [
        .cancel, .editButton(.off), .editButton(.toggle),
    ]

    @Test(arguments: betaCancellingActions)
    func betaEditButtonCancelsThroughOnDisappear(action: HostAction) throws {
        var h = try Self.editedHost(.beta, profile: Self.defaults)
        let events = try h.apply(action).events
        #expect(
            events == [
                .editModeChanged(from: .active, to: .inactive), .disappeared(.editor),
                .copied(target: .draft, source: .profile, by: .editorOnDisappear, changed: true),
                .appeared(.summary),
            ])
        #expect(h.editMode == .inactive)
        #expect(h.profile == Self.defaults)
        #expect(h.draft == Self.defaults)
        #expect(!h.hasPendingChanges)
    }

    @Test func betaCancelAfterAStaleEditKeepsTheProfile() throws {
        var h = Self.host(.beta, profile: Self.stored)
        _ = try h.apply(.editButton(.on))
        let events = try h.apply(.cancel).events
        #expect(
            events == [
                .editModeChanged(from: .active, to: .inactive), .disappeared(.editor),
                .copied(target: .draft, source: .profile, by: .editorOnDisappear, changed: true),
                .appeared(.summary),
            ])
        #expect(h.profile == Self.stored)
        #expect(h.draft == Self.stored)
    }

    // MARK: Both editions

    @Test(arguments: Edition.allCases, [true, false])
    func noOpEditRequests(edition: Edition, fromStore: Bool) throws {
        let profile = fromStore ? Self.stored : Self.defaults
        var h = Self.host(edition, profile: profile)
        let before = h
        #expect(try h.apply(.editButton(.off)).events == [])
        #expect(h == before)

        var active = try Self.editedHost(edition, profile: profile)
        let activeBefore = active
        #expect(try active.apply(.editButton(.on)).events == [])
        #expect(active == activeBefore)
    }

    @Test(arguments: Edition.allCases, [HostAction.done, .cancel])
    func doneAndCancelNeedEditMode(edition: Edition, action: HostAction) {
        var h = Self.host(edition, profile: Self.stored)
        let before = h
        let error = #expect(throws: HostError.self) { try h.apply(action) }
        guard case .notEditing(let message)? = error else {
            Issue.record("wrong error \(String(describing: error))")
            return
        }
        #expect(message.contains(action == .done ? "'done'" : "'cancel'"))
        #expect(h == before)
    }

    @Test(arguments: Edition.allCases)
    func setWhileInactiveIsAnErrorAndChangesNothing(edition: Edition) {
        var h = Self.host(edition, profile: Self.stored)
        let before = h
        #expect(throws: HostError.self) { try h.apply(.fieldChanged(.username("x"))) }
        #expect(h == before)
    }

    /// `set` asks the host before it reads a value: the same rule and message as the
    /// reducer's own refusal.
    @Test(arguments: Edition.allCases)
    func fieldsAreEditableExactlyWhenTheReducerTakesAChange(edition: Edition) throws {
        var h = Self.host(edition, profile: Self.stored)
        let asked = #expect(throws: HostError.self) { try h.checkFieldsEditable() }
        let applied = #expect(throws: HostError.self) {
            try h.apply(.fieldChanged(.username("x"))).events
        }
        #expect(asked == applied)
        #expect(asked?.message == HostError.fieldsNeedEditMode)
        _ = try h.apply(.editButton(.on))
        try h.checkFieldsEditable()
    }

    @Test(
        arguments: Edition.allCases,
        [
            FieldValue.username("someone"), .notifications(false), .season(.summer),
            .goal(day("2027-05-30")),
        ])
    func setWhileActiveWritesOnlyTheDraft(edition: Edition, value: FieldValue) throws {
        var h = Self.host(edition, profile: Self.defaults)
        _ = try h.apply(.editButton(.on))
        let events = try h.apply(.fieldChanged(value)).events
        #expect(events == [.fieldSet(value.field, value)])
        #expect(h.draft[value.field] == value)
        #expect(h.profile == Self.defaults)
        #expect(h.visible == h.draft)
        #expect(h.hasPendingChanges)
        #expect(h.draft.differences(from: h.profile) == [value.field])
        // Setting it back leaves nothing pending.
        _ = try h.apply(.fieldChanged(Self.defaults[value.field]))
        #expect(!h.hasPendingChanges)
        #expect(h.editMode == .active)
    }

    @Test(arguments: Edition.allCases)
    func resetWhileInactive(edition: Edition) throws {
        var h = Self.host(edition, profile: Self.stored)
        let fresh = Profile.default(today: day("2030-01-01"))
        let events = try h.apply(.reset(fresh)).events
        #expect(events == [.reset(.profile), .reset(.draft)])
        #expect(h.profile == fresh)
        #expect(h.draft == fresh)
        #expect(h.editMode == .inactive)
        #expect(h.edition == edition)
    }

    @Test(arguments: Edition.allCases)
    func resetWhileActiveIsAnError(edition: Edition) throws {
        var h = try Self.editedHost(edition)
        let before = h
        let error = #expect(throws: HostError.self) { try h.apply(.reset(Self.defaults)) }
        #expect(h == before)
        guard case .editing? = error else {
            Issue.record("wrong error \(String(describing: error))")
            return
        }
    }

    @Test(arguments: Edition.allCases, Edition.allCases)
    func switchEditionWhileInactive(from: Edition, to: Edition) throws {
        var h = Self.host(from, profile: Self.stored)
        let events = try h.apply(.switchEdition(to, Self.defaults)).events
        // Into the beta the profile moves into ProfileHost's @State, which starts at
        // Profile.default; into the release it moves into ModelData, whose value the
        // interpreter then reads from the store.
        let moves = from != to
        #expect(
            events == [.editionChanged(to)]
                + (moves ? [.profileMoved(to: Wiring.preset(to).profile)] : []))
        #expect(h.edition == to)
        #expect(h.wiring == Wiring.preset(to))
        #expect(h.profile == (to == .beta && moves ? Self.defaults : Self.stored))
        #expect(h.draft == Self.defaults)
        #expect(h.editMode == .inactive)
    }

    @Test(arguments: Edition.allCases, Edition.allCases)
    func switchEditionWhileActiveIsAnError(from: Edition, to: Edition) throws {
        var h = try Self.editedHost(from)
        let before = h
        #expect(throws: HostError.editing("the edition can change only outside edit mode")) {
            try h.apply(.switchEdition(to, Self.defaults)).events
        }
        #expect(h == before)
    }

    @Test func switchedEditionChangesTheWiring() throws {
        var h = Self.host(.release, profile: Self.stored)
        _ = try h.apply(.switchEdition(.beta, Self.defaults))
        let events = try h.apply(.editButton(.toggle)).events
        #expect(events.last == .editorShowsDraftWithoutCopy(stale: false))
        _ = try h.apply(.fieldChanged(.notifications(true)))
        _ = try h.apply(.editButton(.toggle))  // the beta's EditButton cancels
        #expect(h.profile == Self.defaults)
        _ = try h.apply(.switchEdition(.release, Self.defaults))
        _ = try h.apply(.editButton(.toggle))
        _ = try h.apply(.fieldChanged(.notifications(true)))
        _ = try h.apply(.editButton(.toggle))  // the release EditButton commits
        #expect(h.profile.prefersNotifications)
    }

    @Test func hasPendingChangesOnlyWhileEditing() throws {
        // Inactive with a draft that differs from the profile: nothing pending.
        let h = Self.host(.release, profile: Self.stored)
        #expect(h.draft != h.profile)
        #expect(!h.hasPendingChanges)
        #expect(h.visible == h.profile)
    }

    @Test func errorMessages() {
        #expect(HostError.notEditing("a").message == "a")
        #expect(HostError.editing("b").message == "b")
    }
}
