import LprofHelp
import LprofLanguage
import LprofModel
import LprofStore
import LprofSystem
import LprofText
import LprofViews

/// Runs commands against the host: the profile, the draft and edit mode, plus the
/// environment and the store. Output goes to `out`; failures are thrown with their place.
public final class Interpreter {
    /// Changes only through commands, or `enter` (a lesson's fresh start or `back`).
    public internal(set) var host: Host
    public var settings: Settings
    /// The store commits go to (a lesson gives each of its tasks a world of its own).
    var storage: ProfileStorage
    /// What this session last read from the store or wrote to it, with its revision: the
    /// base of the three-way merge at the next commit (SPEC §7).
    public internal(set) var base: StoredProfile
    /// The store revision this session last read or wrote.
    var revision: Int { base.revision }
    /// `-1`: commits change the session's profile but are saved once, at the end of the
    /// script (`commitTransaction`).
    var singleTransaction = false
    /// What `-1` has to save at the end besides the profile itself.
    var transaction = PendingTransaction()
    /// Notes for the runner to report after the command (a merge with another session).
    var notes: [String] = []
    /// True while `expect error` runs its command: commits check the store, write nothing.
    private(set) var probing = false
    /// Told of each thing a command does (`lprof learn`'s coach); nil: nobody listens.
    public var deedObserver: ((Deed) -> Void)?
    /// The command running, for the deeds it does.
    var runningCommand: CommandName?
    public let out: OutputBuffer
    /// The clock's today, in the local time zone.
    let clock: () -> CalendarDay
    /// What `help options` shows: the launcher's `--help`, made from its table of options,
    /// which the interpreter does not know.
    /// Made when asked for: wrapping that table is half of lprof's start-up.
    var optionsHelp: () -> String = { "'lprof --help' lists the options." }

    /// `loaded` is what the store holds; in an edition whose profile is ProfileHost's
    /// @State (the beta) it is not used, and should not have been read.
    public init(
        storage: ProfileStorage, loaded: StoredProfile?, settings: Settings, out: OutputBuffer,
        edition: Edition = .release, clock: @escaping () -> CalendarDay
    ) {
        self.storage = storage
        self.settings = settings
        self.out = out
        self.clock = clock
        let today = settings.now ?? clock()
        let fresh = Profile.default(today: today)
        let wiring = Wiring.preset(edition)
        let stored = wiring.profile == .modeldata ? loaded : nil
        self.host = Host(profile: stored?.profile ?? fresh, defaultProfile: fresh, edition: edition)
        // A missing store means the default profile, at revision 0.
        self.base = stored ?? StoredProfile(profile: fresh, revision: 0)
    }

    /// Trace's first line in a session whose profile is ProfileHost's @State: the store is
    /// not used (SPEC §2, the beta).
    func traceStart() {
        if settings.trace && !host.usesStore { printTrace(.profileMoved(to: .state)) }
    }

    /// Today as lprof sees it: `env now` if set, else the clock.
    public var today: CalendarDay { settings.now ?? clock() }

    /// Runs one command (`execute`, in Interpreter+Deeds, tells the observer what it did).
    func perform(_ command: Command, in context: CommandContext?)
        throws(CommandFailure) -> Flow
    {
        switch command.kind {
        case .set(let field, let value):
            try set(field, value, command)
        case .get(let target):
            out.writeLine(try read(target, at: command.span))
            record(.read(.target(resolved(target))))
        case .getJSON(let scope):
            out.writeLine(JSONText.profile(profile(scope)))
            record(.read(.json))
        case .edit(let request):
            try tap(.editButton(request), command)
        case .done(let force):
            try tap(.done, command, force: force)
        case .cancel:
            try tap(.cancel, command)
        case .reset(let force):
            try reset(command, force: force)
        case .dismiss(let force):
            try tap(.dismiss, command, force: force)
        case .present:
            try tap(.present(Profile.default(today: today)), command)
        case .reload:
            try reload(command)
        case .show(let view, _):
            show(view)
        case .expect(let target, let value):
            try expect(target, value)
        case .expectError(let inner):
            try expectError(inner, command, context)
        case .env(let key, let value):
            try env(key, value, at: command.span)
        case .rewire(let piece, nil):
            out.writeLine(try wiringValue(piece, at: command.span))
        case .rewire(let piece, let value?):
            try rewire(CommandValues.wiringSetting(piece, value), at: command.span)
        case .trace(let s):
            switch s {
            case .on: settings.trace = true
            case .off: settings.trace = false
            case .toggle: settings.trace.toggle()
            }
        case .print(let words):
            out.writeLine(
                TerminalSafe.escape(words.map(\.text).joined(separator: " "), keepingLayout: true))
        case .help(let topic):
            out.writeLine(
                HelpText.fitted(
                    topic.map { HelpText.text(for: $0.text, options: optionsHelp()) }
                        ?? HelpText.overview,
                    width: settings.width()))
        case .source(let path):
            guard let context else {
                throw CommandFailure("'source' is not available here", at: command.span)
            }
            return try context.source(path)
        case .record(let path, let force):
            guard let context else {
                throw CommandFailure("'record' is not available here", at: command.span)
            }
            try context.startRecording(path, replacing: force, command: command.span)
        case .recordOff:
            guard let context else {
                throw CommandFailure("'record' is not available here", at: command.span)
            }
            try context.stopRecording(command: command.span)
        case .history(let count):
            try history(count, context?.historyEntries)
        case .quit:
            return .quit
        }
        return .next
    }

