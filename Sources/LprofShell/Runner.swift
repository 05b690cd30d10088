import LprofLanguage
import LprofModel
import LprofSystem
import LprofText

/// Where a script's text came from: its name in diagnostics and the folder its relative
/// `source` paths start from.
struct SourceInfo {
    var name: String
    var directory: String
}

/// Runs scripts, `-c` text and piped stdin through the interpreter, reporting failures at
/// their place and deciding whether to go on.
public final class Runner {
    public let interpreter: Interpreter
    public let diagnostics: DiagnosticSink
    /// Go on after a failed command (`--keep-going`); a store error always stops.
    var keepGoing = false
    /// That of the first failure.
    var status: ExitStatus = .success

    /// The prompt this runner serves, if any, whose Ctrl-C stops a running script.
    public weak var prompt: PromptInput?
    /// Flush after every command at the prompt, so that a long `source` shows output as it goes.
    public var flushEachCommand = false
    /// Set once Ctrl-C stopped a script, so that every enclosing script stops too.
    var interrupted = false
    /// The history number of the entry running at the prompt (0: none), for `why`.
    var promptEntry = 0
    /// Told of each command run, as written, and whether it succeeded (`lprof learn`).
    public var commandObserver: ((String, Bool) -> Void)?

    /// The top level first (`source` adds one).
    var sources: [SourceInfo] = []
    var recording: SessionRecording?
    /// When set, `source` reads only these paths and `record` writes no file, so that a fuzzer
    /// does not wander off into the file system.
    var sourceablePaths: Set<String>?

    public init(interpreter: Interpreter, diagnostics: DiagnosticSink) {
        self.interpreter = interpreter
        self.diagnostics = diagnostics
    }

    /// What ended a run of lines.
    public enum Outcome {
        case finished
        /// `quit` or `exit`.
        case quit
        /// A failure stopped it (or the output went away).
        case stopped
    }

    // MARK: - Entry points

    /// Runs a script file (`-` is stdin), read once and compiled whole first.
    func runScript(path: String) -> ExitStatus {
        guard let source = Self.readScript(path: path, into: diagnostics) else { return .usage }
        return runScript(source, path: path)
    }

    /// A script's bytes, read once (`-` is stdin); nil, after reporting why, when unreadable.
    public static func readScript(path: String, into diagnostics: DiagnosticSink) -> SourceBytes? {
        do {
            return try read(path)
        } catch {
            // `lprof help`, `lprof show`: a command where a script was expected.
            let hint =
                Vocabulary.commands.contains(path) && !path.contains("/")
                ? "; to run the command, type lprof -c '\(path)'" : ""
            diagnostics.report(Diagnostic(.error, "script \(error.description)" + hint))
            return nil
        }
    }

    /// Runs a script's text, compiled whole first, so that any error runs nothing (`.usage`);
    /// `refusingRecordings` because a recording's `reset` would replace a profile the user did
    /// not name a store for.
    public func runScript(_ source: SourceBytes, path: String, refusingRecordings: Bool = false)
        -> ExitStatus
    {
        if refusingRecordings,
            Self.withoutByteOrderMark(source.bytes).starts(with: SessionScript.firstWords.utf8)
        {
            diagnostics.report(
                Diagnostic(
                    .error,
                    "'\(path)' is a recording: its set-up begins with 'reset', which would "
                        + "replace your stored profile; watch it with 'lprof --memory \(path)', "
                        + "check it with 'lprof test \(path)', or name a store with --store "
                        + "to run it there"))
            return .usage
        }
        let info = Self.sourceInfo(path)
        guard let program = Compiler.compile(source, info, sniff: true, into: diagnostics) else {
            return .usage
        }
        return finish(run(program), info)
    }

    /// Runs `-c` text: compiled whole first, like a script.
    public func runText(_ text: String, name: String = "<command-line>") -> ExitStatus {
        let info = SourceInfo(name: name, directory: ".")
        guard
            let program = Compiler.compile(SourceBytes(Array(text.utf8)), info, into: diagnostics)
        else { return .usage }
        return finish(run(program), info)
    }

    /// Runs piped stdin a logical line at a time, since it may never end (SPEC §6).
    public func runStream(descriptor: Int32, name: String = "<stdin>") -> ExitStatus {
        let info = SourceInfo(name: name, directory: ".")
        let scanner = LineScanner(descriptor: descriptor, lineLimit: Limits.lineBytes)
        // Stdin may pause (or never end): show what ran so far before waiting for more.
        let out = interpreter.out
        scanner.beforeRead = { out.flush() }
        return finish(runLines(scanner, info), info)
    }

