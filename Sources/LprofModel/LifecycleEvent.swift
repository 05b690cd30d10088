/// Whether the host shows the summary (inactive) or the editor (active); in the order
/// `expect mode` and completion name them.
public enum EditMode: String, Sendable, CaseIterable {
    case active, inactive
}

/// Whether ProfileHost's sheet is up over CategoryHome (release: `.sheet(isPresented:
/// $showingProfile)`; beta: a `PresentationButton`'s destination).
public enum SheetState: String, Sendable, CaseIterable {
    case presented, dismissed
}

/// Which edition of the tutorial's ProfileHost wiring the host follows.
public enum Edition: String, Sendable, CaseIterable {
    /// Late 2019 and every edition since: EditButton commits, Cancel resets, onAppear copies.
    case release
    /// The 2019 beta: a custom Done commits, EditButton cancels, no onAppear copy.
    case beta
}

/// The two views ProfileHost switches between.
public enum ViewName: String, Sendable {
    case summary = "ProfileSummary"
    case editor = "ProfileEditor"
}

/// The two profiles the host holds.
public enum ProfileSlot: String, Sendable {
    case profile, draft
}

/// The code that performed a copy between the profile and the draft.
public enum CopyTrigger: String, Sendable {
    case editorOnAppear = "ProfileEditor.onAppear"
    case editorOnDisappear = "ProfileEditor.onDisappear"
    case cancelButton = "Cancel button"
    /// The 2019 beta's custom Done button (000:735-736); the release has none, its `done` is
    /// EditButton, so trace names the edition.
    case doneButton = "Done button (beta)"
}

/// One thing that happened inside the host, in the order it happened; trace prints these.
public enum LifecycleEvent: Equatable, Sendable {
    case editModeChanged(from: EditMode, to: EditMode)
    case appeared(ViewName)
    case disappeared(ViewName)
    /// `target = source`; `changed` is false for a write of an equal value (the Cancel quirk).
    case copied(target: ProfileSlot, source: ProfileSlot, by: CopyTrigger, changed: Bool)
    /// The editor appeared without an onAppear copy (the beta's, or a lab wiring's);
    /// `stale` when the draft it shows differs from the profile, which only a lab wiring
    /// makes possible (in the exact beta both start at Profile.default with each sheet).
    case editorShowsDraftWithoutCopy(stale: Bool)
    /// The edition's own button was tapped, wired without its copy (the wiring lab's
    /// `cancel-resets no` or `done-commits no`): it only ends edit mode. Said so that Cancel
    /// and EditButton, which then cause the same copies, stay two different deeds.
    case buttonWithoutCopy(CopyTrigger)
    case fieldSet(ProfileField, FieldValue)
    case reset(ProfileSlot)
    case editionChanged(Edition)
    /// `env wiring PIECE VALUE`: one piece of the wiring changed.
    case wiringChanged(WiringSetting)
    /// The profile moved into ModelData (lprof's store saves it) or into ProfileHost's
    /// @State (it and the draft start at Profile.default; the store is not used).
    case profileMoved(to: ProfileHome)
    /// The first event a changed piece causes, or no longer causes: lprof's experiment,
    /// marked before it (`buttons` says whose wiring it departs from).
    case wiringMark(WiringSetting, buttons: Edition)
    /// The sheet went away, and ProfileHost with it (after its visible child disappeared).
    case sheetDismissed
    /// A new ProfileHost appeared in a new sheet; its @State `draftProfile` starts again at
    /// Profile.default, and so does its @State `profile` when the profile lives there.
    case sheetPresented(profileRestarts: Bool)
    /// The editor's onDisappear just committed because the sheet was dismissed while
    /// editing: the tutorial's own code at work.
    case dismissCommitted
    /// Dismissing while editing: edit mode went with the sheet (the next ProfileHost starts
    /// inactive), though no EditButton was tapped.
    case editModeLeftWithSheet
    /// lprof's store gave ModelData a profile (`HostAction.storeChanged`), with the
    /// fields whose values it changed, in field order; lprof's doing, not the tutorial's.
    /// Trace tells of it in the store's own lines (`~ lprof store: …`), not as an event.
    case storeChanged(StoreOrigin, changed: [FieldValue])
}

/// Where a profile that lprof's store gave ModelData came from.
public enum StoreOrigin: Equatable, Sendable {
    /// The store's `revision` (0: nothing stored), read by `reload`, or when the profile
    /// moved into ModelData (`reload` false).
    case read(revision: Int, reload: Bool)
    /// This session's commit merged with another session's, which had saved `theirs`; the
    /// result is the store's revision `saved`.
    case merge(theirs: Int, saved: Int)
}
