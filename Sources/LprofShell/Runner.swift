import LprofLanguage
import LprofModel
import LprofStore
import LprofSystem
import LprofViews

/// Where a script's text came from: its name in diagnostics and the folder its relative
/// `source` paths start from.
struct SourceInfo {
    var name: String
    var directory: String
}

/// Runs scripts, `-c` text and piped stdin through the interpreter: checks a script whole
/// before running it, streams its lines, reports failures at their place, and decides
/// whether to go on.
public final class Runner: CommandContext {
    public let interpreter: Interpreter
    public let diagnostics: DiagnosticSink
    /// Go on after a failed command (`--keep-going`); a store error always stops.
    public var keepGoing = false
    /// The deepest `source` nesting allowed.
    public static let maxSourceDepth = 32
    /// The exit status so far: that of the first failure.
    public internal(set) var status: ExitStatus = .success

    /// The prompt this runner serves, if any: its history, and its Ctrl-C, asked between
    /// commands, which stops a running script.
    public weak var prompt: PromptInput?
    /// Flush output after every command (at the prompt, where a long `source` should show
    /// its output as it goes, as a line-buffered terminal would).
    public var flushEachCommand = false
    /// Set once Ctrl-C stopped a script, so that every enclosing script stops too.
    var interrupted = false
    /// Told of each command run, as written, and whether it succeeded (`lprof learn`).
    public var commandObserver: ((String, Bool) -> Void)?

    /// The scripts running, the top level first (`source` adds one).
    var sources: [SourceInfo] = []
    /// The file `record` is writing, if any (`Runner+Record.swift`).
    var recording: SessionRecording?
    /// Check a script on a second thread while it starts to run (`lprof FILE`), rather than
    /// before: see `Runner+CheckAhead.swift`. Nothing the run does shows until the check
    /// has passed; a script whose check fails still runs nothing anyone can see.
    public var checksAhead = false
    /// The check of the top-level script, while the run goes on ahead of it.
    var pendingCheck: BackgroundWork<ScriptCheck>?
    /// The lines that check hands over to the run (`Runner+HandOver.swift`).
    var handOver: LineHandOver?
    /// Set once the script's check failed: nothing more runs.
    var checkFailed = false
    /// Commands run since the check started.
    var commandsAhead = 0

    /// When set, `source` reads only these paths (as typed) and refuses the rest, and
    /// `record` writes no file: a fuzzer must not wander off into the file system.
    public var sourceablePaths: Set<String>?

    public init(interpreter: Interpreter, diagnostics: DiagnosticSink) {
        self.interpreter = interpreter
        self.diagnostics = diagnostics
    }

    /// What ended a run of lines.
    public enum Outcome {
        /// The input ran out.
        case finished
        /// `quit` or `exit`.
        case quit
        /// A failure stopped it (or the output went away).
        case stopped
    }

    // MARK: - Entry points

    /// Runs a script file: checked whole first (a syntax error runs nothing, exit 2).
    public func runScript(path: String) -> ExitStatus {
        let file: ScriptFile
        do {
            file = try ScriptFile(path: path)
        } catch {
            // `lprof help`, `lprof show`: a command where a script was expected.
            let hint =
                Vocabulary.commands.contains(path) && !path.contains("/")
                ? "; to run the command, type lprof -c '\(path)'" : ""
            diagnostics.report(Diagnostic(.error, "script \(error.description)" + hint))
            return .usage
        }
        let info = SourceInfo(name: path, directory: StorePaths.directory(of: path))
        if checksAhead {
            if let finding = file.notText() {
                diagnostics.report(Self.notText(finding, info.name))
                return .usage
            }
            if let handOver = startCheck(file, name: info.name) {
                let outcome = runHandedOver(handOver, reading: file.scanner(), info)
                guard awaitCheck() else { return status }
                return finish(outcome, info)
            }
            // No second thread: check first.
        }
        if !Self.check(file, name: info.name, into: diagnostics) { return .usage }
        return finish(run(file.scanner(), info, checked: true), info)
    }

    /// Runs `-c` text: checked whole first, like a script.
    public func runText(_ text: String, name: String = "<command-line>") -> ExitStatus {
        let bytes = Array(text.utf8)
        let info = SourceInfo(name: name, directory: ".")
        if !Self.check(LineScanner(bytes: bytes), name: name, into: diagnostics) { return .usage }
        return finish(run(LineScanner(bytes: bytes), info, checked: true), info)
    }

