/// What the user did to the profile screen, named for the tap, not for its effect.
public enum HostAction: Equatable, Sendable {
    /// `edit on`, `edit off`, `edit`/`edit toggle`: a tap on EditButton when it would change
    /// the mode in the asked direction.
    case editButton(EditRequest)
    /// `done`: the committing button (EditButton in release, the custom Done in the beta).
    case done
    /// `cancel`: the cancelling button (Cancel in release, EditButton in the beta).
    case cancel
    /// `set FIELD VALUE`: a control in the editor changed the draft.
    case fieldChanged(FieldValue)
    /// `reset`: profile and draft back to the default profile.
    case reset(Profile)
    /// `env edition`: switch the wiring.
    case switchEdition(Edition)
}

/// Which way `edit` asks EditButton to go.
public enum EditRequest: String, Sendable, CaseIterable {
    case on, off, toggle
}

/// Why the host refused an action; the host is unchanged.
public enum HostError: Error, Equatable, Sendable {
    case notEditing(String)
    case editing(String)

    public var message: String {
        switch self {
        case .notEditing(let m), .editing(let m): return m
        }
    }
}

/// ProfileHost as a reducer over (profile, draft, editMode): each action returns the
/// lifecycle events it caused, in order, for the edition in force.
public struct Host: Equatable, Sendable {
    /// The committed profile (ModelData.profile).
    public private(set) var profile: Profile
    /// The editor's working copy (draftProfile); starts as the default profile.
    public private(set) var draft: Profile
    public private(set) var editMode: EditMode = .inactive
    public private(set) var edition: Edition

    public init(profile: Profile, defaultProfile: Profile, edition: Edition = .release) {
        self.profile = profile
        self.draft = defaultProfile
        self.edition = edition
    }

    /// The profile the visible view shows: the draft while editing, else the profile.
    public var visible: Profile { editMode == .active ? draft : profile }

    /// True while editing with a draft that differs from the committed profile.
    public var hasPendingChanges: Bool { editMode == .active && draft != profile }

    /// Applies one action; throws, changing nothing, when the action is impossible now.
    /// Returns the events it caused, in order.
    public mutating func apply(_ action: HostAction) throws(HostError) -> [LifecycleEvent] {
        var events: [LifecycleEvent] = []
        try apply(action) { events.append($0) }
        return events
    }

    /// Applies one action, handing each event to `emit` as it happens (no list is built:
    /// batch scripts apply millions of actions with trace off).
    public mutating func apply(_ action: HostAction, emit: (LifecycleEvent) -> Void)
        throws(HostError)
    {
        switch action {
        case .editButton(let request):
            switch (editMode, request) {
            case (.inactive, .on), (.inactive, .toggle):
                beginEditing(emit)
            case (.active, .off), (.active, .toggle):
                if edition == .release { commitRelease(emit) } else { cancelBeta(emit) }
            case (.inactive, .off), (.active, .on):
                break
            }
        case .done:
            guard editMode == .active else {
                throw .notEditing(
                    "'done' needs edit mode (the Done button shows only while editing)")
            }
            if edition == .release { commitRelease(emit) } else { commitBeta(emit) }
        case .cancel:
            guard editMode == .active else {
                throw .notEditing(
                    "'cancel' needs edit mode (the Cancel button shows only while editing)")
            }
            if edition == .release { cancelRelease(emit) } else { cancelBeta(emit) }
        case .fieldChanged(let value):
            try checkFieldsEditable()
            draft.set(value)
            emit(.fieldSet(value.field, value))
        case .reset(let fresh):
            guard editMode == .inactive else {
                throw .editing(
                    "'reset' works only outside edit mode; type 'done' or 'cancel' first")
            }
            profile = fresh
            draft = fresh
            emit(.reset(.profile))
            emit(.reset(.draft))
        case .switchEdition(let new):
            guard editMode == .inactive else {
                throw .editing("the edition can change only outside edit mode")
            }
            edition = new
            emit(.editionChanged(new))
        }
    }

    private mutating func copy(_ target: ProfileSlot, by trigger: CopyTrigger) -> LifecycleEvent {
        let changed = profile != draft
        switch target {
        case .draft:
            draft = profile
            return .copied(target: .draft, source: .profile, by: trigger, changed: changed)
        case .profile:
            profile = draft
            return .copied(target: .profile, source: .draft, by: trigger, changed: changed)
        }
    }

    private mutating func leaveEditMode(_ emit: (LifecycleEvent) -> Void) {
        editMode = .inactive
        emit(.editModeChanged(from: .active, to: .inactive))
        emit(.disappeared(.editor))
    }

    /// Tapping Edit: the summary goes, the editor comes; in release its onAppear copies.
    private mutating func beginEditing(_ emit: (LifecycleEvent) -> Void) {
        editMode = .active
        emit(.editModeChanged(from: .inactive, to: .active))
        emit(.disappeared(.summary))
        emit(.appeared(.editor))
        switch edition {
        case .release: emit(copy(.draft, by: .editorOnAppear))
        case .beta: emit(.editorShowsDraftWithoutCopy(stale: draft != profile))
        }
    }

    /// Release Done (EditButton): the editor's onDisappear commits `profile = draft`.
    private mutating func commitRelease(_ emit: (LifecycleEvent) -> Void) {
        leaveEditMode(emit)
        emit(copy(.profile, by: .editorOnDisappear))
        emit(.appeared(.summary))
    }

    /// Release Cancel: reset the draft, leave edit mode, and onDisappear still writes
    /// `profile = draft` (an unchanged value: the tutorial's quirk).
    private mutating func cancelRelease(_ emit: (LifecycleEvent) -> Void) {
        emit(copy(.draft, by: .cancelButton))
        leaveEditMode(emit)
        emit(copy(.profile, by: .editorOnDisappear))
        emit(.appeared(.summary))
    }

    /// Beta Done (the custom button): `profile = draft`, leave edit mode, and onDisappear
    /// resets `draft = profile`.
    private mutating func commitBeta(_ emit: (LifecycleEvent) -> Void) {
        emit(copy(.profile, by: .doneButton))
        leaveEditMode(emit)
        emit(copy(.draft, by: .editorOnDisappear))
        emit(.appeared(.summary))
    }

    /// Beta EditButton while editing: leave edit mode; onDisappear resets `draft = profile`.
    private mutating func cancelBeta(_ emit: (LifecycleEvent) -> Void) {
        leaveEditMode(emit)
        emit(copy(.draft, by: .editorOnDisappear))
        emit(.appeared(.summary))
    }
}

extension Host {
    /// Throws, as `.fieldChanged` does, unless the editor's controls are enabled (edit
    /// mode). `set` asks first, so that it refuses before reading a value it cannot use.
    public func checkFieldsEditable() throws(HostError) {
        guard editMode == .active else {
            throw .notEditing(
                "fields change only in edit mode (the editor's controls are disabled); type 'edit on' first"
            )
        }
    }

    /// True when `action`, applied now, commits the draft (and so must be saved): Done in
    /// either edition, or EditButton while editing in the release edition. Cancel's
    /// onDisappear write of an unchanged value is not a commit.
    public func commits(_ action: HostAction) -> Bool {
        guard editMode == .active else { return false }
        switch action {
        case .done: return true
        case .editButton(.off), .editButton(.toggle): return edition == .release
        default: return false
        }
    }
}
