import LprofLanguage
import LprofModel
import LprofStore
import LprofSystem
import LprofText

/// `record FILE` and `record off` (SPEC §3): each top-level command that succeeds is written
/// and replayed in memory as `lprof test` will, so the file is known to pass.
extension Runner {
    /// `record [--force] FILE`: starts once the set-up, replayed on a fresh profile, is shown
    /// to reach the session's state; under `expect error` only checks that it could.
    func startRecording(_ path: Argument, replacing: Bool, command span: Span)
        throws(CommandFailure)
    {
        try requireTopLevel(span)
        if sourceablePaths != nil {
            throw CommandFailure("'record' may not write files here", at: span)
        }
        if let recording {
            throw CommandFailure(
                "already recording to '\(TerminalSafe.escape(recording.path))'; "
                    + "'record off' ends it", at: span)
        }
        let file = HomePath.expand(path.text, home: interpreter.settings.home)
        let host = interpreter.host
        let lines: [String]
        do {
            lines = try SessionScript.setUp(
                host, today: interpreter.today, settings: interpreter.settings)
        } catch {
            throw CommandFailure(SessionScript.cannotRecord(error, host), at: span)
        }
        let replay = Self.replaySession(today: interpreter.today)
        guard replay.replays(lines, in: StorePaths.directory(of: file), reaching: interpreter)
        else {
            throw CommandFailure(
                "cannot record: the commands that would rebuild this session from a fresh "
                    + "profile do not reach it", at: span)
        }
        do {
            if interpreter.probing {
                // `expect error record FILE`: a failing command changes nothing, so no file is
                // made, but one that could not start fails as it would.
                try SessionRecording.probe(path.text, file: file, replacing: replacing)
                return
            }
            recording = try SessionRecording(
                path: path.text, file: file, replacing: replacing,
                lines: SessionScript.header(path: path.text) + lines
                    + SessionScript.sessionHeading,
                replay: replay)
        } catch {
            throw CommandFailure(error.message, at: path.span)
        }
    }

    /// `record off`: the expectations end the file; under `expect error` only checks it is on.
    func stopRecording(command span: Span) throws(CommandFailure) {
        try requireTopLevel(span)
        guard let recording else {
            throw CommandFailure("not recording: 'record FILE' starts a recording", at: span)
        }
        if interpreter.probing { return }
        self.recording = nil
        try end(recording, at: interpreter.host, span: span)
    }

    /// Ends a recording left on when the session ends.
    public func finishRecording() {
        guard let recording else { return }
        self.recording = nil
        do {
            try end(recording, at: interpreter.host, span: nil)
        } catch {
            diagnostics.report(Diagnostic(.error, error.message))
        }
    }

    /// After a top-level command succeeded: writes and replays it, or keeps it as a comment
    /// until commands can rebuild what it left (a replay has no store to read).
    func keepRecording(_ kind: CommandKind?, _ written: String) {
        guard let recording, kind?.isRecorded ?? true else { return }
        let name = kind?.commandName.rawValue ?? CommandName.set.rawValue
        let text = kind.flatMap { recordedText($0, recording) } ?? written
        let replay = recording.replay
        var lines: [String] = []
        if recording.unreplayed.isEmpty {
            if replay.interpreter.today != interpreter.today, !(kind?.setsToday ?? false) {
                // The clock passed midnight: the replay's day moves on with it.
                lines = ["# The day changed:", "env now \(interpreter.today.iso)"]
                replay.interpreter.settings.now = interpreter.today
            }
            if replay.replays([text], in: recording.folder, reaching: interpreter) {
                lines.append(text)
            } else {
                recording.unreplayed = [text]
                lines += resynchronize(recording, after: name)
            }
        } else {
            recording.unreplayed.append(text)
            lines = resynchronize(recording, after: name)
        }
        do {
            try recording.append(lines)
        } catch {
            self.recording = nil
            diagnostics.report(Diagnostic(.error, error.message + "; recording stopped"))
        }
    }

    /// The lines that bring the replay to where the session is after the commands it could not
    /// replay; none while no commands can.
    private func resynchronize(_ recording: SessionRecording, after command: String)
        -> [String]
    {
        let replay = recording.replay
        let current = (host: replay.interpreter.host, today: replay.interpreter.today)
        var rebuilt: [String] = []
        if !Self.sameState(replay.interpreter, interpreter) {
            do {
                rebuilt = try SessionScript.rebuild(
                    interpreter.host, today: interpreter.today, from: current)
            } catch {
                tellUnreplayed(recording, command, error.rawValue)
                return []
            }
            guard replay.replays(rebuilt, in: recording.folder, reaching: interpreter) else {
                tellUnreplayed(
                    recording, command, "the commands that would rebuild it do not reach it")
                return []
            }
        }
        defer { (recording.unreplayed, recording.toldUnreplayed) = ([], false) }
        return SessionScript.notReplayed(recording.unreplayed, rebuilt: rebuilt)
    }

    // MARK: - Helpers