    // MARK: - Editing

    /// `set`, compiled: the value it writes already resolved (`Compiler`). A failure comes
    /// without its place, which only the runner can find (`SetFailure`).
    func set(_ value: consuming SetValue) throws(SetFailure) {
        // Nobody told of deeds (a script): nothing to name the command for.
        guard deedObserver != nil else {
            try checkFieldsSettable()
            try setField(value)
            return
        }
        let outer = runningCommand
        runningCommand = .set
        defer { runningCommand = outer }
        let named = value
        do {
            try checkFieldsSettable()
            try setField(value)
        } catch {
            record(
                .failed(
                    command: CommandName.set.rawValue, reason: error.reason,
                    attempted: attempted(named)))
            throw error
        }
    }

    /// `set FIELD VALUE` as a command (a lesson's, or under `expect error`): its value is
    /// read as it runs, after the state is checked, so a state error comes first.
    private func set(_ field: ProfileField, _ value: Argument, _ command: Command)
        throws(CommandFailure)
    {
        do {
            try checkFieldsSettable()
        } catch {
            throw error.placed(command: command.span, value: value.span)
        }
        let named = try CommandValues.setValue(field, value)
        do {
            try setField(named)
        } catch {
            throw error.placed(command: command.span, value: value.span)
        }
    }

    /// Why no field can be set now, if so (the sheet is down, or not editing): a state error
    /// comes before anything wrong with the value.
    private func checkFieldsSettable() throws(SetFailure) {
        if host.sheet == .dismissed {
            throw SetFailure(
                HostError.sheetDismissed("set").message, reason: .whileDismissed, atValue: false)
        }
        do {
            try host.checkFieldsEditable()
        } catch {
            throw SetFailure(error.message, reason: .whileInactive, atValue: false)
        }
    }

    /// Sets a field of the draft to what `set` named, once `checkFieldsSettable` has passed.
    private func setField(_ named: consuming SetValue) throws(SetFailure) {
        let newValue: FieldValue
        switch named {
        case .value(let plain):
            newValue = plain
        default:
            // A flip or a goal expression: it meets the draft and today.
            do {
                newValue = try ValueParser.resolve(named, draft: host.draft, today: today)
            } catch {
                let failure = CommandValues.failure(error, at: nil)
                throw SetFailure(failure.message, reason: failure.reason, atValue: true)
            }
        }
        // Events are listed only for an observer: batch scripts set millions of fields.
        let observed = deedObserver != nil && !probing
        guard settings.trace || observed else {
            do {
                try host.change(newValue) { _ in }
            } catch {
                throw SetFailure(error.message, reason: error.reason, atValue: false)
            }
            return
        }
        var events: [LifecycleEvent] = []
        do {
            let trace = settings.trace
            try host.change(newValue) {
                if trace { printTrace($0) }
                if observed { events.append($0) }
            }
        } catch {
            throw SetFailure(error.message, reason: error.reason, atValue: false)
        }
        recordEvents(events)
    }

