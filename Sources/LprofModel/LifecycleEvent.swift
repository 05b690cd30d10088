/// Whether the host shows the summary (inactive) or the editor (active); in the order
/// `expect mode` and completion name them.
public enum EditMode: String, Sendable, CaseIterable {
    case active, inactive
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
    case doneButton = "Done button"
}

/// One thing that happened inside the host, in the order it happened; trace prints these.
public enum LifecycleEvent: Equatable, Sendable {
    case editModeChanged(from: EditMode, to: EditMode)
    case appeared(ViewName)
    case disappeared(ViewName)
    /// `target = source`; `changed` is false for a write of an equal value (the Cancel quirk).
    case copied(target: ProfileSlot, source: ProfileSlot, by: CopyTrigger, changed: Bool)
    /// The beta's editor appeared without an onAppear copy; `stale` when the draft it shows
    /// differs from the profile (the bug the release edition fixed).
    case editorShowsDraftWithoutCopy(stale: Bool)
    case fieldSet(ProfileField, FieldValue)
    case reset(ProfileSlot)
    case editionChanged(Edition)
}