    /// Runs the lines `scanner` hands out, each compiled and run before the next is read.
    func runLines(_ scanner: LineScanner, _ info: SourceInfo) -> Outcome {
        withSource(info) { () -> Outcome in
            var line = SourceLine()
            var text: [UInt8] = []
            while true {
                guard readLine(scanner, into: &line, text: &text) else { break }
                lastLineNumber = line.lastLineNumber
                let outcome = runLine(line, text, info)
                if outcome != .finished { return outcome }
                if line.tooLong { return .stopped }
                line.removeAll()
                text.removeAll(keepingCapacity: true)
            }
            if let code = scanner.readError {
                diagnostics.report(
                    Diagnostic(.error, "'\(info.name)' cannot be read: \(errnoText(code))"))
                record(.usage)
                return .stopped
            }
            return .finished
        }
    }

    /// A script's bytes, read once: the file at `path`, or stdin for `-`.
    static func read(_ path: String) throws(ScriptFileError) -> SourceBytes {
        path == "-"
            ? try ScriptFile.read(descriptor: 0, name: "<stdin>", limits: Program.readLimits)
            : try ScriptFile.read(path: path, limits: Program.readLimits)
    }

    /// What a script's diagnostics name it, and where its `source` paths start.
    static func sourceInfo(_ path: String) -> SourceInfo {
        path == "-"
            ? SourceInfo(name: "<stdin>", directory: ".")
            : SourceInfo(name: path, directory: StorePaths.directory(of: path))
    }

    /// Compiles a script without running it, reporting every error; true when clean.
    public static func checkScript(path: String, into sink: DiagnosticSink) -> Bool {
        do {
            let source = try read(path)
            return Compiler.compile(source, sourceInfo(path), sniff: true, keep: false, into: sink)
                != nil
        } catch {
            sink.report(Diagnostic(.error, "script \(error.description)"))
            return false
        }
    }

    // MARK: - Reading and running

    /// Reads the next logical line into `line`, its physical lines joined by LF in `text`;
    /// false at the end of the input.
    private func readLine(
        _ scanner: LineScanner, into line: inout SourceLine, text: inout [UInt8]
    ) -> Bool {
        while let physical = scanner.nextLine() {
            var bytes = physical.bytes
            if line.isEmpty {
                // A line of a stream is a program of its own, whose first line may start with a
                // byte-order mark as a script's may (`cat a.lprof b.lprof | lprof`).
                bytes = Self.withoutByteOrderMark(bytes)
            } else {
                text.append(0x0A)
            }
            text.append(contentsOf: bytes)
            if !line.appendLine(bytes, number: physical.number, tooLong: physical.tooLong) {
                return true
            }
        }
        return !line.isEmpty
    }

    /// `bytes` without the UTF-8 byte-order mark it starts with, if it does.
    static func withoutByteOrderMark(_ bytes: UnsafeBufferPointer<UInt8>)
        -> UnsafeBufferPointer<UInt8>
    {
        guard bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF else {
            return bytes
        }
        return UnsafeBufferPointer(rebasing: bytes.dropFirst(3))
    }

    /// Compiles one line of a stream as a program of its own and runs it.
    func runLine(_ line: SourceLine, _ text: [UInt8], _ info: SourceInfo) -> Outcome {
        guard let program = Compiler.compile(line, text: SourceBytes(text), info, into: diagnostics)
        else {
            record(.usage)
            return line.tooLong || !keepGoing ? .stopped : .finished
        }
        return runSteps(of: program)
    }

    /// Runs a compiled program as the innermost source.
    func run(_ program: Program) -> Outcome {
        withSource(program.info) {
            let outcome = runSteps(of: program)
            if sources.count == 1, outcome == .finished {
                lastLineNumber = Swift.max(lastLineNumber, program.lastLineNumber)
            }
            return outcome
        }
    }

    /// Runs the program's steps in order until one says to stop, a `set` straight through
    /// while nothing watches the steps.
    private func runSteps(of program: Program) -> Outcome {
        var unwatched = stepsAreUnwatched
        let outerPlace = interpreter.place
        defer { interpreter.run(outerPlace) }
        interpreter.run(
            CommandPlace(
                program: program, entry: sources.count == 1 ? promptEntry : 0,
                nested: sources.count > 1))
        for index in program.steps.indices {
            interpreter.stepIndex = index
            let outcome: Outcome
            if unwatched, let value = program.setValue(index) {
                do throws(SetFailure) {
                    try interpreter.set(value)
                    continue
                } catch {
                    outcome = failed(error, at: index, of: program)
                }
            } else {
                outcome = runStep(index, of: program)
                unwatched = stepsAreUnwatched
            }
            if outcome != .finished {
                if sources.count == 1 { lastLineNumber = program.lastLine(of: index) }
                return outcome
            }
        }
        return .finished
    }

