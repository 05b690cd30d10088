/// What the user did to the profile screen, named for the tap, not for its effect.
public enum HostAction: Equatable, Sendable {
    /// `edit [on|off|toggle]`: a tap on EditButton when it would go the asked way.
    case editButton(Switch)
    /// `done`: the committing button (EditButton in release, the custom Done in the beta).
    case done
    /// `cancel`: the cancelling button (Cancel in release, EditButton in the beta).
    case cancel
    /// `set FIELD VALUE`: a control in the editor changed the draft.
    case fieldChanged(FieldValue)
    /// `reset`: profile and draft back to the default profile.
    case reset(Profile)
    /// `env edition`, with the default profile for an edition that keeps it in @State.
    case switchEdition(Edition, Profile)
    /// `env wiring PIECE VALUE`, with the default profile for a piece that moves it to @State.
    case rewire(WiringSetting, Profile)
    /// `dismiss`: swiping the sheet down, which removes ProfileHost and everything in it.
    case dismiss
    /// `present`: tapping CategoryHome's profile button, which builds a new ProfileHost.
    case present(Profile)
    /// lprof's store gave ModelData this profile, leaving the draft; no tap, so never refused.
    case storeChanged(Profile, StoreOrigin)
}

/// What an action asks of lprof's store (the tutorial's ModelData), as a value so that the
/// interpreter does it and a failed save can undo the action.
public enum HostEffect: Equatable, Sendable {
    /// Save the committed profile, `everyField` after a reset so that another session's
    /// change to any field conflicts with it.
    case save(everyField: Bool)
    /// The profile moved into ModelData: it becomes what the store holds.
    case read
    /// The profile moved out of ModelData, so the commits the store has not seen are saved now.
    case detach
}

/// One action's result: the events it caused, in order, and its effect on the store.
public struct HostOutcome: Equatable, Sendable {
    public var events: [LifecycleEvent]
    public var effect: HostEffect?
}

/// `on`, `off` or `toggle`: which way `edit` asks EditButton to go, and what `trace` does.
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

    /// The error for `command` while the sheet is dismissed.
    public static func sheetDismissed(_ command: String) -> HostError {
        .dismissed(
            "'\(command)' needs ProfileHost, but its sheet is dismissed; type 'present' to open it"
        )
    }
}

/// ProfileHost as a reducer over (profile, draft, editMode, sheet), so that each action
/// returns the events it caused and what it asks of the store (STYLE practices 4, 19).
public struct Host: Equatable, Sendable {
    /// The committed profile (ModelData.profile, or ProfileHost's @State profile).
    public private(set) var profile: Profile
    /// The editor's working copy (draftProfile); starts as the default profile.
    public private(set) var draft: Profile
    public private(set) var editMode: EditMode = .inactive
    public private(set) var wiring: Wiring
    public private(set) var sheet: SheetState = .presented
    /// The fields `set` changed since edit mode began, to tell the learner's changes from an
    /// older draft (`uneditedDifferences`).
    private var edited: UInt8 = 0
    /// The changed pieces whose first event trace has marked as lprof's experiment.
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

    public var edition: Edition { wiring.buttons }

    /// The profile the visible view shows (also while dismissed, for `get`).
    public var visible: Profile { editMode == .active ? draft : profile }

    /// The learner's changes: fields set since edit mode began that differ from the profile.
    public var changedFields: [ProfileField] {
        guard editMode == .active, edited != 0 else { return [] }
        return draft.differences(from: profile).filter(wasEdited)
    }

    public func wasEdited(_ field: ProfileField) -> Bool { edited & field.bit != 0 }

    /// The draft's older values, which only a wiring without the onAppear copy lets the
    /// editor show, and a commit would write too.
    public var uneditedDifferences: [ProfileField] {
        draft.differences(from: profile).filter { !wasEdited($0) }
    }

    /// True while editing with the learner's uncommitted changes (an older draft is none).
    public var hasPendingChanges: Bool { !changedFields.isEmpty }

    /// True while editing with a draft that differs from the profile at all: the prompt's `*`.
    public var draftDiffers: Bool { editMode == .active && draft != profile }

