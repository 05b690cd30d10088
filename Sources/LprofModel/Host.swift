/// What the user did to the profile screen, named for the tap, not for its effect.
public enum HostAction: Equatable, Sendable {
    /// `edit on`, `edit off`, `edit`/`edit toggle`: a tap on EditButton when it would change
    /// the mode in the asked direction.
    case editButton(Switch)
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
    /// `dismiss`: swiping the sheet down, which removes ProfileHost and everything in it.
    case dismiss
    /// `present`: tapping CategoryHome's profile button, which builds a new ProfileHost
    /// whose @State draft starts at the given default profile.
    case present(Profile)
}

/// `on`, `off` or `toggle`: which way `edit` asks EditButton to go, and what `trace`
/// does.
public enum Switch: String, Sendable, CaseIterable {
    case on, off, toggle
}

/// Why the host refused an action; the host is unchanged.
public enum HostError: Error, Equatable, Sendable {
    case notEditing(String)
    case editing(String)
    /// The action needs ProfileHost, whose sheet is dismissed.
    case dismissed(String)
    /// `present` while the sheet is up: the profile button lies under it.
    case presented(String)

    public var message: String {
        switch self {
        case .notEditing(let m), .editing(let m), .dismissed(let m), .presented(let m): return m
        }
    }

    /// The error for `command` while the sheet is dismissed: it names `present`.
    public static func sheetDismissed(_ command: String) -> HostError {
        .dismissed(
            "'\(command)' needs ProfileHost, but its sheet is dismissed; type 'present' to open it"
        )
    }
}

/// ProfileHost as a reducer over (profile, draft, editMode, sheet): each action returns the
/// lifecycle events it caused, in order, for the edition in force.
public struct Host: Equatable, Sendable {
    /// The committed profile (ModelData.profile).
    public private(set) var profile: Profile
    /// The editor's working copy (draftProfile); starts as the default profile.
    public private(set) var draft: Profile
    public private(set) var editMode: EditMode = .inactive
    public private(set) var edition: Edition
    /// Whether ProfileHost's sheet is up; a session starts with it presented.
    public private(set) var sheet: SheetState = .presented
    /// The fields `set` changed since edit mode began, a bit each (`ProfileField.bit`); none
    /// while inactive. It tells the learner's changes from a draft that only differs from
    /// the profile because it still holds its starting value, Profile.default (a new
    /// sheet's, or lprof's stale beta draft).
    private var edited: UInt8 = 0

    public init(profile: Profile, defaultProfile: Profile, edition: Edition = .release) {
        self.profile = profile
        self.draft = defaultProfile
        self.edition = edition
    }

    /// The profile the visible view shows: the draft while editing, else the profile (also
    /// while dismissed, when `get` reads the profile).
    public var visible: Profile { editMode == .active ? draft : profile }

    /// The learner's changes: the fields set since edit mode began whose draft value
    /// differs from the profile, in field order. Empty while inactive.
    public var changedFields: [ProfileField] {
        guard editMode == .active, edited != 0 else { return [] }
        return draft.differences(from: profile).filter(wasEdited)
    }

    /// Whether `set` changed `field` since edit mode began.
    public func wasEdited(_ field: ProfileField) -> Bool { edited & field.bit != 0 }

    /// The fields where the draft differs from the profile though no `set` changed them
    /// since edit mode began: the draft's starting value, Profile.default. While editing
    /// that happens only in the beta, whose editor has no onAppear copy (lprof's stale
    /// draft); 'done' would commit these too.
    public var uneditedDifferences: [ProfileField] {
        draft.differences(from: profile).filter { !wasEdited($0) }
    }

