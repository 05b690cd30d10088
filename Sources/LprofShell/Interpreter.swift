import LprofHelp
import LprofLanguage
import LprofModel
import LprofStore
import LprofSystem
import LprofText
import LprofViews

/// Runs commands against the host, the environment and the store; failures are thrown with
/// their place.
public final class Interpreter {
    /// Changes only through commands, or `enter` (a lesson's fresh start or `back`).
    public internal(set) var host: Host
    public var settings: Settings
    /// A lesson gives each of its tasks a world of its own.
    var storage: ProfileStorage
    /// What this session last read from the store or wrote to it: the base of the three-way
    /// merge at the next commit (SPEC §7).
    public internal(set) var base: StoredProfile
    /// `-1`: commits are saved once, at the end of the script (`commitTransaction`).
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
    /// Each value's steps from its origin, for `why`, and the program running now.
    var provenance: Provenance
    var stepIndex = 0
    var place: CommandPlace {
        var place = provenance.running
        place.index = stepIndex
        return place
    }

    /// The runner starts running `place`'s program, or goes back to the one it came from.
    func run(_ place: CommandPlace) {
        provenance.run(place)
        stepIndex = place.index
    }
    public let out: OutputBuffer
    /// The clock's today, in the local time zone.
    let clock: () -> CalendarDay
    /// The launcher's `--help`, made only when asked for: wrapping its table is half of
    /// lprof's start-up.
    var optionsHelp: () -> String = { "'lprof --help' lists the options." }