    /// Applies one action, or throws, changing nothing, when it is impossible now.
    public mutating func apply(_ action: HostAction) throws(HostError) -> HostOutcome {
        var events: [LifecycleEvent] = []
        let effect = try apply(action) { events.append($0) }
        return HostOutcome(events: events, effect: effect)
    }

    /// Applies one action with no list of events, inlinable so that `set`'s action, made
    /// millions of times a script, is taken apart where it is made.
    @inlinable
    public mutating func apply(_ action: consuming HostAction, emit: (LifecycleEvent) -> Void)
        throws(HostError) -> HostEffect?
    {
        guard case .fieldChanged(let value) = action else { return try perform(action, emit) }
        try changeField(value, emit)
        return nil
    }

    @usableFromInline
    mutating func changeField(_ value: FieldValue, _ emit: (LifecycleEvent) -> Void)
        throws(HostError)
    {
        if sheet == .dismissed { throw .sheetDismissed("set") }
        try checkFieldsEditable()
        let field = value.field
        draft.set(value)
        edited |= field.bit
        emit(.fieldSet(field, value))
    }

    /// Every action but `.fieldChanged` (`apply`).
    @usableFromInline
    mutating func perform(_ action: HostAction, _ emit: (LifecycleEvent) -> Void)
        throws(HostError) -> HostEffect?
    {
        if sheet == .dismissed { try refuseWhileDismissed(action) }
        switch action {
        case .fieldChanged:
            break  // `apply` sets fields
        case .editButton(let request):
            switch (editMode, request) {
            case (.inactive, .on), (.inactive, .toggle):
                beginEditing(emit)
            case (.active, .off), (.active, .toggle):
                // EditButton only changes the mode; onDisappear commits or resets as wired.
                let commits = endEditing(emit)
                return saving(commits)
            case (.inactive, .off), (.active, .on):
                break
            }
        case .done:
            guard editMode == .active else {
                throw .notEditing(HostError.doneNeedsEditMode(edition))
            }
            let commits = buttonCopy(
                .profile, by: .doneButton, .doneCommits, wiring.doneCommits, emit)
            let disappearanceCommits = endEditing(emit)
            return saving(commits || disappearanceCommits)
        case .cancel:
            guard editMode == .active else {
                throw .notEditing(HostError.cancelNeedsEditMode(edition))
            }
            let resets = buttonCopy(
                .draft, by: .cancelButton, .cancelResets, wiring.cancelResets, emit)
            // After Cancel's reset, onDisappear writes the profile back (a quirk): no save.
            let commits = endEditing(emit)
            return saving(commits && !resets)
        case .reset(let fresh):
            guard editMode == .inactive else {
                throw .editing(
                    "'reset' works only outside edit mode; type 'done' or 'cancel' first")
            }
            profile = fresh
            draft = fresh
            emit(.reset(.profile))
            emit(.reset(.draft))
            return usesStore ? .save(everyField: true) : nil
        case .switchEdition(let new, let fresh):
            guard editMode == .inactive else {
                throw .editing("the edition can change only outside edit mode")
            }
            let home = wiring.profile
            wiring = .preset(new)
            marked = 0
            emit(.editionChanged(new))
            if wiring.profile != home { return moveProfile(fresh, emit) }
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
            if wiring.profile != home { return moveProfile(fresh, emit) }
        case .dismiss:
            let commits = dismissSheet(emit)
            return saving(commits)
        case .present(let fresh):
            guard sheet == .dismissed else {
                throw .presented(
                    "the profile sheet is already presented (CategoryHome's profile button lies under it); type 'dismiss' first"
                )
            }
            presentSheet(fresh, emit)
        case .storeChanged(let stored, let origin):
            let changed = stored.differences(from: profile).map { stored[$0] }
            profile = stored
            emit(.storeChanged(origin, changed: changed))
        }
        return nil
    }

    /// A save when a commit reached ModelData (SPEC §7), called once the action is done
    /// because a call's receiver is read before its arguments.
    private func saving(_ commits: Bool) -> HostEffect? {
        commits && usesStore ? .save(everyField: false) : nil
    }

