import LprofModel

/// The user's command a step of `why` was started by, found again in its program only when
/// `why` shows it.
struct CommandPlace {
    var program: Program?
    var index = 0
    /// The command's number in the prompt's `history`; 0 when it was not typed at the prompt.
    var entry = 0
    /// True when the program is a sourced file's, whose name the location then gives.
    var nested = false
}

/// One step in the history of a value, as `why` tells it, made from the events trace prints.
struct WhyStep {
    enum Source {
        /// Trace's line is `TraceText.line(event)`.
        case event(LifecycleEvent)
        /// Trace's `draft.FIELD = VALUE`: a copy hands on the value with the trail.
        case set(ProfileField)
        /// lprof's store (not the tutorial's): trace's line after `~ lprof store: `.
        case store(String)
        /// lprof's start, the value's first origin.
        case start(Origin)
    }

    /// What began where at the session's start.
    enum Origin: Equatable {
        /// The store's revision when it held one.
        case profile(revision: Int?)
        case draft, mode, sheet, view
    }

    /// What the step meant for the value.
    enum Meaning: Equatable {
        /// It wrote the value; `same` when a copy wrote an equal one.
        case wrote(same: Bool)
        /// It could have written the value, but the wiring has no code there.
        case notWritten(Gap)
    }

    /// Why a step that could have written the value did not.
    enum Gap: Equatable {
        /// The editor appeared without an onAppear copy: the draft stayed as it was.
        case noOnAppear
        /// The editor's onDisappear, as wired, does not write this profile.
        case onDisappear(OnDisappearWiring)
        /// The edition's own button was wired without its first statement.
        case buttonWithoutCopy(CopyTrigger)
    }

    /// What the user did that made the host act (which code ran: the tap, or the sheet).
    enum Act: Equatable {
        case editButton, done, cancel, dismiss, present, reset, set, wiring, reload, merge, start

        init(_ action: HostAction) {
            switch action {
            case .editButton: self = .editButton
            case .done: self = .done
            case .cancel: self = .cancel
            case .fieldChanged: self = .set
            case .reset: self = .reset
            case .switchEdition, .rewire: self = .wiring
            case .dismiss: self = .dismiss
            case .present: self = .present
            case .storeChanged(_, .read(_, let reload)): self = reload ? .reload : .wiring
            case .storeChanged(_, .merge): self = .merge
            }
        }
    }

    var source: Source
    var meaning = Meaning.wrote(same: false)
    var act: Act
    var wiring: Wiring
    var place: CommandPlace
}

/// The steps that put one value where it is: its origin and the last `limit` steps, so that
/// a long session's trail stays small.
struct WhyTrail {
    /// Kept apart from `earlier` so that a `set`, a trail of one step, builds no array.
    var last: WhyStep
    var earlier: [WhyStep] = []
    var dropped = 0

    static let limit = 24

    var steps: [WhyStep] { earlier + [last] }

    /// This trail, then `step`: a copy's target takes its source's trail and the copy.
    func then(_ step: WhyStep) -> WhyTrail {
        var next = WhyTrail(last: step, earlier: earlier, dropped: dropped)
        next.earlier.append(last)
        if next.earlier.count > Self.limit {
            next.earlier.remove(at: 1)
            next.dropped += 1
        }
        return next
    }
}

/// The last `set` of a draft field, as small as can be since scripts set millions: its step
/// is made only when something reads the trail.
struct SetMark {
    var index: Int32 = 0
    var wiring = Wiring.preset(.release)
    var isSet = false
    /// Tested apart from `sealed`: reading an optional with a class in it costs a retain per `set`.
    var isSealed = false
    /// Where the `set` was written, once its program is no longer the one running.
    var sealed = CommandPlace()

    @inline(__always)
    mutating func mark(_ index: Int, wiring: Wiring) {
        self.index = Int32(truncatingIfNeeded: index)
        self.wiring = wiring
        isSet = true
        isSealed = false
    }

    mutating func seal(_ running: CommandPlace) {
        guard isSet, !isSealed else { return }
        sealed = running
        sealed.index = Int(index)
        isSealed = true
    }

    func step(_ field: ProfileField, running: CommandPlace) -> WhyStep {
        var place = isSealed ? sealed : running
        if !isSealed { place.index = Int(index) }
        return WhyStep(source: .set(field), act: .set, wiring: wiring, place: place)
    }
}

/// One value for each field of a profile.
struct PerField<Value> {
    var username, notifications, season, goal: Value

    init(_ value: Value) {
        (username, notifications, season, goal) = (value, value, value, value)
    }

    subscript(field: ProfileField) -> Value {
        get {
            switch field {
            case .username: return username
            case .notifications: return notifications
            case .season: return season
            case .goal: return goal
            }
        }
        set {
            switch field {
            case .username: username = newValue
            case .notifications: notifications = newValue
            case .season: season = newValue
            case .goal: goal = newValue
            }
        }
    }
}

typealias FieldTrails = PerField<WhyTrail>

extension FieldTrails {
    /// Each trail, then `step`: one that reached every field, or could have.
    mutating func append(_ step: WhyStep) {
        for field in ProfileField.allCases { self[field] = self[field].then(step) }
    }
}

/// Cause and effect for the profile screen (`why`), kept from the host's events as it makes
/// them; nothing here decides anything.
struct Provenance {
    var profile: FieldTrails
    /// The draft's trails, but for a field whose `SetMark` is set: its trail is that `set`.
    private var draftBeforeSets: FieldTrails
    private var marks = PerField(SetMark())
    /// The program running now, whose steps unsealed marks are.
    private(set) var running = CommandPlace()
    var mode: WhyTrail
    var sheet: WhyTrail
    /// The step that showed the view on screen (and the mode change before it).
    var view: WhyTrail

