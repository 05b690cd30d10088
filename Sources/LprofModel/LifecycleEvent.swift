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
    /// The beta's editor appeared without an onAppear copy; `stale` when the draft it shows
    /// differs from the profile: lprof's profile outlives the sheet, the draft does not (in
    /// the 2019 app both were ProfileHost's @State, so this could not happen there).
    case editorShowsDraftWithoutCopy(stale: Bool)
    case fieldSet(ProfileField, FieldValue)
    case reset(ProfileSlot)
    case editionChanged(Edition)
    /// The sheet went away, and ProfileHost with it (after its visible child disappeared).
    case sheetDismissed
    /// A new ProfileHost appeared in a new sheet; its @State `draftProfile` starts again at
    /// Profile.default.
    case sheetPresented
    /// The release editor's onDisappear just committed because the sheet was dismissed
    /// while editing: the tutorial's own code at work, which lprof then saves.
    case dismissCommitted
    /// In the beta, `present`: the 2019 app's ProfileHost held `profile` as @State too, so
    /// there it also started again from Profile.default; lprof keeps it in its store.
    case betaProfileWouldRestart
}