    /// While dismissed only `present` and the wiring switches work, needing no ProfileHost.
    private func refuseWhileDismissed(_ action: HostAction) throws(HostError) {
        switch action {
        case .present, .switchEdition, .rewire, .storeChanged: return
        case .editButton: throw .sheetDismissed("edit")
        case .done: throw .sheetDismissed("done")
        case .cancel: throw .sheetDismissed("cancel")
        case .fieldChanged: throw .sheetDismissed("set")
        case .reset: throw .sheetDismissed("reset")
        case .dismiss:
            throw .dismissed("the profile sheet is already dismissed; type 'present' to open it")
        }
    }

    /// The profile moved between ModelData and @State, restarting there as in a fresh beta.
    private mutating func moveProfile(_ fresh: Profile, _ emit: (LifecycleEvent) -> Void)
        -> HostEffect
    {
        emit(.profileMoved(to: wiring.profile))
        guard wiring.profile == .state else { return .read }
        profile = fresh
        draft = fresh
        return .detach
    }

    /// Swiping the sheet down, the visible child and edit mode going with it; true when
    /// onDisappear committed the draft.
    private mutating func dismissSheet(_ emit: (LifecycleEvent) -> Void) -> Bool {
        var commits = false
        switch editMode {
        case .inactive:
            emit(.disappeared(.summary))
        case .active:
            editMode = .inactive
            edited = 0
            emit(.disappeared(.editor))
            let differs = draft != profile
            commits = editorDisappears(emit)
            if commits && differs { emit(.dismissCommitted) }
            emit(.editModeLeftWithSheet)
        }
        sheet = .dismissed
        emit(.sheetDismissed)
        return commits
    }

    /// Tapping the profile button: a new ProfileHost whose @State starts at the default.
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
        if target == .draft { draft = profile } else { profile = draft }
        let source: ProfileSlot = target == .draft ? .profile : .draft
        return .copied(target: target, source: source, by: trigger, changed: changed)
    }

    /// Trace's mark before the first event a changed piece causes, lprof's experiment.
    private mutating func mark(_ piece: WiringPiece, _ emit: (LifecycleEvent) -> Void) {
        guard marked & piece.bit == 0, let setting = wiring.setting(piece),
            setting != Wiring.preset(wiring.buttons).setting(piece)
        else { return }
        marked |= piece.bit
        emit(.wiringMark(setting, buttons: wiring.buttons))
    }

    /// The copy the edition's button makes first if `piece` is wired to; true when it copied.
    private mutating func buttonCopy(
        _ target: ProfileSlot, by trigger: CopyTrigger, _ piece: WiringPiece, _ copies: Bool?,
        _ emit: (LifecycleEvent) -> Void
    ) -> Bool {
        guard let copies else { return false }
        mark(piece, emit)
        guard copies else {
            emit(.buttonWithoutCopy(trigger))
            return false
        }
        if target == .profile { mark(.profile, emit) }
        emit(copy(target, by: trigger))
        return true
    }

    /// The editor's onDisappear as wired; true when it committed a draft.
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

    /// EditButton, Done or Cancel ending edit mode; true when onDisappear committed.
    private mutating func endEditing(_ emit: (LifecycleEvent) -> Void) -> Bool {
        editMode = .inactive
        edited = 0
        emit(.editModeChanged(from: .active, to: .inactive))
        emit(.disappeared(.editor))
        let commits = editorDisappears(emit)
        emit(.appeared(.summary))
        return commits
    }

    /// Tapping Edit: the editor comes, and its onAppear copies if it is wired to.
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
    fileprivate var bit: UInt8 { 1 << WiringPiece.allCases.firstIndex(of: self)! }
}

extension Host {
    /// Throws as `.fieldChanged` does, so that `set` refuses before reading a value.
    public func checkFieldsEditable() throws(HostError) {
        guard editMode == .active else { throw .notEditing(HostError.fieldsNeedEditMode) }
    }

    /// True when the profile is ModelData's, so that lprof's store saves it.
    public var usesStore: Bool { wiring.profile == .modeldata }
}
