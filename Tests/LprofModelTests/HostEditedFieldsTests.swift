import Testing

@testable import LprofModel

/// The learner's changes are the fields `set` since edit mode began; a draft that differs
/// only because it still holds Profile.default (lprof's stale beta draft, or a new sheet's
/// draft before editing) is not one. And the host's refusals name the control and edition.
@Suite struct HostEditedFieldsTests {
    static let defaults = HostTests.defaults
    static let stored = HostTests.stored

    @Test func betaStaleDraftThenOneSetIsOneChange() throws {
        var h = HostTests.host(.beta, profile: Self.stored)
        _ = try h.apply(.editButton(.on))
        #expect(h.changedFields == [])
        _ = try h.apply(.fieldChanged(.season(.spring)))
        #expect(h.changedFields == [.season])
        #expect(h.wasEdited(.season))
        #expect(!h.wasEdited(.username))
        #expect(h.uneditedDifferences == [.username, .notifications, .goal])
        #expect(h.hasPendingChanges)
    }

    @Test func aFieldSetToTheProfilesValueIsNoChangeAndNotStale() throws {
        var h = HostTests.host(.beta, profile: Self.stored)
        _ = try h.apply(.editButton(.on))
        _ = try h.apply(.fieldChanged(.username("stored")))
        #expect(h.wasEdited(.username))
        #expect(h.changedFields == [])
        #expect(!h.uneditedDifferences.contains(.username))
        #expect(!h.hasPendingChanges)
    }

    @Test(arguments: Edition.allCases)
    func leavingEditModeForgetsTheEditedFields(edition: Edition) throws {
        for leave in [HostAction.done, .cancel, .editButton(.off), .dismiss] {
            var h = try HostTests.editedHost(edition)
            #expect(h.wasEdited(.season))
            _ = try h.apply(leave)
            #expect(!h.wasEdited(.season), "\(leave)")
            #expect(h.changedFields == [])
        }
    }

    @Test(arguments: Edition.allCases)
    func editingAgainStartsWithNothingEdited(edition: Edition) throws {
        var h = try HostTests.editedHost(edition)
        _ = try h.apply(.cancel)
        _ = try h.apply(.editButton(.on))
        #expect(!h.wasEdited(.season))
        #expect(h.changedFields == [])
    }

    @Test func releaseDifferencesWhileEditingAreAlwaysEdits() throws {
        // The onAppear copy makes the draft equal the profile when editing begins.
        var h = HostTests.host(.release, profile: Self.stored)
        #expect(h.uneditedDifferences == ProfileField.allCases)  // inactive, draft = default
        _ = try h.apply(.editButton(.on))
        #expect(h.uneditedDifferences == [])
        _ = try h.apply(.fieldChanged(.goal(day("2027-06-01")))).events
        #expect(h.uneditedDifferences == [])
        #expect(h.changedFields == [.goal])
    }

    @Test(arguments: Edition.allCases)
    func aNewSheetsDraftIsUnedited(edition: Edition) throws {
        var h = try HostTests.editedHost(edition)
        _ = try h.apply(.dismiss)
        _ = try h.apply(.present(Self.defaults))
        #expect(h.changedFields == [])
        // The release's profile outlives the sheet, so a new sheet's draft differs from it;
        // the beta's profile starts again with the draft.
        #expect(h.uneditedDifferences.isEmpty == (edition == .beta))
        #expect(!ProfileField.allCases.contains(where: h.wasEdited))
    }

    // MARK: The refusals' words

    @Test(arguments: Edition.allCases)
    func refusalsWhileInactiveNameTheControlAndEdition(edition: Edition) {
        var h = HostTests.host(edition)
        #expect(throws: HostError.notEditing(HostError.doneNeedsEditMode(edition))) {
            try h.apply(.done).events
        }
        #expect(throws: HostError.notEditing(HostError.cancelNeedsEditMode(edition))) {
            try h.apply(.cancel).events
        }
        #expect(throws: HostError.notEditing(HostError.fieldsNeedEditMode)) {
            try h.apply(.fieldChanged(.season(.summer))).events
        }
    }

    @Test func refusalTexts() {
        #expect(HostError.doneNeedsEditMode(.release).contains("EditButton"))
        #expect(HostError.doneNeedsEditMode(.beta).contains("the beta's custom Done button"))
        #expect(HostError.cancelNeedsEditMode(.release).contains("the release's Cancel button"))
        #expect(HostError.cancelNeedsEditMode(.beta).contains("EditButton"))
        #expect(HostError.fieldsNeedEditMode.contains("not in the view tree"))
        #expect(!HostError.fieldsNeedEditMode.contains("disabled"))
    }
}
