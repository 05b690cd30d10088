/// Whether the host shows the summary (inactive) or the editor (active).
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
    /// The 2019 beta's custom Done button (000:735-736), named so since the release has none.
    case doneButton = "Done button (beta)"
}

/// One thing that happened inside the host, in the order it happened; trace prints these.
public enum LifecycleEvent: Equatable, Sendable {
    case editModeChanged(from: EditMode, to: EditMode)
    case appeared(ViewName)
    case disappeared(ViewName)
    /// `target = source`; `changed` is false for a write of an equal value (the Cancel quirk).
    case copied(target: ProfileSlot, source: ProfileSlot, by: CopyTrigger, changed: Bool)
    /// The editor appeared without an onAppear copy, `stale` when its draft is not the profile.
    case editorShowsDraftWithoutCopy(stale: Bool)
    /// The button, wired without its copy, only ended edit mode (so it stays a deed of its own).
    case buttonWithoutCopy(CopyTrigger)
    case fieldSet(ProfileField, FieldValue)
    case reset(ProfileSlot)
    case editionChanged(Edition)
    case wiringChanged(WiringSetting)
    /// The profile moved into ModelData (the store saves it) or into ProfileHost's @State.
    case profileMoved(to: ProfileHome)
    /// Marks the first event a changed piece causes or no longer causes, lprof's experiment.
    case wiringMark(WiringSetting, buttons: Edition)
    /// The sheet went away, and ProfileHost with it (after its visible child disappeared).
    case sheetDismissed
    /// A new ProfileHost in a new sheet, whose @State starts again at Profile.default.
    case sheetPresented(profileRestarts: Bool)
    /// The editor's onDisappear committed because the sheet was dismissed while editing.
    case dismissCommitted
    /// Edit mode went with a sheet dismissed while editing, though no EditButton was tapped.
    case editModeLeftWithSheet
    /// lprof's store gave ModelData a profile, which trace tells as `~ lprof store: …` lines.
    case storeChanged(StoreOrigin, changed: [FieldValue])
}

/// Where a profile that lprof's store gave ModelData came from.
public enum StoreOrigin: Equatable, Sendable {
    /// The store's `revision` (0: nothing stored), read by `reload` or on moving to ModelData.
    case read(revision: Int, reload: Bool)
    /// This session's commit merged with another's revision `theirs`, saved as `saved`.
    case merge(theirs: Int, saved: Int)
}
