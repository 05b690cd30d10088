import LprofLanguage
import LprofModel
import LprofStore
import LprofSystem
import LprofViews

/// Runs commands against the host: the profile, the draft and edit mode, plus the
/// environment and the store. Output goes to `out`; failures are thrown with their place.
public final class Interpreter {
    /// Changes only through commands, or `startAfresh` (a lesson's fresh start).
    public private(set) var host: Host
    public var settings: Settings
    /// The store commits go to.
    public let storage: ProfileStorage
    /// The store revision this session last read or wrote.
    public private(set) var revision: Int
    /// True while `expect error` runs its command: commits check the store, write nothing.
    private var probing = false
    public let out: OutputBuffer
    /// The clock's today, in the local time zone.
    let clock: () -> CalendarDay
    /// Runs `source FILE`; set by the runner, which knows about files.
    public var sourceFile: ((Argument) throws(CommandFailure) -> Flow)?
    /// The history entries, for `history`; nil outside interactive use.
    public var historyEntries: (() -> [String])?

    public init(
        storage: ProfileStorage, loaded: StoredProfile?, settings: Settings, out: OutputBuffer,
        clock: @escaping () -> CalendarDay
    ) {
        self.storage = storage
        self.settings = settings
        self.out = out
        self.clock = clock
        let today = settings.now ?? clock()
        let fresh = Profile.default(today: today)
        self.host = Host(profile: loaded?.profile ?? fresh, defaultProfile: fresh)
        self.revision = loaded?.revision ?? 0
    }

    /// A fresh host over `profile`, with the draft and edit mode as at launch (a lesson starts
    /// on its own profile, in memory: nothing is saved).
    public func startAfresh(profile: Profile) {
        host = Host(profile: profile, defaultProfile: Profile.default(today: today))
    }

    /// Today as lprof sees it: `env now` if set, else the clock.
    public var today: CalendarDay { settings.now ?? clock() }