    /// Applies a button tap; a commit is saved to the store first, so that a failed save
    /// leaves the host exactly as it was (still editing, the draft intact).
    private func tap(_ action: HostAction, _ command: Command, force: Bool = false)
        throws(CommandFailure)
    {
        var next = host
        let events: [LifecycleEvent]
        do {
            events = try next.apply(action)
        } catch {
            throw CommandFailure(error.message, at: command.span, reason: error.reason)
        }
        // A commit is saved while the profile is ModelData's (SPEC §7).
        let commits = next.usesStore && Host.commits(events)
        let step = commits ? try commitToStore(next.profile, command, force: force) : nil
        host = next
        if settings.trace { printTrace(events) }
        if let step { adopt(step) }
        recordEvents(events, saved: step?.wrote == true)
    }

    /// `env edition`: only outside edit mode.
    func switchEdition(_ edition: Edition, at span: Span) throws(CommandFailure) {
        try rewire(.switchEdition(edition, Profile.default(today: today)), at: span)
    }

    /// `env wiring PIECE VALUE`: only outside edit mode.
    func rewire(_ setting: WiringSetting, at span: Span) throws(CommandFailure) {
        try rewire(.rewire(setting, Profile.default(today: today)), at: span)
    }

    /// Applies an edition or wiring change. When the profile moves into ModelData the store
    /// is read, as `reload` reads it; when it moves out, `-1`'s pending commits are saved
    /// first. A store error changes nothing.
    private func rewire(_ action: HostAction, at span: Span) throws(CommandFailure) {
        var next = host
        let events: [LifecycleEvent]
        do {
            events = try next.apply(action)
        } catch {
            throw CommandFailure(error.message, at: span, reason: error.reason)
        }
        var stored: StoredProfile? = nil
        if next.usesStore != host.usesStore {
            if next.usesStore {
                stored = try readStore(at: span)
            } else if hasPendingTransaction {
                try commitTransaction()
            }
        }
        host = next
        if settings.trace { printTrace(events) }
        if let stored { adoptRead(stored) }
        recordEvents(events)
    }

    private func reset(_ command: Command, force: Bool) throws(CommandFailure) {
        var next = host
        let events: [LifecycleEvent]
        do {
            events = try next.apply(.reset(Profile.default(today: today)))
        } catch {
            throw CommandFailure(error.message, at: command.span, reason: error.reason)
        }
        // Reset sets every field: one another session changed conflicts with it. A profile
        // in ProfileHost's @State is not saved.
        let step =
            next.usesStore
            ? try commitToStore(
                next.profile, command, force: force, touched: Set(ProfileField.allCases)) : nil
        host = next
        if settings.trace { printTrace(events) }
        if let step { adopt(step) }
        recordEvents(events, saved: step?.wrote == true)
    }

    /// A trace line; at a terminal it wraps at spaces, continuing under its text.
    func writeTrace(_ line: String) {
        guard settings.wrapsAtTerminal else { return out.writeLine(line) }
        out.writeLine(
            TextWrap.lines(line, width: settings.width(), indent: 4).joined(separator: "\n"))
    }

    private func printTrace(_ event: LifecycleEvent) {
        for line in TraceText.lines(event) { writeTrace(line) }
    }

    private func printTrace(_ events: [LifecycleEvent]) {
        for event in events { printTrace(event) }
    }

    // MARK: - Reading

    func profile(_ scope: Scope?) -> Profile {
        switch scope {
        case .profile: return host.profile
        case .draft: return host.draft
        case nil: return host.visible
        }
    }

    private func read(_ target: Target, at span: Span) throws(CommandFailure) -> String {
        switch target {
        case .wiring(let piece):
            return try wiringValue(piece, at: span)
        case .mode:
            return host.editMode.rawValue
        case .sheet:
            return host.sheet.rawValue
        case .field(let scope, let name):
            // A username may hold bidi marks and invisible characters: shown, never raw.
            return TerminalSafe.escape(profile(scope)[name].plainText)
        }
    }

    func expect(_ target: Target, _ value: Argument) throws(CommandFailure) {
        switch try CommandValues.expected(target, value, today: today) {
        case .mode(let mode):
            if mode != host.editMode {
                throw CommandFailure(
                    "expected mode \(mode.rawValue), but it is \(host.editMode.rawValue)",
                    at: value.span)
            }
        case .sheet(let sheet):
            if sheet != host.sheet {
                throw CommandFailure(
                    "expected sheet \(sheet.rawValue), but it is \(host.sheet.rawValue)",
                    at: value.span)
            }
        case .wiring(let expected):
            let actual = try wiringValue(expected.piece, at: value.span)
            if actual != expected.valueText {
                throw CommandFailure(
                    "expected wiring \(expected.piece.rawValue) \(expected.valueText), but it is \(actual)",
                    at: value.span)
            }
        case .field(let expected):
            guard case .field(let scope, let name) = target else { return }
            let actual = profile(scope)[name]
            if actual != expected {
                let place = scope.map { "\($0.rawValue).\(name.rawValue)" } ?? name.rawValue
                throw CommandFailure(
                    "expected \(place) to be \(TraceText.shown(expected)), but it is \(TraceText.shown(actual))",
                    at: value.span)
            }
        }
    }