    /// True when a `set` needs nothing around it (trace, for one, could fail to write).
    private var stepsAreUnwatched: Bool {
        !interrupted && !(sources.count > 1 && prompt != nil) && !interpreter.settings.echo
            && !interpreter.settings.trace && recording == nil && !flushEachCommand
            && commandObserver == nil
    }

    /// Reports a `set` that failed, at the place its line shows; says whether to go on.
    private func failed(_ error: SetFailure, at index: Int, of program: Program) -> Outcome {
        failed(
            error.placed(command: program.headSpan(index), value: program.valueSpan(index)),
            at: index, of: program)
    }

    /// Runs `body` as the source `info` (the innermost running).
    func withSource(_ info: SourceInfo, _ body: () -> Outcome) -> Outcome {
        sources.append(info)
        defer { sources.removeLast() }
        defer { diagnostics.endOfSource(info.name) }
        return body()
    }

    /// Runs one step and reports its failure; where it was written is read only when shown.
    private func runStep(_ index: Int, of program: Program) -> Outcome {
        if interrupted { return .stopped }
        if sources.count > 1, let prompt, prompt.takeInterrupt() {
            interrupted = true
            diagnostics.report(
                Diagnostic(
                    .error,
                    "interrupted: '\(program.info.name)' stopped at line \(program.line(of: index))"
                ))
            record(.failure)
            return .stopped
        }
        if interpreter.settings.echo {
            interpreter.out.writeLine(
                PromptText.plain(for: interpreter.host) + TerminalSafe.escape(program.text(index)))
        }
        do throws(CommandFailure) {
            var flow = Flow.next
            var command: Command?
            if let value = program.setValue(index) {
                do throws(SetFailure) {
                    try interpreter.set(value)
                } catch {
                    return failed(error, at: index, of: program)
                }
            } else {
                let entry = program.command(index)
                command = entry.command
                flow = try interpreter.execute(entry.command, entry.value, in: self)
            }
            if !interpreter.notes.isEmpty { reportNotes(at: index, of: program) }
            if recording != nil && sources.count == 1 {
                keepRecording(command.map(\.kind), program.text(index))
            }
            if flushEachCommand { interpreter.out.flush() }
            if let commandObserver { commandObserver(program.text(index), true) }
            // Stdout is gone (a closed pipe, a full disk): nothing more can be shown.
            if interpreter.out.failure != nil { return .stopped }
            return flow == .quit ? .quit : .finished
        } catch {
            return failed(error, at: index, of: program)
        }
    }

    /// Reports that step `index` failed; says whether to go on.
    private func failed(_ error: CommandFailure, at index: Int, of program: Program) -> Outcome {
        let text = program.text(index)
        commandObserver?(text, false)
        if !error.reported {
            diagnostics.report(
                error.span.map {
                    program.diagnostic(
                        .error, error.message, at: $0, step: index,
                        whole: diagnostics.wantsWholeLines)
                } ?? Diagnostic(.error, error.message))
        }
        record(error.status)
        if error.status == .store, interpreter.host.editMode == .active {
            failedCommit = text
        }
        if interpreter.out.failure != nil || interrupted { return .stopped }
        return error.status == .store || !keepGoing ? .stopped : .finished
    }

    /// Keeps the first failure's status.
    func record(_ failure: ExitStatus) {
        if status == .success { status = failure }
    }

    /// The end of a top-level run: warns about a draft left behind and gives the exit status.
    private func finish(_ outcome: Outcome, _ info: SourceInfo) -> ExitStatus {
        finishRecording()
        let host = interpreter.host
        if host.hasPendingChanges {
            diagnostics.report(
                Diagnostic(
                    .warning, DraftWarning.endOfScript(host, failedCommit: failedCommit),
                    location: Diagnostic.Location(
                        source: info.name, line: Swift.max(1, lastLineNumber), column: 1)))
        }
        if interpreter.singleTransaction { endTransaction(outcome) }
        interpreter.out.flush()
        guard let code = interpreter.out.failure else { return status }
        diagnostics.report(Diagnostic(.error, "cannot write output: \(errnoText(code))"))
        return status.orFailure
    }

    /// The last line the top-level source reached, where the pending-draft warning points.
    var lastLineNumber = 0
    /// The command whose commit the store refused while editing: the warning must not advise
    /// 'done' then.
    var failedCommit: String?
}
