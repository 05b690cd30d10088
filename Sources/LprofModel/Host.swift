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
    public mutating func apply(_ action: HostAction) throws(HostError) -> [LifecycleEvent] {
        switch action {
        case .editButton(let request):
            switch (editMode, request) {
            case (.inactive, .on), (.inactive, .toggle):
                return beginEditing()
            case (.active, .off), (.active, .toggle):
                return edition == .release ? commitRelease() : cancelBeta()
            case (.inactive, .off), (.active, .on):
                return []
            }
        case .done:
            guard editMode == .active else {
                throw .notEditing("'done' needs edit mode (the Done button shows only while editing)")
            }
            return edition == .release ? commitRelease() : commitBeta()
        case .cancel:
            guard editMode == .active else {
                throw .notEditing(
                    "'cancel' needs edit mode (the Cancel button shows only while editing)")
            }
            return edition == .release ? cancelRelease() : cancelBeta()
        case .fieldChanged(let value):
            guard editMode == .active else {
                throw .notEditing(
                    "fields change only in edit mode (the editor's controls are disabled); type 'edit on' first"
                )
            }
            draft.set(value)
            return [.fieldSet(value.field, value)]
        case .reset(let fresh):
            guard editMode == .inactive else {
                throw .editing("'reset' works only outside edit mode; type 'done' or 'cancel' first")
            }
            profile = fresh
            draft = fresh
            return [.reset(.profile), .reset(.draft)]
        case .switchEdition(let new):
            guard editMode == .inactive else {
                throw .editing("the edition can change only outside edit mode")
            }
            edition = new
            return [.editionChanged(new)]
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

    /// Tapping Edit: the summary goes, the editor comes; in release its onAppear copies.
    private mutating func beginEditing() -> [LifecycleEvent] {
        editMode = .active
        var events: [LifecycleEvent] = [
            .editModeChanged(from: .inactive, to: .active), .disappeared(.summary),
            .appeared(.editor),
        ]
        switch edition {
        case .release:
            events.append(copy(.draft, by: .editorOnAppear))
        case .beta:
            events.append(.editorShowsDraftWithoutCopy(stale: draft != profile))
        }
        return events
    }

    /// Release Done (EditButton): the editor's onDisappear commits `profile = draft`.
    private mutating func commitRelease() -> [LifecycleEvent] {
        editMode = .inactive
        var events: [LifecycleEvent] = [
            .editModeChanged(from: .active, to: .inactive), .disappeared(.editor),
        ]
        events.append(copy(.profile, by: .editorOnDisappear))
        events.append(.appeared(.summary))
        return events
    }

    /// Release Cancel: reset the draft, leave edit mode, and onDisappear still writes
    /// `profile = draft` (an unchanged value: the tutorial's quirk).
    private mutating func cancelRelease() -> [LifecycleEvent] {
        var events = [copy(.draft, by: .cancelButton)]
        editMode = .inactive
        events += [.editModeChanged(from: .active, to: .inactive), .disappeared(.editor)]
        events.append(copy(.profile, by: .editorOnDisappear))
        events.append(.appeared(.summary))
        return events
    }

    /// Beta Done (the custom button): `profile = draft`, leave edit mode, and onDisappear
    /// resets `draft = profile`.
    private mutating func commitBeta() -> [LifecycleEvent] {
        var events = [copy(.profile, by: .doneButton)]
        editMode = .inactive
        events += [.editModeChanged(from: .active, to: .inactive), .disappeared(.editor)]
        events.append(copy(.draft, by: .editorOnDisappear))
        events.append(.appeared(.summary))
        return events
    }

    /// Beta EditButton while editing: leave edit mode; onDisappear resets `draft = profile`.
    private mutating func cancelBeta() -> [LifecycleEvent] {
        editMode = .inactive
        var events: [LifecycleEvent] = [
            .editModeChanged(from: .active, to: .inactive), .disappeared(.editor),
        ]
        events.append(copy(.draft, by: .editorOnDisappear))
        events.append(.appeared(.summary))
        return events
    }
}

extension Host {
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