    /// Runs one command.
    public func execute(_ command: Command) throws(CommandFailure) -> Flow {
        switch command.kind {
        case .set(let field, let value):
            try setField(field, value, command)
        case .get(let target):
            out.writeLine(read(target))
        case .getJSON(let scope):
            out.writeLine(JSONText.profile(profile(scope)))
        case .edit(let request):
            try tap(.editButton(request.editRequest), command)
        case .done(let force):
            try tap(.done, command, force: force)
        case .cancel:
            try tap(.cancel, command)
        case .reset(let force):
            try reset(command, force: force)
        case .show(let view, _):
            show(view)
        case .expect(let target, let value):
            try expect(target, value)
        case .expectError(let inner):
            try expectError(inner, command)
        case .env(let key, let value):
            try env(key, value, at: command.span)
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
                TextWrap.block(
                    topic.map { HelpText.text(for: $0.text) } ?? HelpText.overview,
                    width: settings.width()))
        case .source(let path):
            guard let sourceFile else {
                throw CommandFailure("'source' is not available here", at: command.span)
            }
            return try sourceFile(path)
        case .history(let count):
            try history(count)
        case .quit:
            return .quit
        }
        return .next
    }

    // MARK: - Editing

    private func setField(_ name: FieldName, _ value: Argument, _ command: Command)
        throws(CommandFailure)
    {
        do {
            try host.checkFieldsEditable()
        } catch {
            throw CommandFailure(error.message, at: command.span)
        }
        let newValue: FieldValue
        do {
            newValue = try ValueParser.valueForSet(
                name.profileField, value.text, draft: host.draft, today: today)
        } catch {
            throw valueFailure(error, value)
        }
        do {
            let trace = settings.trace
            try host.apply(.fieldChanged(newValue)) { if trace { printTrace($0) } }
        } catch {
            throw CommandFailure(error.message, at: command.span)
        }
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
            throw CommandFailure(error.message, at: command.span)
        }
        let commits = host.commits(action)
        if commits {
            try save(next.profile, command, force: force)
        }
        host = next
        if settings.trace {
            printTrace(events)
            if commits { traceSave() }
        }
    }

    /// `env edition`: only outside edit mode.
    public func switchEdition(_ edition: Edition, at span: Span) throws(CommandFailure) {
        do {
            let events = try host.apply(.switchEdition(edition))
            if settings.trace { printTrace(events) }
        } catch {
            throw CommandFailure(error.message, at: span)
        }
    }

    private func reset(_ command: Command, force: Bool) throws(CommandFailure) {
        var next = host
        let events: [LifecycleEvent]
        do {
            events = try next.apply(.reset(Profile.default(today: today)))
        } catch {
            throw CommandFailure(error.message, at: command.span)
        }
        try save(next.profile, command, force: force)
        host = next
        if settings.trace {
            printTrace(events)
            traceSave()
        }
    }

    private func save(_ profile: Profile, _ command: Command, force: Bool) throws(CommandFailure) {
        do {
            if probing {
                try storage.checkSave(expectedRevision: revision, force: force)
            } else {
                revision = try storage.save(profile, expectedRevision: revision, force: force)
            }
        } catch {
            // What overwrites it: the command that hit the conflict, forced.
            let hint =
                error.kind == .conflict ? "; '\(command.kind.name) --force' overwrites it" : ""
            throw CommandFailure(status: 3, error.message + hint, at: command.span)
        }
    }

    private func traceSave() {
        guard !probing else { return }
        out.writeLine("~ store: saved revision \(revision) to \(storage.location)")
    }

    private func printTrace(_ event: LifecycleEvent) {
        out.writeLine(TraceText.line(event))
    }

    private func printTrace(_ events: [LifecycleEvent]) {
        for event in events { out.writeLine(TraceText.line(event)) }
    }

    // MARK: - Reading

    private func profile(_ scope: Scope?) -> Profile {
        switch scope {
        case .profile: return host.profile
        case .draft: return host.draft
        case nil: return host.visible
        }
    }

    private func read(_ target: Target) -> String {
        switch target {
        case .mode:
            return host.editMode.rawValue
        case .field(let scope, let name):
            return profile(scope)[name.profileField].plainText
        }
    }

    private func expect(_ target: Target, _ value: Argument) throws(CommandFailure) {
        switch target {
        case .mode:
            guard let mode = EditMode(rawValue: value.text.lowercased()) else {
                throw CommandFailure(
                    "unknown mode '\(value.text)' (expected \(Vocabulary.alternatives(Vocabulary.modes)))"
                        + Suggestion.hint(for: value.text, among: Vocabulary.modes),
                    at: value.span)
            }
            if mode != host.editMode {
                throw CommandFailure(
                    "expected mode \(mode.rawValue), but it is \(host.editMode.rawValue)",
                    at: value.span)
            }
        case .field(let scope, let name):
            let expected: FieldValue
            do {
                expected = try ValueParser.valueForExpect(
                    name.profileField, value.text, today: today)
            } catch {
                throw valueFailure(error, value)
            }
            let actual = profile(scope)[name.profileField]
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
    private func expectError(_ inner: Command, _ command: Command) throws(CommandFailure) {
        let saved = (host, settings, probing)
        // The command runs as a probe: a commit checks the store but writes nothing, so a
        // command that succeeds, and so fails the expectation, changes nothing at all.
        probing = true
        defer { probing = saved.2 }
        let failed: Bool
        do {
            _ = try execute(inner)
            failed = false
        } catch {
            if error.status == 3 { throw error }
            failed = true
        }
        if !failed {
            (host, settings) = (saved.0, saved.1)
            throw CommandFailure(
                "expected an error, but '\(inner.kind.name)' succeeded", at: command.span)
        }
    }

    private func show(_ view: ViewTarget?) {
        let style = viewStyle()
        switch view {
        case nil:
            out.write(
                host.editMode == .active
                    ? ProfileViews.editor(host.draft, style: style)
                    : ProfileViews.summary(host.profile, style: style))
        case .summary: out.write(ProfileViews.summary(host.profile, style: style))
        case .editor: out.write(ProfileViews.editor(host.draft, style: style))
        case .diff:
            out.write(ProfileViews.diff(profile: host.profile, draft: host.draft, style: style))
        case .badges: out.write(ProfileViews.badges(style: style))
        case .hike(let graph):
            out.write(ProfileViews.hike(graph ?? .elevation, style: style))
        case .env: listEnvironment(asView: true)
        }
    }

    /// The style views are drawn in now.
    public func viewStyle() -> ViewStyle {
        ViewStyle(
            width: settings.width(), sizeCategory: settings.sizeCategory,
            locale: settings.locale, color: settings.color)
    }

    private func history(_ count: Argument?) throws(CommandFailure) {
        var limit: Int? = nil
        if let count {
            guard let n = Int(count.text), n >= 0 else {
                throw CommandFailure(
                    "history takes a count of entries, not '\(count.text)'", at: count.span)
            }
            limit = n
        }
        guard let entries = historyEntries?() else { return }
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

    func valueFailure(_ error: ValueError, _ value: Argument) -> CommandFailure {
        var message = error.message
        if case .unknown(_, let text, let expected) = error {
            message += Suggestion.hint(for: text, among: expected)
            if Suggestion.nearest(to: text, among: expected) == nil {
                message += " (expected one of: \(expected.joined(separator: ", ")))"
            }
        }
        return CommandFailure(message, at: value.span)
    }
}

extension CommandKind {
    /// The command's name as typed, for messages.
    var name: String { commandName.rawValue }
}