    /// Runs `lines` as a recording's replay: true when each succeeded and the session then
    /// stands as `session` does; when not, it goes back to where it stood.
    func replays(_ lines: [String], in directory: String, reaching session: Interpreter) -> Bool {
        let before = interpreter.world
        status = .success
        defer { status = .success }
        let bytes = Array(lines.joined(separator: "\n").utf8)
        let info = SourceInfo(name: "<replay>", directory: directory)
        if let program = Compiler.compile(SourceBytes(bytes), info, into: diagnostics),
            run(program) == .finished, status == .success, Self.sameState(interpreter, session)
        {
            return true
        }
        interpreter.enter(before)
        return false
    }

    /// Says once, until the recording is back in step, that commands are kept as comments.
    private func tellUnreplayed(
        _ recording: SessionRecording, _ command: String, _ reason: String
    ) {
        guard !recording.toldUnreplayed else { return }
        recording.toldUnreplayed = true
        diagnostics.report(
            Diagnostic(
                .note,
                "'\(command)' is not replayed by "
                    + "'\(TerminalSafe.escape(recording.path))' (on a fresh profile in memory, "
                    + "as 'lprof test' runs it, it would not do the same), and no commands "
                    + "rebuild what it left: \(reason); the recording goes on as comments "
                    + "until they can"))
    }

    /// `record` works at the top level only: the `source` line is written, not what it runs.
    private func requireTopLevel(_ span: Span) throws(CommandFailure) {
        guard sources.count <= 1 else {
            throw CommandFailure(
                "'record' works only at the top level (the prompt, a script, -c), "
                    + "not in a sourced file", at: span)
        }
    }

    /// Writes the expectations `host` meets and says where the file is.
    private func end(_ recording: SessionRecording, at host: Host, span: Span?)
        throws(CommandFailure)
    {
        var host = host
        var lines: [String] = []
        if !recording.unreplayed.isEmpty {
            // The replay stands where the session last stood that commands rebuild.
            lines = SessionScript.unreplayedAtEnd(recording.unreplayed)
            host = recording.replay.interpreter.host
            diagnostics.report(
                Diagnostic(
                    .warning,
                    "the session ended where no commands lead from a fresh profile, so "
                        + "'\(TerminalSafe.escape(recording.path))' ends with the expectations "
                        + "of the last state they rebuild, before its last "
                        + "\(recording.unreplayed.count == 1 ? "command" : "\(recording.unreplayed.count) commands")"
                ))
        }
        do {
            try recording.finish(lines + SessionScript.expectations(host))
        } catch {
            throw CommandFailure(error.message, at: span)
        }
        interpreter.out.writeLine(recording.recordedLine)
    }

    /// The line to write for a command whose text would mean something else when replayed
    /// (`env now today`, a relative `source` path); nil to write it as typed.
    private func recordedText(_ kind: CommandKind, _ recording: SessionRecording) -> String? {
        switch kind {
        case .env(.now?, let value?)
        where asciiEqualsIgnoringCase(value.text.utf8, GoalExpression.todayWord):
            return "env now \(interpreter.today.iso)"
        case .source(let path):
            return sourcePath(path.text, from: recording.folder).map {
                "source " + WordQuoting.word($0)
            }
        case .expectError(let inner):
            return recordedText(inner.kind, recording).map { "expect error " + $0 }
        default:
            return nil
        }
    }

    /// `typed`, a path `source` read at the top level, as the recording in `folder` must name
    /// it; nil when as typed.
    private func sourcePath(_ typed: String, from folder: String) -> String? {
        if typed.hasPrefix("/") || typed.hasPrefix("~") { return nil }
        let resolved = Self.join(sources.first?.directory ?? ".", typed)
        if folder == "." { return resolved == typed ? nil : resolved }
        let inside = folder.hasSuffix("/") ? folder : folder + "/"
        if resolved.hasPrefix(inside) { return String(resolved.dropFirst(inside.count)) }
        if resolved.hasPrefix("/") { return resolved }
        return FileSystem().currentDirectory().map { Self.join($0, resolved) }
    }

    /// A recording's replay: a session on a fresh profile in memory with today fixed, as
    /// `lprof test` runs a file.
    static func replaySession(today: CalendarDay) -> Runner {
        var settings = Settings()
        settings.now = today
        let interpreter = Interpreter(
            storage: MemoryProfileStorage(), loaded: nil, settings: settings,
            out: OutputBuffer(.discard), clock: { today })
        return Runner(interpreter: interpreter, diagnostics: DiagnosticSink(.collect, output: nil))
    }

    /// Whether two sessions stand the same: the host whole, and today.
    static func sameState(_ a: Interpreter, _ b: Interpreter) -> Bool {
        a.host == b.host && a.today == b.today
    }
}

extension CommandKind {
    /// Whether this is `env now DAY`, which sets the day itself.
    var setsToday: Bool {
        if case .env(.now?, _?) = self { return true }
        return false
    }

    /// Whether a recording keeps this command: not `record` itself, `history` or `quit`.
    var isRecorded: Bool {
        switch self {
        case .record, .recordOff, .history, .quit: return false
        case .expectError(let inner): return inner.kind.isRecorded
        default: return true
        }
    }
}
