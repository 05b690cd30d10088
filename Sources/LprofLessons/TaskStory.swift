import LprofLanguage
import LprofModel
import LprofShell

/// One thing a command did, as a task's story tells it (SPEC §9): a deed, with what it
/// showed or read. Two spellings of one deed (`edit` and `edit on`, `fall` and `autumn`)
/// tell the same event; two different deeds never do.
enum StoryEvent: Equatable {
    /// A lifecycle event: edit mode, views coming and going, copies and commits, a field
    /// set, the sheet, the edition, a reset.
    case host(LifecycleEvent)
    /// lprof's store saved a commit.
    case saved
    /// `show` drew `view` while `screen` was on display (`home`, `summary` or `editor`), in
    /// that environment, showing those profiles (nil: the view shows none).
    case shown(
        view: String, screen: String, environment: [EnvKey: String], profile: Profile?,
        draft: Profile?)
    /// `get` printed `text` for what it read.
    case read(ReadPattern, text: String)
    /// A command failed, for a reason; a `set`, writing the value named.
    case failed(command: String, reason: FailureReason?, attempted: FieldValue?)
    /// `why` explained the value.
    case explained(WhyTarget)

    /// The deed as the story tells it, read against the interpreter as it is when the deed
    /// is told (a view and a value read are told while the command runs).
    init(_ deed: Deed, in interpreter: Interpreter) {
        let host = interpreter.host
        switch deed {
        case .event(let event, _, _):
            self = .host(event)
        case .saved:
            self = .saved
        case .shown(let view, _, let environment):
            let screen = host.screen
            // What the view draws from: the summary the profile, the editor the draft,
            // VoiceOver whichever screen it reads, the diff both.
            var shows: (profile: Bool, draft: Bool) = (false, false)
            switch ViewKind(rawValue: view) {
            case .summary?: shows.profile = true
            case .editor?: shows.draft = true
            case .diff?: shows = (true, true)
            case .voiceover?: shows = (screen == .summary, screen == .editor)
            default: break
            }
            self = .shown(
                view: view, screen: screen.rawValue, environment: environment,
                profile: shows.profile ? host.profile : nil, draft: shows.draft ? host.draft : nil
            )
        case .read(let pattern):
            var text = ""
            if case .target(let target) = pattern {
                switch target {
                case .mode: text = host.editMode.rawValue
                case .sheet: text = host.sheet.rawValue
                case .wiring(let piece): text = host.wiring.setting(piece)?.valueText ?? ""
                case .field(let scope, let name):
                    text = (scope == .draft ? host.draft : host.profile)[name].plainText
                }
            }
            self = .read(pattern, text: text)
        case .failed(let command, let reason, let attempted):
            self = .failed(command: command, reason: reason, attempted: attempted)
        case .explained(let target):
            self = .explained(target)
        }
    }

    /// A commit or a sheet event: what a learner's deeds may not hold beyond the story's,
    /// since nothing undoes it (the profile changed, the store saved, a ProfileHost gone or
    /// a new one built). A write of the value the profile already holds (Cancel's
    /// onDisappear) changes nothing, and is no commit. Edit mode leaving with the sheet is
    /// part of the sheet event: a sheet closed from the editor is not one closed from the
    /// summary, though both end inactive and dismissed (issue 34 item 15).
    var isCommitOrSheet: Bool {
        switch self {
        case .saved: return true
        case .host(let event):
            switch event {
            case .copied(target: .profile, _, _, changed: true), .reset, .dismissCommitted,
                .sheetDismissed, .sheetPresented, .profileMoved, .editModeLeftWithSheet:
                return true
            default: return false
            }
        case .shown, .read, .failed, .explained: return false
        }
    }
}

/// Where a story leaves the world, each part in the learner's words: ProfileHost's state,
/// and the settings a story may change. A value's words name it exactly (a field as `get`
/// prints it), so parts compare by their words.
struct StoryState {
    /// What `host` holds, in the order a difference is named: the wiring is its pieces that
    /// differ from the edition's (the wiring lab, as `env wiring` writes them), the changes
    /// are the learner's (`lprof edit*>`).
    static let hostParts =
        ["the sheet", "edit mode", "the edition", "the wiring"]
        + ["profile", "draft"].flatMap { name in
            ProfileField.allCases.map { "the \(name)'s \($0.rawValue)" }
        } + ["the fields you changed"]
    /// What `settings` holds.
    static let settingParts = ["trace", "sizeCategory", "the locale"]

    let host: [String]
    let settings: [String]
    let now: CalendarDay?

    init(_ interpreter: Interpreter) {
        let host = interpreter.host
        let settings = interpreter.settings
        func list(_ items: [String], or none: String) -> String {
            items.isEmpty ? none : items.joined(separator: ", ")
        }
        let wiring = host.wiring.changedPieces.map {
            "\($0.rawValue) \(host.wiring.setting($0)?.valueText ?? "")"
        }
        var parts = [
            host.sheet.rawValue, host.editMode.rawValue, host.edition.rawValue,
            list(wiring, or: "the edition's own"),
        ]
        for profile in [host.profile, host.draft] {
            for field in ProfileField.allCases { parts.append(profile[field].plainText) }
        }
        parts.append(list(host.changedFields.map(\.rawValue), or: "none"))
        self.host = parts
        self.settings = [
            settings.trace ? "on" : "off", settings.sizeCategory.name, settings.locale,
        ]
        now = settings.now
    }