    /// True while editing with changes of the learner's that are not committed (a stale
    /// beta draft alone is not a change).
    public var hasPendingChanges: Bool { !changedFields.isEmpty }

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
        if sheet == .dismissed { try refuseWhileDismissed(action) }
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
                throw .notEditing(HostError.doneNeedsEditMode(edition))
            }
            if edition == .release { commitRelease(emit) } else { commitBeta(emit) }
        case .cancel:
            guard editMode == .active else {
                throw .notEditing(HostError.cancelNeedsEditMode(edition))
            }
            if edition == .release { cancelRelease(emit) } else { cancelBeta(emit) }
        case .fieldChanged(let value):
            try change(value, emit: emit)
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
        case .dismiss:
            dismissSheet(emit)
        case .present(let fresh):
            guard sheet == .dismissed else {
                throw .presented(
                    "the profile sheet is already presented (CategoryHome's profile button lies under it); type 'dismiss' first"
                )
            }
            presentSheet(fresh, emit)
        }
    }

    /// While dismissed only `present` and the edition switch work: everything else needs
    /// ProfileHost.
    private func refuseWhileDismissed(_ action: HostAction) throws(HostError) {
        switch action {
        case .present, .switchEdition: return
        case .editButton: throw .sheetDismissed("edit")
        case .done: throw .sheetDismissed("done")
        case .cancel: throw .sheetDismissed("cancel")
        case .fieldChanged: throw .sheetDismissed("set")
        case .reset: throw .sheetDismissed("reset")
        case .dismiss:
            throw .dismissed("the profile sheet is already dismissed; type 'present' to open it")
        }
    }

    /// `apply(.fieldChanged(value))`, without making and taking apart an action: the path
    /// of `set`, which batch scripts take millions of times.
    public mutating func change(_ value: FieldValue, emit: (LifecycleEvent) -> Void)
        throws(HostError)
    {
        if sheet == .dismissed { throw .sheetDismissed("set") }
        try checkFieldsEditable()
        let field = value.field
        draft.set(value)
        edited |= field.bit
        emit(.fieldSet(field, value))
    }

    /// Swiping the sheet down: the visible child disappears (the editor's onDisappear runs
    /// as it is wired in the edition), then ProfileHost. The next sheet starts inactive.
    private mutating func dismissSheet(_ emit: (LifecycleEvent) -> Void) {
        switch editMode {
        case .inactive:
            emit(.disappeared(.summary))
        case .active:
            editMode = .inactive
            edited = 0
            emit(.disappeared(.editor))
            switch edition {
            case .release:
                emit(copy(.profile, by: .editorOnDisappear))
                emit(.dismissCommitted)
            case .beta:
                emit(copy(.draft, by: .editorOnDisappear))
            }
        }
        sheet = .dismissed
        emit(.sheetDismissed)
    }

    /// Tapping the profile button: a new ProfileHost, whose @State draft is the default
    /// profile and which shows the summary; the profile (ModelData's) survives.
    private mutating func presentSheet(_ fresh: Profile, _ emit: (LifecycleEvent) -> Void) {
        sheet = .presented
        draft = fresh
        editMode = .inactive
        emit(.sheetPresented)
        if edition == .beta { emit(.betaProfileWouldRestart) }
        emit(.appeared(.summary))
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
        edited = 0
        emit(.editModeChanged(from: .active, to: .inactive))
        emit(.disappeared(.editor))
    }

    /// Tapping Edit: the summary goes, the editor comes; in release its onAppear copies.
    private mutating func beginEditing(_ emit: (LifecycleEvent) -> Void) {
        editMode = .active
        edited = 0
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

extension ProfileField {
    /// The field's bit in `Host`'s set of edited fields.
    fileprivate var bit: UInt8 {
        switch self {
        case .username: return 1
        case .notifications: return 2
        case .season: return 4
        case .goal: return 8
        }
    }
}

extension Host {
    /// Throws, as `.fieldChanged` does, unless the editor is there (edit mode). `set` asks
    /// first, so that it refuses before reading a value it cannot use.
    public func checkFieldsEditable() throws(HostError) {
        guard editMode == .active else { throw .notEditing(HostError.fieldsNeedEditMode) }
    }

    /// True when `action`, applied now, commits the draft (and so must be saved): Done in
    /// either edition, or, in the release edition, EditButton while editing and dismissing
    /// the sheet while editing (the editor's onDisappear). Cancel's onDisappear write of an
    /// unchanged value is not a commit.
    public func commits(_ action: HostAction) -> Bool {
        guard editMode == .active, sheet == .presented else { return false }
        switch action {
        case .done: return true
        case .editButton(.off), .editButton(.toggle), .dismiss: return edition == .release
        default: return false
        }
    }

    /// The stored profile changed outside the host: lprof's store merged another
    /// session's commit into this one's, or `reload` read it. ModelData.profile takes the
    /// new value; the draft, the editor's @State, is left as it is. Not a tutorial event:
    /// the tutorial's ModelData has one writer.
    public mutating func storeChanged(to stored: Profile) {
        profile = stored
    }
}