    /// Runs commands from a descriptor (piped stdin), checking and running a line at a time.
    public func runStream(descriptor: Int32, name: String = "<stdin>") -> ExitStatus {
        let info = SourceInfo(name: name, directory: ".")
        let scanner = LineScanner(descriptor: descriptor)
        // Stdin may pause (or never end): show what ran so far before waiting for more.
        let out = interpreter.out
        scanner.beforeRead = { out.flush() }
        return finish(run(scanner, info), info)
    }

    /// Checks a script without running it; reports every syntax error. True when clean.
    public static func checkScript(path: String, into sink: DiagnosticSink) -> Bool {
        do {
            let file = try ScriptFile(path: path)
            return check(file, name: path, into: sink)
        } catch {
            sink.report(Diagnostic(.error, "script \(error.description)"))
            return false
        }
    }

    // MARK: - Checking and running

    /// Checks a script file whole: one error if it is not text at all, else every line.
    static func check(_ file: ScriptFile, name: String, into sink: DiagnosticSink) -> Bool {
        if let finding = file.notText() {
            sink.report(notText(finding, name))
            return false
        }
        return check(file.scanner(), name: name, into: sink)
    }

    /// The one error for a file that is not text, at its first NUL byte if it has one.
    static func notText(_ finding: TextSniffer.Finding, _ name: String) -> Diagnostic {
        let message = "not a text file (\(finding.problem)): lprof reads UTF-8 text"
        guard let line = finding.line, let column = finding.column else {
            return Diagnostic(.error, "'\(name)' is \(message)")
        }
        return Diagnostic(
            .error, "\(message)", location: .init(source: name, line: line, column: column))
    }

    /// Lexes and parses every line, reporting each error; stops at a too-long line. With
    /// `handOver`, what it finds of each line goes on to the run for as long as the run
    /// takes it.
    static func check(
        _ scanner: LineScanner, name: String, into sink: DiagnosticSink,
        handingOverTo handOver: LineHandOver? = nil
    ) -> Bool {
        defer { sink.endOfSource(name) }
        // Made once, not line after line (each would retain what it captures).
        let reportError: (SyntaxError, borrowing SourceLine) -> Void = { error, line in
            report(error, in: line, source: name, to: sink)
        }
        var clean = true
        var atEnd = false
        if let handOver {
            atEnd = handOverVerdicts(scanner, to: handOver, clean: &clean, reporting: reportError)
        }
        var line = SourceLine()
        while !atEnd && read(scanner, into: &line) {
            if !checkLine(line, reporting: reportError) { clean = false }
            if line.tooLong { break }
            line.removeAll()
        }
        if let code = scanner.readError {
            sink.report(Diagnostic(.error, "'\(name)' cannot be read: \(errnoText(code))"))
            return false
        }
        return clean
    }

    /// Reads the next logical line into `line` (empty): false at the end of the input. A
    /// line the input ends in the middle of (after a backslash) is read as it is.
    @inline(__always)
    static func read(_ scanner: LineScanner, into line: inout SourceLine) -> Bool {
        while let physical = scanner.nextLine() {
            if !line.appendLine(physical.bytes, number: physical.number, tooLong: physical.tooLong)
            {
                return true
            }
        }
        return !line.isEmpty
    }

    /// Checks one logical line, the same way before a script runs and, for piped stdin, as
    /// each line comes: its lexical error, or each command's syntax error, or else the
    /// values it names that are wrong whatever the state (`CommandValues`). True when clean.
    /// The line is handed back to `report` rather than captured by it: a capture would copy
    /// it, line after line.
    @inline(__always)
    static func checkLine(
        _ line: SourceLine, reporting report: (SyntaxError, borrowing SourceLine) -> Void
    ) -> Bool {
        var onlySet: SetCommand?
        return checkLine(line, onlySet: &onlySet, reporting: report)
    }

