import LprofLanguage
import LprofModel
import LprofShell

/// A deed with what it showed or read, as a task's story tells it (SPEC §9), so that two
/// spellings of one deed (`edit`, `edit on`) tell the same event and two deeds never do.
enum StoryEvent: Equatable {
    case host(LifecycleEvent)
    case saved
    /// `show` drew `view` while `screen` was on display, showing those profiles (nil: none).
    case shown(
        view: String, screen: String, environment: [EnvKey: String], profile: Profile?,
        draft: Profile?)
    /// `get` printed `text` for what it read.
    case read(ReadPattern, text: String)
    /// A command failed, for a reason; a `set`, writing the value named.
    case failed(command: String, reason: FailureReason?, attempted: FieldValue?)
    case explained(WhyTarget)

    /// The deed read against the interpreter as the deed is told, while its command runs.
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

    /// A commit or sheet event, which nothing undoes, so a learner's deeds may hold none the
    /// story lacks; an unchanged write is none, edit mode leaving with the sheet is (issue 34).
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

/// Where a story leaves ProfileHost and the settings, each part in the words `get` prints,
/// which name a value exactly, so that parts compare by their words.
struct StoryState {
    /// What `host` holds, in the order a difference is named.
    static let hostParts =
        ["the sheet", "edit mode", "the edition", "the wiring"]
        + ["profile", "draft"].flatMap { name in
            ProfileField.allCases.map { "the \(name)'s \($0.rawValue)" }
        } + ["the fields you changed"]
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

    /// Whether this state ends as `answer` does: ProfileHost, and what the answer changed.
    func endsAs(_ answer: StoryState, from start: StoryState) -> Bool {
        difference(from: answer, start: start) == nil
            && (answer.now == start.now || now == answer.now)
    }

    /// The first way this state differs from `answer`'s, a setting only if the answer changed it.
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

/// What a task's answer does from where the task began (SPEC §9), which the learner's deeds
/// must tell in order, with no commit or sheet event it lacks, ending where it ends.
struct TaskStory {
    let events: [StoryEvent]
    /// For each answer entry: how many events were told by its end, and the state it left.
    let marks: [(told: Int, state: StoryState)]
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

    /// The first commit or sheet event in `log` no reading matches: out of reach but by `back`.
    func strayEvent(in log: [StoryEvent]) -> StoryEvent? {
        Self.reach(log, events).stray
    }

    /// The event the furthest reading awaited when `log`'s stray one came, if told later.
    func awaitedBeforeStray(in log: [StoryEvent]) -> StoryEvent? {
        let read = Self.reach(log, events)
        guard let stray = read.stray, read.awaited < events.count,
            events[read.awaited...].contains(stray)
        else { return nil }
        return events[read.awaited]
    }

    /// Which of the story's first j events some reading of `log` tells, or the event where
    /// every reading failed and the furthest story event awaited then.
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
    /// The event as the learner is told it: trace's words without '~ ', or a few words.
    var text: String {
        switch self {
        case .host(let event):
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