    /// Whether this state ends as `answer` does: ProfileHost exactly, and each setting the
    /// answer changed from `start` (the date too, which `difference` does not name).
    func endsAs(_ answer: StoryState, from start: StoryState) -> Bool {
        difference(from: answer, start: start) == nil
            && (answer.now == start.now || now == answer.now)
    }

    /// The first way this state differs from `answer`'s: what differs, its value now, and
    /// its value where the answer ends. A setting counts only where the answer changed it.
    func difference(from answer: StoryState, start: StoryState)
        -> (subject: String, now: String, answer: String)?
    {
        for (index, subject) in Self.hostParts.enumerated() where host[index] != answer.host[index]
        {
            return (subject, host[index], answer.host[index])
        }
        for (index, subject) in Self.settingParts.enumerated()
        where answer.settings[index] != start.settings[index]
            && settings[index] != answer.settings[index]
        {
            return (subject, settings[index], answer.settings[index])
        }
        return nil
    }
}

/// A task's story (SPEC §9): what its answer does when run from where the task began, the
/// events, views, values and failures in order, and the state each answer entry leaves.
/// The learner's deeds meet the task when they tell the same story: the same events in the
/// same order (others may come between, but no commit or sheet event the story lacks), and
/// they end where the answer ends.
struct TaskStory {
    /// Everything the answer did, in order.
    let events: [StoryEvent]
    /// For each answer entry: how many events the answer had told by its end, and the state
    /// it left.
    let marks: [(told: Int, state: StoryState)]
    /// The state the task began in.
    let start: StoryState

    /// How many answer entries there are.
    var steps: Int { marks.count }

    /// Whether `log`, leaving `now`, tells the story of the first `steps` answer entries.
    func isTold(by log: [StoryEvent], now: StoryState, through steps: Int) -> Bool {
        guard steps > 0, steps <= marks.count else { return false }
        let mark = marks[steps - 1]
        return now.endsAs(mark.state, from: start)
            && Self.reach(log, Array(events[..<mark.told])).reached?.last == true
    }

    /// How many of the story's events, from its start, some reading of `log` tells.
    func toldCount(_ log: [StoryEvent]) -> Int {
        Self.reach(log, events).reached?.lastIndex(of: true) ?? 0
    }

    /// A commit or sheet event in `log` that no reading of it can match with the story's:
    /// the first deed that put the task out of reach (nothing undoes it but `back`).
    func strayEvent(in log: [StoryEvent]) -> StoryEvent? {
        Self.reach(log, events).stray
    }

    /// When the stray event in `log` is one the story tells later, after events it had not
    /// told yet: the story's event the furthest reading was waiting for. Nil when no event
    /// strayed, or the story does not tell it again from there.
    func awaitedBeforeStray(in log: [StoryEvent]) -> StoryEvent? {
        let read = Self.reach(log, events)
        guard let stray = read.stray, read.awaited < events.count,
            events[read.awaited...].contains(stray)
        else { return nil }
        return events[read.awaited]
    }

    /// Reads `log` against `story`: after it, which of the story's first j events some
    /// reading has told (others may come between, but no commit or sheet event); or the
    /// event where every reading failed, and the furthest story event awaited then.
    private static func reach(_ log: [StoryEvent], _ story: [StoryEvent])
        -> (reached: [Bool]?, stray: StoryEvent?, awaited: Int)
    {
        var reached = [Bool](repeating: false, count: story.count + 1)
        reached[0] = true
        for event in log {
            var next = [Bool](repeating: false, count: story.count + 1)
            for j in reached.indices where reached[j] {
                if j < story.count, story[j] == event { next[j + 1] = true }
                if !event.isCommitOrSheet { next[j] = true }
            }
            if !next.contains(true) {
                return (nil, event, reached.lastIndex(of: true) ?? 0)
            }
            reached = next
        }
        return (reached, nil, story.count)
    }
}

extension StoryEvent {
    /// The event as the learner is told it: a lifecycle event as a lesson writes it (trace's
    /// words without '~ '), a deed in a few words.
    var text: String {
        switch self {
        case .host(let event):
            // Trace's own words, without '~ ': what the learner sees with trace on.
            return String(TraceText.line(event).dropFirst(2))
        case .saved: return "store saved"
        case .shown(let view, let screen, _, _, _): return "show \(view), on the \(screen)"
        case .read(let pattern, let text):
            switch pattern {
            case .json: return "get --json"
            case .target(let target): return "get \(Self.name(target)): \(text)"
            }
        case .failed(let command, let reason, _):
            return "\(command) refused" + (reason.map { " (\($0.rawValue))" } ?? "")
        case .explained(let target): return "why \(Self.name(target))"
        }
    }

    private static func name(_ target: WhyTarget) -> String {
        switch target {
        case .mode: return "mode"
        case .sheet: return "sheet"
        case .view: return "view"
        case .field(let scope, let field): return name(Target.field(scope, field))
        }
    }

    private static func name(_ target: Target) -> String {
        switch target {
        case .mode: return "mode"
        case .sheet: return "sheet"
        case .wiring(let piece): return "wiring \(piece.rawValue)"
        case .field(let scope, let field):
            return (scope.map { $0.rawValue + "." } ?? "") + field.rawValue
        }
    }
}