    /// `checkLine`, which also gives the line's `set` when that is its only command.
    @inline(__always)
    static func checkLine(
        _ line: SourceLine, onlySet: inout SetCommand?,
        reporting report: (SyntaxError, borrowing SourceLine) -> Void
    ) -> Bool {
        onlySet = nil
        if line.hasLexError, let error = line.lexError {
            report(error, line)
            return false
        }
        var position = 0
        var clean = true
        var commands = 0
        while let range = Parser.commandRange(in: line, at: &position) {
            commands += 1
            do throws(SyntaxError) {
                // Parsed without text: a `set` value is read in place, as bytes; the rarer
                // commands with values are parsed again with theirs.
                switch try Parser.check(in: line, range) {
                case .set(let set):
                    let problem = line.withText(ofTokenAt: set.value) {
                        CommandValues.problem(setting: set.field, to: $0, at: set.value)
                    }
                    if let problem { throw problem }
                    onlySet = commands == 1 ? set : nil
                case .others:
                    try checkValues(try Parser.command(in: line, range))
                case .none:
                    break
                }
            } catch {
                report(error, line)
                clean = false
            }
        }
        if commands != 1 { onlySet = nil }
        return clean
    }

    /// A command's state-independent values, their error as a syntax error at its place.
    private static func checkValues(_ command: Command) throws(SyntaxError) {
        do {
            try CommandValues.check(command)
        } catch {
            throw SyntaxError(error.message, at: error.span ?? command.span)
        }
    }

    private static func report(
        _ error: SyntaxError, in line: SourceLine, source: String, to sink: DiagnosticSink
    ) {
        sink.report(line.diagnostic(.error, error.message, at: error.span, source: source))
    }

    /// Runs lines as they come. Unless the whole input was checked already, each logical
    /// line is checked before any of its commands runs.
    func run(_ scanner: LineScanner, _ info: SourceInfo, checked: Bool = false) -> Outcome {
        withSource(info) { runLines(scanner, info, checked: checked) }
    }

    /// Runs `body` as the source `info` (the innermost running).
    func withSource(_ info: SourceInfo, _ body: () -> Outcome) -> Outcome {
        sources.append(info)
        defer { sources.removeLast() }
        defer { diagnostics.endOfSource(info.name) }
        return body()
    }

    /// `run` inside its source.
    func runLines(_ scanner: LineScanner, _ info: SourceInfo, checked: Bool) -> Outcome {
        defer { if sources.count == 1 { lastLineNumber = scanner.lineNumber } }
        var line = SourceLine()
        while Self.read(scanner, into: &line) {
            let outcome = runLine(line, info, checked: checked)
            if outcome != .finished { return outcome }
            line.removeAll()
        }
        if let code = scanner.readError {
            guard awaitCheck() else { return .stopped }
            diagnostics.report(
                Diagnostic(.error, "'\(info.name)' cannot be read: \(errnoText(code))"))
            record(.usage)
            return .stopped
        }
        return .finished
    }

    /// Checks (unless the whole input was checked already) and runs one logical line.
    func runLine(_ line: SourceLine, _ info: SourceInfo, checked: Bool) -> Outcome {
        if !checked || line.hasLexError {
            guard awaitCheck() else { return .stopped }
            let clean = Self.checkLine(line) { error, line in
                fail(status: .usage, error, in: line, info)
            }
            if !clean { return line.tooLong || !keepGoing ? .stopped : .finished }
        }
        var position = 0
        while let range = Parser.commandRange(in: line, at: &position) {
            // `set` goes on with its value as bytes, with no command built (a recording
            // replays each command whole, so it takes the general path).
            if recording == nil, let set = Parser.set(in: line, range) {
                let outcome = runCommand(set.command, in: line, info, set: set)
                if outcome != .finished { return outcome }
                continue
            }
            let command: Command
            do throws(SyntaxError) {
                command = try Parser.command(in: line, range)
            } catch {
                // Only when the file changed between checking and running.
                guard awaitCheck() else { return .stopped }
                fail(status: .usage, error, in: line, info)
                if keepGoing { continue } else { return .stopped }
            }
            let outcome = runCommand(command, in: line, info)
            if outcome != .finished { return outcome }
        }
        return .finished
    }