    /// `expect error COMMAND`: a failing expectation changes nothing, so when COMMAND
    /// succeeds its effect on the host and the environment is undone, and a commit it
    /// makes is only checked against the store, never written.
    private func expectError(_ inner: Command, _ command: Command, _ context: CommandContext?)
        throws(CommandFailure)
    {
        let saved = (host, settings, probing, base, transaction)
        // The command runs as a probe: a commit checks the store but writes nothing, so a
        // command that succeeds, and so fails the expectation, changes nothing at all.
        probing = true
        defer { probing = saved.2 }
        let failed: Bool
        do {
            _ = try execute(inner, in: context)
            failed = false
        } catch {
            if error.status == .store { throw error }
            failed = true
        }
        if !failed {
            (host, settings, base, transaction) = (saved.0, saved.1, saved.3, saved.4)
            throw CommandFailure(
                "expected an error, but '\(inner.kind.name)' succeeded", at: command.span)
        }
    }

    private func show(_ view: ViewTarget?) {
        let style = viewStyle()
        recordShown(view)
        switch view {
        case nil where host.sheet == .dismissed:
            out.write(ProfileViews.categoryHome(style: style))
        case nil:
            out.write(
                host.editMode == .active
                    ? ProfileViews.editor(host.draft, style: style)
                    : ProfileViews.summary(host.profile, style: style))
        case .summary: out.write(ProfileViews.summary(host.profile, style: style))
        case .editor: out.write(ProfileViews.editor(host.draft, style: style))
        case .diff:
            out.write(
                ProfileViews.diff(
                    profile: host.profile, draft: host.draft, edited: host.wasEdited,
                    editing: host.editMode == .active,
                    onAppearCopies: host.wiring.onAppear == .copy, style: style))
        case .badges: out.write(ProfileViews.badges(style: style))
        case .hike(let graph):
            out.write(ProfileViews.hike(graph ?? .elevation, style: style))
        case .env: listEnvironment(asView: true)
        case .voiceover: out.write(VoiceOverView.render(visibleScreen, style: style))
        case .code: out.write(CodeView.render(host.wiring, style: style))
        }
    }

    /// The style views are drawn in now.
    public func viewStyle() -> ViewStyle {
        ViewStyle(
            width: settings.width(), sizeCategory: settings.sizeCategory,
            locale: settings.locale, color: settings.color, edition: host.edition)
    }

    private func history(_ count: Argument?, _ entries: [String]?) throws(CommandFailure) {
        var limit: Int? = nil
        if let count {
            // The parser took only a whole number.
            guard let n = Int(count.text) else {
                throw CommandFailure("history takes a count of entries", at: count.span)
            }
            limit = n
        }
        guard let entries else { return }
        let first = limit.map { Swift.max(0, entries.count - $0) } ?? 0
        for index in first..<entries.count {
            let number = String(index + 1)
            // A continued entry shows on several lines, indented under its first.
            let lines = entries[index].split(separator: "\n", omittingEmptySubsequences: false)
            out.writeLine(
                String(repeating: " ", count: Swift.max(0, 5 - number.count)) + number + "  "
                    + lines.map { TerminalSafe.escape(String($0)) }.joined(separator: "\n       "))
        }
    }

    // MARK: - Helpers
}

extension CommandKind {
    /// The command's name as typed, for messages.
    var name: String { commandName.rawValue }
}

/// Why a `set` failed, before its place is known: at its value (a goal out of range) or at
/// the command (not editing, the sheet down).
struct SetFailure: Error {
    var message: String
    var reason: FailureReason?
    var atValue: Bool

    init(_ message: String, reason: FailureReason?, atValue: Bool) {
        self.message = message
        self.reason = reason
        self.atValue = atValue
    }

    /// The failure, pointing at `value` or at `command`.
    func placed(command: Span, value: Span) -> CommandFailure {
        CommandFailure(message, at: atValue ? value : command, reason: reason)
    }
}
