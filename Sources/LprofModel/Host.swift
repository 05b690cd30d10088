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
    /// `env edition`: the edition's buttons and every piece of its wiring; the profile is
    /// the given default when the edition keeps it in ProfileHost's @State.
    case switchEdition(Edition, Profile)
    /// `env wiring PIECE VALUE`: one piece; the profile is the given default when the
    /// piece moves it into ProfileHost's @State.
    case rewire(WiringSetting, Profile)
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
    /// A wiring piece the edition's buttons lack.
    case noSuchPiece(String)

    public var message: String {
        switch self {
        case .notEditing(let m), .editing(let m), .dismissed(let m), .presented(let m),
            .noSuchPiece(let m):
            return m
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
/// lifecycle events it caused, in order. The events follow the wiring's pieces (`Wiring`),
/// never the edition's name: an edition is only a preset of pieces.
public struct Host: Equatable, Sendable {
    /// The committed profile (ModelData.profile, or ProfileHost's @State profile).
    public private(set) var profile: Profile
    /// The editor's working copy (draftProfile); starts as the default profile.
    public private(set) var draft: Profile
    public private(set) var editMode: EditMode = .inactive
    /// The buttons and the pieces in force.
    public private(set) var wiring: Wiring
    /// Whether ProfileHost's sheet is up; a session starts with it presented.
    public private(set) var sheet: SheetState = .presented
    /// The fields `set` changed since edit mode began, a bit each (`ProfileField.bit`); none
    /// while inactive. It tells the learner's changes from a draft that only differs from
    /// the profile because it still holds an older value (Profile.default, say, under a
    /// wiring without the onAppear copy).
    private var edited: UInt8 = 0
    /// The changed pieces whose first event trace has marked as lprof's experiment, a bit
    /// each (`WiringPiece.bit`); a piece set again is marked again.
    private var marked: UInt8 = 0

    /// Equal when everything but trace's marks is: two hosts that stand the same.
    public static func == (a: Host, b: Host) -> Bool {
        a.profile == b.profile && a.draft == b.draft && a.editMode == b.editMode
            && a.wiring == b.wiring && a.sheet == b.sheet && a.edited == b.edited
    }

    public init(profile: Profile, defaultProfile: Profile, edition: Edition = .release) {
        self.profile = profile
        self.draft = defaultProfile
        self.wiring = .preset(edition)
    }

    /// Whose buttons the screen has (and so which edition's text views and messages use).
    public var edition: Edition { wiring.buttons }

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
    /// since edit mode began: the draft's older value, which only a wiring without the
    /// onAppear copy lets the editor show; a commit would write these too.
    public var uneditedDifferences: [ProfileField] {
        draft.differences(from: profile).filter { !wasEdited($0) }
    }

    /// True while editing with changes of the learner's that are not committed (an older
    /// draft alone is not a change).
    public var hasPendingChanges: Bool { !changedFields.isEmpty }

    /// True while editing with a draft that differs from the profile, for whatever reason:
    /// the learner's changes, or an older draft nothing copied the profile into (a commit
    /// would write either). The prompt's `*`.
    public var draftDiffers: Bool { editMode == .active && draft != profile }

    /// Applies one action; throws, changing nothing, when the action is impossible now.
    /// Returns the events it caused, in order.
    public mutating func apply(_ action: HostAction) throws(HostError) -> [LifecycleEvent] {
        var events: [LifecycleEvent] = []
        try apply(action) { events.append($0) }
        return events
    }

    /// Applies one action, handing each event to `emit` as it happens (no list is built:
    /// batch scripts apply millions of actions with trace off).
    mutating func apply(_ action: HostAction, emit: (LifecycleEvent) -> Void)
        throws(HostError)
    {
        if sheet == .dismissed { try refuseWhileDismissed(action) }
        switch action {
        case .editButton(let request):
            switch (editMode, request) {
            case (.inactive, .on), (.inactive, .toggle):
                beginEditing(emit)
            case (.active, .off), (.active, .toggle):
                // EditButton ends editing: the release's commits through onDisappear, the
                // beta's cancels; either way it is only the mode change.
                endEditing(emit)
            case (.inactive, .off), (.active, .on):
                break
            }
        case .done:
            guard editMode == .active else {
                throw .notEditing(HostError.doneNeedsEditMode(edition))
            }
            if edition == .beta { buttonCopy(.profile, by: .doneButton, emit) }
            endEditing(emit)
        case .cancel:
            guard editMode == .active else {
                throw .notEditing(HostError.cancelNeedsEditMode(edition))
            }
            if edition == .release { buttonCopy(.draft, by: .cancelButton, emit) }
            endEditing(emit)
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
        case .switchEdition(let new, let fresh):
            guard editMode == .inactive else {
                throw .editing("the edition can change only outside edit mode")
            }
            let home = wiring.profile
            wiring = .preset(new)
            marked = 0
            emit(.editionChanged(new))
            if wiring.profile != home { moveProfile(fresh, emit) }
        case .rewire(let setting, let fresh):
            guard editMode == .inactive else {
                throw .editing(
                    "the wiring can change only outside edit mode; type 'done' or 'cancel' first")
            }
            let home = wiring.profile
            var next = wiring
            if let refusal = next.apply(setting) { throw .noSuchPiece(refusal) }
            wiring = next
            marked &= ~setting.piece.bit
            emit(.wiringChanged(setting))
            if wiring.profile != home { moveProfile(fresh, emit) }
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

    /// While dismissed only `present` and the wiring switches work: everything else needs
    /// ProfileHost.
    private func refuseWhileDismissed(_ action: HostAction) throws(HostError) {
        switch action {
        case .present, .switchEdition, .rewire: return
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

    /// The profile moved between ModelData and ProfileHost's @State. Into the @State it
    /// starts, with the draft, at Profile.default, as in a fresh beta build; into ModelData
    /// it keeps its value until lprof reads the store (the interpreter does, as `reload`).
    private mutating func moveProfile(_ fresh: Profile, _ emit: (LifecycleEvent) -> Void) {
        if wiring.profile == .state {
            profile = fresh
            draft = fresh
        }
        emit(.profileMoved(to: wiring.profile))
    }

    /// Swiping the sheet down: the visible child disappears (the editor's onDisappear runs
    /// as it is wired), then ProfileHost; edit mode goes with it, and the next sheet starts
    /// inactive.
    private mutating func dismissSheet(_ emit: (LifecycleEvent) -> Void) {
        switch editMode {
        case .inactive:
            emit(.disappeared(.summary))
        case .active:
            editMode = .inactive
            edited = 0
            emit(.disappeared(.editor))
            let differs = draft != profile
            if editorDisappears(emit) && differs { emit(.dismissCommitted) }
            emit(.editModeLeftWithSheet)
        }
        sheet = .dismissed
        emit(.sheetDismissed)
    }

    /// Tapping the profile button: a new ProfileHost, whose @State draft (and profile, when
    /// the profile is its @State) is the default profile and which shows the summary.
    private mutating func presentSheet(_ fresh: Profile, _ emit: (LifecycleEvent) -> Void) {
        sheet = .presented
        draft = fresh
        editMode = .inactive
        let restarts = wiring.profile == .state
        if restarts { profile = fresh }
        mark(.profile, emit)
        emit(.sheetPresented(profileRestarts: restarts))
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

    /// Trace's mark for the first event a changed piece causes (or no longer causes):
    /// lprof's experiment, not the tutorial's code.
    private mutating func mark(_ piece: WiringPiece, _ emit: (LifecycleEvent) -> Void) {
        guard marked & piece.bit == 0, let setting = wiring.setting(piece),
            setting != Wiring.preset(wiring.buttons).setting(piece)
        else { return }
        marked |= piece.bit
        emit(.wiringMark(setting, buttons: wiring.buttons))
    }

    /// The copy the edition's own button makes first (the release's Cancel resets, the
    /// beta's Done commits), if it is wired to.
    private mutating func buttonCopy(
        _ target: ProfileSlot, by trigger: CopyTrigger, _ emit: (LifecycleEvent) -> Void
    ) {
        mark(edition == .release ? .cancelResets : .doneCommits, emit)
        if wiring.buttonCopies {
            if target == .profile { mark(.profile, emit) }
            emit(copy(target, by: trigger))
        } else {
            emit(.buttonWithoutCopy(trigger))
        }
    }

    /// The editor's onDisappear, as wired; true when it committed a draft the editor may
    /// have changed (not the write of a value its button just reset).
    private mutating func editorDisappears(_ emit: (LifecycleEvent) -> Void) -> Bool {
        mark(.onDisappear, emit)
        switch wiring.onDisappear {
        case .commit:
            mark(.profile, emit)
            emit(copy(.profile, by: .editorOnDisappear))
            return true
        case .reset:
            emit(copy(.draft, by: .editorOnDisappear))
        case .none:
            break
        }
        return false
    }

    /// EditButton, Done or Cancel ending edit mode: the mode changes, the editor disappears
    /// (its onDisappear runs), the summary appears.
    private mutating func endEditing(_ emit: (LifecycleEvent) -> Void) {
        editMode = .inactive
        edited = 0
        emit(.editModeChanged(from: .active, to: .inactive))
        emit(.disappeared(.editor))
        _ = editorDisappears(emit)
        emit(.appeared(.summary))
    }

    /// Tapping Edit: the summary goes, the editor comes, and its onAppear copies if it is
    /// wired to.
    private mutating func beginEditing(_ emit: (LifecycleEvent) -> Void) {
        editMode = .active
        edited = 0
        emit(.editModeChanged(from: .inactive, to: .active))
        emit(.disappeared(.summary))
        emit(.appeared(.editor))
        mark(.onAppear, emit)
        switch wiring.onAppear {
        case .copy: emit(copy(.draft, by: .editorOnAppear))
        case .none: emit(.editorShowsDraftWithoutCopy(stale: draft != profile))
        }
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

extension WiringPiece {
    /// The piece's bit in `Host`'s set of marked pieces.
    fileprivate var bit: UInt8 {
        switch self {
        case .onAppear: return 1
        case .onDisappear: return 2
        case .cancelResets: return 4
        case .doneCommits: return 8
        case .profile: return 16
        }
    }
}

extension Host {
    /// Throws, as `.fieldChanged` does, unless the editor is there (edit mode). `set` asks
    /// first, so that it refuses before reading a value it cannot use.
    public func checkFieldsEditable() throws(HostError) {
        guard editMode == .active else { throw .notEditing(HostError.fieldsNeedEditMode) }
    }

    /// True when `events` (one action's) commit the draft: a copy into the profile that is
    /// not the write of a value the same action just reset (the release Cancel's
    /// onDisappear quirk). Whether the commit is saved depends on where the profile lives.
    public static func commits(_ events: [LifecycleEvent]) -> Bool {
        for event in events {
            guard case .copied(let target, _, _, _) = event else { continue }
            return target == .profile
        }
        return false
    }

    /// True when the profile is ModelData's, so that lprof's store saves it.
    public var usesStore: Bool { wiring.profile == .modeldata }

    /// The stored profile changed outside the host: lprof's store merged another
    /// session's commit into this one's, or `reload` read it. ModelData.profile takes the
    /// new value; the draft, the editor's @State, is left as it is. Not a tutorial event:
    /// the tutorial's ModelData has one writer.
    public mutating func storeChanged(to stored: Profile) {
        profile = stored
    }
}