    /// Runs one command and reports its failure; says whether to go on. A `set` handed on
    /// as bytes comes with `set` (and `command` its place and words).
    private func runCommand(
        _ command: Command, in line: SourceLine, _ info: SourceInfo, set: SetCommand? = nil
    ) -> Outcome {
        // Only what shows nothing runs ahead of the script's check, which is looked at now
        // and then: a script that failed it stops soon, not at its end.
        if pendingCheck != nil {
            commandsAhead &+= 1
            if !runsAhead(command, set: set)
                || (commandsAhead & 4095 == 0 && pendingCheck?.isDone == true)
            {
                guard awaitCheck() else { return .stopped }
            }
        }
        if interrupted || checkFailed { return .stopped }
        if sources.count > 1, let prompt, prompt.takeInterrupt() {
            interrupted = true
            diagnostics.report(
                Diagnostic(
                    .error,
                    "interrupted: '\(info.name)' stopped at line \(command.span.line)"))
            record(.failure)
            return .stopped
        }
        /// The command as written.
        func written() -> String { line.text(of: command) }
        if interpreter.settings.echo {
            interpreter.out.writeLine(
                Self.echoPrefix(interpreter.host) + TerminalSafe.escape(written()))
        }
        do {
            let flow: Flow
            if let set {
                let interpreter = interpreter
                try line.withText(ofTokenAt: set.value) { bytes in
                    Result { () throws(CommandFailure) in try interpreter.execute(set, value: bytes)
                    }
                }.get()
                flow = .next
            } else {
                flow = try interpreter.execute(command, in: self)
            }
            reportNotes(at: command.span, in: line, info)
            if recording != nil && sources.count == 1 { keepRecording(command, written()) }
            if flushEachCommand { interpreter.out.flush() }
            commandObserver?(written(), true)
            if outputFailed() { return .stopped }
            return flow == .quit ? .quit : .finished
        } catch {
            return failed(command, error, in: line, info)
        }
    }

    /// Reports that `command` failed (once the script's check has passed); says whether
    /// to go on.
    func failed(
        _ command: Command, _ error: CommandFailure, in line: SourceLine, _ info: SourceInfo
    ) -> Outcome {
        guard awaitCheck() else { return .stopped }
        commandObserver?(line.text(of: command), false)
        if !error.reported {
            let d: Diagnostic
            if let span = error.span {
                d = line.diagnostic(.error, error.message, at: span, source: info.name)
            } else {
                d = Diagnostic(.error, error.message)
            }
            diagnostics.report(d)
        }
        record(error.status)
        if error.status == .store, interpreter.host.editMode == .active {
            failedCommit = line.text(of: command)
        }
        if outputFailed() || interrupted { return .stopped }
        return error.status == .store || !keepGoing ? .stopped : .finished
    }

    private func fail(
        status: ExitStatus, _ error: SyntaxError, in line: SourceLine, _ info: SourceInfo
    ) {
        Self.report(error, in: line, source: info.name, to: diagnostics)
        record(status)
    }

    /// Keeps the first failure's status.
    func record(_ failure: ExitStatus) {
        if status == .success { status = failure }
    }

    /// True when stdout is gone (a closed pipe, a full disk): nothing more can be shown.
    func outputFailed() -> Bool {
        interpreter.out.failure != nil
    }

    /// The end of a top-level run: warns about a draft left behind, flushes output, and
    /// gives the exit status.
    private func finish(_ outcome: Outcome, _ info: SourceInfo) -> ExitStatus {
        finishRecording()
        if interpreter.out.failure != .closed { warnAboutPendingDraft(info) }
        if interpreter.singleTransaction { endTransaction(outcome) }
        interpreter.out.flush()
        switch interpreter.out.failure {
        case .closed?:
            return status
        case .error(let code)?:
            diagnostics.report(
                Diagnostic(.error, "cannot write output: \(errnoText(code))"))
            return status.orFailure
        case nil:
            return status
        }
    }

    /// The last line the top-level source reached, where the pending-draft warning points.
    var lastLineNumber = 0
    /// The command, as written, whose commit the store refused while editing (the end of
    /// script warning must not advise 'done' then).
    var failedCommit: String?

    /// `--echo` shows each command after the prompt it would have at the terminal.
    static func echoPrefix(_ host: Host) -> String {
        if host.sheet == .dismissed { return "lprof (dismissed)> " }
        return host.editMode == .inactive
            ? "lprof> " : (host.hasPendingChanges ? "lprof edit*> " : "lprof edit> ")
    }

    private func warnAboutPendingDraft(_ info: SourceInfo) {
        let host = interpreter.host
        guard host.hasPendingChanges else { return }
        diagnostics.report(
            Diagnostic(
                .warning, DraftWarning.endOfScript(host, failedCommit: failedCommit),
                location: Diagnostic.Location(
                    source: info.name, line: Swift.max(1, lastLineNumber), column: 1)))
    }
}