    /// The session's start: the profile as read (or not) from the store, ProfileHost presented.
    init(wiring: Wiring, storedRevision: Int?) {
        func start(_ origin: WhyStep.Origin) -> WhyTrail {
            WhyTrail(
                last: WhyStep(
                    source: .start(origin), act: .start, wiring: wiring, place: CommandPlace()))
        }
        profile = FieldTrails(start(.profile(revision: storedRevision)))
        draftBeforeSets = FieldTrails(start(.draft))
        mode = start(.mode)
        sheet = start(.sheet)
        view = start(.view)
    }

    /// The draft's trails, each `set` one a trail of its own.
    var draft: FieldTrails {
        get {
            var trails = draftBeforeSets
            for field in ProfileField.allCases where marks[field].isSet {
                trails[field] = WhyTrail(last: marks[field].step(field, running: running))
            }
            return trails
        }
        set {
            draftBeforeSets = newValue
            marks = PerField(SetMark())  // none set
        }
    }

    func trails(_ slot: ProfileSlot) -> FieldTrails {
        slot == .profile ? profile : draft
    }

    private mutating func update(_ slot: ProfileSlot, _ body: (inout FieldTrails) -> Void) {
        if slot == .profile { body(&profile) } else { body(&draft) }
    }

    /// `set FIELD VALUE`: the path of every `set`, so a mark and no step.
    @inline(__always)
    mutating func set(_ field: ProfileField, wiring: Wiring, at index: Int) {
        switch field {
        case .username: marks.username.mark(index, wiring: wiring)
        case .notifications: marks.notifications.mark(index, wiring: wiring)
        case .season: marks.season.mark(index, wiring: wiring)
        case .goal: marks.goal.mark(index, wiring: wiring)
        }
    }

    /// A program starts or ends running: the marks made so far are sealed with the one that ran.
    mutating func run(_ place: CommandPlace) {
        for field in ProfileField.allCases { marks[field].seal(running) }
        running = place
    }

    /// One action's events, in order: `before` is the host as the action found it.
    mutating func record(
        _ events: [LifecycleEvent], act: WhyStep.Act, before: Host, after: Host,
        at place: CommandPlace
    ) {
        let wiring = after.wiring
        func step(_ event: LifecycleEvent, _ meaning: WhyStep.Meaning = .wrote(same: false))
            -> WhyStep
        {
            WhyStep(source: .event(event), meaning: meaning, act: act, wiring: wiring, place: place)
        }
        // The values as the events leave them, to tell a copy of an equal value.
        var values = (profile: before.profile, draft: before.draft)
        var buttonWithoutCopy: CopyTrigger? = nil
        for event in events {
            switch event {
            case .copied(let target, let source, _, _):
                let from = trails(source)
                let (old, new) =
                    target == .profile
                    ? (values.profile, values.draft) : (values.draft, values.profile)
                update(target) { trails in
                    for field in ProfileField.allCases {
                        trails[field] = from[field].then(
                            step(event, .wrote(same: old[field] == new[field])))
                    }
                }
                values = (profile: new, draft: new)
            case .reset(let slot):
                update(slot) { $0 = FieldTrails(WhyTrail(last: step(event))) }
            case .profileMoved(to: .state):
                // Into ProfileHost's @State: both start at Profile.default.
                profile = FieldTrails(WhyTrail(last: step(event)))
                draft = FieldTrails(WhyTrail(last: step(event)))
            case .sheetPresented(let restarts):
                let origin = WhyTrail(last: step(event))
                draft = FieldTrails(origin)
                if restarts { profile = FieldTrails(origin) }
                sheet = sheet.then(step(event))
                mode = origin
            case .sheetDismissed:
                sheet = sheet.then(step(event))
                view = WhyTrail(last: step(event))
            case .editorShowsDraftWithoutCopy:
                draft.append(step(event, .notWritten(.noOnAppear)))
            case .buttonWithoutCopy(let trigger):
                buttonWithoutCopy = trigger
            case .editModeChanged:
                mode = mode.then(step(event))
                if let trigger = buttonWithoutCopy {
                    // The button only ended edit mode: its first statement's write never ran.
                    let slot: ProfileSlot = trigger == .cancelButton ? .draft : .profile
                    update(slot) {
                        $0.append(step(event, .notWritten(.buttonWithoutCopy(trigger))))
                    }
                    buttonWithoutCopy = nil
                }
            case .editModeLeftWithSheet:
                mode = mode.then(step(event))
            case .disappeared(.editor):
                // The slot the edition's own onDisappear writes, when this wiring's does not.
                let own = Wiring.preset(wiring.buttons).onDisappear
                let slot: ProfileSlot = own == .commit ? .profile : .draft
                let writes: ProfileSlot? =
                    wiring.onDisappear == .commit
                    ? .profile : wiring.onDisappear == .reset ? .draft : nil
                if writes != slot {
                    update(slot) {
                        $0.append(step(event, .notWritten(.onDisappear(wiring.onDisappear))))
                    }
                }
            case .appeared:
                view = WhyTrail(last: mode.last).then(step(event))
            case .disappeared(.summary), .editionChanged, .wiringChanged, .profileMoved,
                .wiringMark, .dismissCommitted, .fieldSet:
                break
            case .storeChanged:
                break  // told by the store's own lines (`read`, `merged`), as trace tells it
            }
        }
    }

    /// lprof's store gave the profile's fields a new origin (a read or a merge), each with
    /// trace's line for it.
    mutating func stored(
        _ lines: [(ProfileField, String)], act: WhyStep.Act, wiring: Wiring,
        at place: CommandPlace
    ) {
        for (field, line) in lines {
            profile[field] = WhyTrail(
                last: WhyStep(source: .store(line), act: act, wiring: wiring, place: place))
        }
    }
}
