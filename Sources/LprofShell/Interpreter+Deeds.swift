import LprofLanguage
import LprofModel

/// Something a command did, told as it happens, so that a lesson's task is met by what was
/// done (SPEC §9) rather than the words typed.
public enum Deed: Equatable, Sendable {
    /// A lifecycle event, caused by the command named; `traced` when trace printed it.
    case event(LifecycleEvent, by: String, traced: Bool)
    /// lprof's store saved a commit (lprof's own doing, not the tutorial's).
    case saved(by: String, traced: Bool)
    /// `show` drew `view`; `seen` is the screen `voiceover` read, `environment` is `env`'s values.
    case shown(view: String, seen: String?, environment: [EnvKey: String])
    /// `get` printed this; a bare field is named with the profile it read.
    case read(ReadPattern)
    /// A command failed, and for `set` the value it tried, since `set goal today` and `set goal
    /// +2y` are different failures.
    case failed(command: String, reason: FailureReason?, attempted: FieldValue? = nil)
    /// `why` explained this value (a bare field named with the profile it explained).
    case explained(WhyTarget)
}

extension Interpreter {
    /// Runs one command without a runner (a lesson's), so without `source`, `record` or `history`.
    public func execute(_ command: Command) throws(CommandFailure) -> Flow {
        try execute(command, nil, in: nil)
    }

    /// `execute` of a compiled command, with what its values name already read.
    func execute(_ command: Command, _ value: CommandValue?, in runner: Runner?)
        throws(CommandFailure) -> Flow
    {
        let outer = runningCommand
        runningCommand = command.kind.commandName
        defer { runningCommand = outer }
        do {
            // Read here unless the compiler read them: once, either way.
            var value = value
            if case nil = value { value = try CommandValues.read(command) }
            return try perform(command, value, in: runner)
        } catch {
            var failure = error
            switch command.kind {
            case .expect, .expectError: failure.reason = failure.reason ?? .expectation
            default: break
            }
            var tried: FieldValue? = nil
            if case .set(let field, let value) = command.kind,
                let named = try? CommandValues.setValue(field, value)
            {
                tried = attempted(named)
            }
            record(
                .failed(
                    command: command.kind.commandName.rawValue, reason: failure.reason,
                    attempted: tried))
            throw failure
        }
    }

    /// Whether `expect TARGET VALUE` would pass now (nothing is recorded or printed).
    public func holds(_ target: Target, _ value: Argument) -> Bool {
        do {
            try expect(target, CommandValues.expected(target, value), at: value.span)
            return true
        } catch {
            return false
        }
    }

    func record(_ deed: Deed) {
        if !probing { deedObserver?(deed) }
    }

    func recordEvents(_ events: [LifecycleEvent], saved: Bool = false) {
        guard deedObserver != nil, !probing else { return }
        let by = runningCommand?.rawValue ?? ""
        // No deed for trace's wiring marks, said once per piece (a lesson's story would depend on
        // what came before the task), nor for the store's change: lprof's doing, not the learner's.
        for event in events {
            switch event {
            case .wiringMark, .storeChanged: continue
            default: record(.event(event, by: by, traced: settings.trace))
            }
        }
        if saved { record(.saved(by: by, traced: settings.trace)) }
    }

    /// `show VIEW`: the view really drawn (bare `show` draws what is on screen).
    func recordShown(_ view: ViewTarget?) {
        guard deedObserver != nil, !probing else { return }
        let screen = host.screen
        // The kind `show KIND` names (`show hike GRAPH` too).
        let kind = ViewKind.allCases.first { kind in
            if case .hike = view { return kind == .hike }
            return ViewTarget(kind) == view
        }
        var environment: [EnvKey: String] = [:]
        for key in EnvKey.allCases { environment[key] = environmentValue(key) }
        record(
            .shown(
                view: kind?.rawValue ?? screen.rawValue,
                seen: view == .voiceover ? screen.rawValue : nil,
                environment: environment))
    }

    /// The value a `set` of `value` tries to write now, as the editor would resolve it (a goal
    /// outside the range is still the goal it names).
    func attempted(_ value: SetValue) -> FieldValue? {
        do {
            return try ValueParser.resolve(value, draft: host.draft, today: today)
        } catch {
            if case .outOfRange(let day?, _) = error { return .goal(day) }
            return nil
        }
    }

    /// A `why` target with a bare field named by the profile it explains.
    func resolved(_ target: WhyTarget) -> WhyTarget {
        guard case .field(nil, let name) = target else { return target }
        return .field(host.editMode == .active ? .draft : .profile, name)
    }

    /// A `get` target with a bare field named by the profile it reads.
    func resolved(_ target: Target) -> Target {
        guard case .field(nil, let name) = target else { return target }
        return .field(host.editMode == .active ? .draft : .profile, name)
    }
}

extension HostError {
    /// The reason a lesson names this refusal by.
    var reason: FailureReason {
        switch self {
        case .notEditing: return .whileInactive
        case .editing: return .whileEditing
        case .dismissed: return .whileDismissed
        case .presented: return .whilePresented
        case .noSuchPiece: return .missingPiece
        }
    }
}