    /// `loaded` is what the store holds, unused in an edition whose profile is @State (the beta).
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
        self.provenance = Provenance(
            wiring: wiring, storedRevision: stored.flatMap { $0.exists ? $0.revision : nil })
    }

    /// Trace's first line in a session whose profile is @State, so the store is not used
    /// (SPEC §2).
    func traceStart() {
        if settings.trace && !host.usesStore { printTrace(.profileMoved(to: .state)) }
    }

    /// Today as lprof sees it: `env now` if set, else the clock.
    public var today: CalendarDay { settings.now ?? clock() }

    /// Runs one command; `runner` is handed in with each command for `source`, `record` and
    /// `history`, so the interpreter never calls back up through anything installed in it.
    func perform(_ command: Command, _ value: CommandValue?, in runner: Runner?)
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
            try tap(.reset(Profile.default(today: today)), command, force: force)
        case .dismiss(let force):
            try tap(.dismiss, command, force: force)
        case .present:
            try tap(.present(Profile.default(today: today)), command)
        case .reload:
            try reload(command)
        case .show(let view, _):
            show(view)
        case .expect(let target, let argument):
            guard case .expected(let expected)? = value else { preconditionFailure("not read") }
            try expect(target, expected, at: argument.span)
        case .expectError(let inner):
            try expectError(inner, command, runner)
        case .env(let key, _):
            try env(key, value, at: command.span)
        case .rewire(let piece, nil):
            out.writeLine(try wiringValue(piece, at: command.span))
        case .rewire(_, _?):
            guard case .wiring(let setting)? = value else { preconditionFailure("not read") }
            try apply(.rewire(setting, Profile.default(today: today)), at: command.span, by: .env)
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
            return try required(runner, by: command).source(path)
        case .record(let path, let force):
            try required(runner, by: command).startRecording(
                path, replacing: force, command: command.span)
        case .recordOff:
            try required(runner, by: command).stopRecording(command: command.span)
        case .history:
            history(value, runner?.historyEntries)
        case .why(let target):
            for line in why(target) { writeWhy(line) }
            record(.explained(resolved(target)))
        case .quit:
            return .quit
        }
        return .next
    }

    // MARK: - Editing

    /// `set`, compiled; a failure comes without its place, which only the runner can find.
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

    /// `set FIELD VALUE` as a command: its value is read after the state is checked, so a state
    /// error comes first.
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

    /// Why no field can be set now, if so: a state error comes before one in the value.
    private func checkFieldsSettable() throws(SetFailure) {
        if host.sheet == .dismissed {
            throw SetFailure(
                message: HostError.sheetDismissed("set").message, reason: .whileDismissed,
                atValue: false)
        }
        do {
            try host.checkFieldsEditable()
        } catch {
            throw SetFailure(message: error.message, reason: .whileInactive, atValue: false)
        }
    }

    /// Sets a field of the draft to what `set` named, once `checkFieldsSettable` has passed.
    private func setField(_ named: consuming SetValue) throws(SetFailure) {
        let newValue: FieldValue
        switch named {
        case .value(let plain):
            newValue = plain
        default:
            do {
                newValue = try ValueParser.resolve(named, draft: host.draft, today: today)
            } catch {
                let failure = CommandValues.failure(error, at: nil)
                throw SetFailure(message: failure.message, reason: failure.reason, atValue: true)
            }
        }
        // Events are listed only for an observer: batch scripts set millions of fields.
        let observed = deedObserver != nil && !probing
        guard settings.trace || observed else {
            do {
                _ = try host.apply(.fieldChanged(newValue)) { _ in }
            } catch {
                throw SetFailure(message: error.message, reason: error.reason, atValue: false)
            }
            provenance.set(newValue.field, wiring: host.wiring, at: stepIndex)
            return
        }
        var events: [LifecycleEvent] = []
        do {
            let trace = settings.trace
            _ = try host.apply(.fieldChanged(newValue)) {
                if trace { printTrace($0) }
                if observed { events.append($0) }
            }
        } catch {
            throw SetFailure(message: error.message, reason: error.reason, atValue: false)
        }
        provenance.set(newValue.field, wiring: host.wiring, at: stepIndex)
        recordEvents(events)
    }

    /// Applies a button tap, or `reset`.
    private func tap(_ action: HostAction, _ command: Command, force: Bool = false)
        throws(CommandFailure)
    {
        try apply(action, at: command.span, by: command.kind.commandName, force: force)
    }

    /// Applies a host action, doing what it asks of the store first, so that a store error
    /// leaves the host exactly as it was.
    func apply(
        _ action: HostAction, at span: Span, by name: CommandName, force: Bool = false
    ) throws(CommandFailure) {
        var next = host
        var outcome: HostOutcome
        do {
            outcome = try next.apply(action)
        } catch {
            throw CommandFailure(error.message, at: span, reason: error.reason)
        }
        var step: StoreStep? = nil
        var stored: StoredProfile? = nil
        switch outcome.effect {
        case .save(let everyField)?:
            step = try commitToStore(
                next.profile, at: span, by: name, force: force,
                touched: everyField ? Set(ProfileField.allCases) : [])
        case .read?:
            stored = try readStore(at: span)
        case .detach?:
            if hasPendingTransaction { try commitTransaction() }
        case nil:
            break
        }
        provenance.record(
            outcome.events, act: WhyStep.Act(action), before: host, after: next, at: place)
        host = next
        if settings.trace { outcome.events.forEach(printTrace) }
        if let step { outcome.events += adopt(step) }
        if let stored { outcome.events += adoptRead(stored) }
        recordEvents(outcome.events, saved: step?.wrote == true)
    }

    /// A trace line; at a terminal it wraps at spaces, continuing under its text.
    func writeTrace(_ line: String, indent: Int = 4) {
        guard settings.wrapsAtTerminal else { return out.writeLine(line) }
        out.writeLine(
            TextWrap.lines(line, width: settings.width(), indent: indent).joined(
                separator: "\n"))
    }

    func printTrace(_ event: LifecycleEvent) {
        for line in TraceText.lines(event) { writeTrace(line) }
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

    /// `expect TARGET VALUE`, its value read, written at `span`.
    func expect(_ target: Target, _ expected: CommandValues.Expected, at span: Span)
        throws(CommandFailure)
    {
        func check(_ name: String, _ expected: String, _ actual: String) throws(CommandFailure) {
            if expected != actual {
                throw CommandFailure("expected \(name) \(expected), but it is \(actual)", at: span)
            }
        }
        switch expected {
        case .mode(let mode):
            try check("mode", mode.rawValue, host.editMode.rawValue)
        case .sheet(let sheet):
            try check("sheet", sheet.rawValue, host.sheet.rawValue)
        case .wiring(let expected):
            try check(
                "wiring \(expected.piece.rawValue)", expected.valueText,
                try wiringValue(expected.piece, at: span))
        case .field(let value):
            guard case .field(let scope, let name) = target else { return }
            let expected = value.on(today)
            let actual = profile(scope)[name]
            if actual != expected {
                let place = scope.map { "\($0.rawValue).\(name.rawValue)" } ?? name.rawValue
                throw CommandFailure(
                    "expected \(place) to be \(expected.quotedText), but it is \(actual.quotedText)",
                    at: span)
            }
        }
    }

    /// `expect error COMMAND`: a failing expectation changes nothing, so a command that
    /// succeeds is undone, and its commit only checked against the store.
    private func expectError(_ inner: Command, _ command: Command, _ runner: Runner?)
        throws(CommandFailure)
    {
        let before = sandbox
        let outerProbe = probing
        probing = true
        defer { probing = outerProbe }
        do {
            _ = try execute(inner, nil, in: runner)
        } catch {
            if error.status == .store { throw error }
            return
        }
        restore(before)
        let name = inner.kind.commandName.rawValue
        if settings.trace {
            writeTrace("~ lprof expect error: '\(name)' succeeded; all it did is undone")
        }
        throw CommandFailure("expected an error, but '\(name)' succeeded", at: command.span)
    }

    private func show(_ view: ViewTarget?) {
        let style = viewStyle()
        recordShown(view)
        if view == nil, host.sheet == .dismissed {
            return out.write(ProfileViews.categoryHome(style: style))
        }
        // Bare `show` draws the view on screen.
        switch view ?? (host.editMode == .active ? .editor : .summary) {
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

    /// The runner `source` and `record` need, which a bare interpreter or a lesson lacks.
    private func required(_ runner: Runner?, by command: Command) throws(CommandFailure)
        -> Runner
    {
        guard let runner else {
            throw CommandFailure(
                "'\(command.kind.commandName.rawValue)' is not available here", at: command.span)
        }
        return runner
    }

    /// `history [N]`, `value` the count read.
    private func history(_ value: CommandValue?, _ entries: [String]?) {
        guard let entries else { return }
        var first = 0
        if case .count(let limit)? = value { first = Swift.max(0, entries.count - limit) }
        for index in first..<entries.count {
            let number = String(index + 1)
            // A continued entry shows on several lines, indented under its first.
            let lines = entries[index].split(separator: "\n", omittingEmptySubsequences: false)
            out.writeLine(
                String(repeating: " ", count: Swift.max(0, 5 - number.count)) + number + "  "
                    + lines.map { TerminalSafe.escape(String($0)) }.joined(separator: "\n       "))
        }
    }
}

/// Why a `set` failed, before its place is known: at its value or at the command.
struct SetFailure: Error {
    var message: String
    var reason: FailureReason?
    var atValue: Bool

    /// The failure, pointing at `value` or at `command`.
    func placed(command: Span, value: Span) -> CommandFailure {
        CommandFailure(message, at: atValue ? value : command, reason: reason)
    }
}
