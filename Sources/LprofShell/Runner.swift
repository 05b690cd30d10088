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
    public private(set) var status: Int32 = 0

    /// The prompt this runner serves, if any: its history, and its Ctrl-C, asked between
    /// commands, which stops a running script.
    public weak var prompt: PromptInput?
    /// Flush output after every command (at the prompt, where a long `source` should show
    /// its output as it goes, as a line-buffered terminal would).
    public var flushEachCommand = false
    /// Set once Ctrl-C stopped a script, so that every enclosing script stops too.
    private var interrupted = false
    /// Told of each command run, as written, and whether it succeeded (`lprof learn`).
    public var commandObserver: ((String, Bool) -> Void)?

    private var sources: [SourceInfo] = []

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
    public func runScript(path: String) -> Int32 {
        let file: ScriptFile
        do {
            file = try ScriptFile(path: path)
        } catch {
            // `lprof help`, `lprof show`: a command where a script was expected.
            let hint =
                Vocabulary.commands.contains(path) && !path.contains("/")
                ? "; to run the command, type lprof -c '\(path)'" : ""
            diagnostics.report(Diagnostic(.error, "script \(error.description)" + hint))
            return 2
        }
        let info = SourceInfo(name: path, directory: Self.directory(of: path))
        if !Self.check(file.scanner(), name: info.name, into: diagnostics) { return 2 }
        return finish(run(file.scanner(), info, checked: true), info)
    }

    /// Runs `-c` text: checked whole first, like a script.
    public func runText(_ text: String, name: String = "<command-line>") -> Int32 {
        let bytes = Array(text.utf8)
        let info = SourceInfo(name: name, directory: ".")
        if !Self.check(LineScanner(bytes: bytes), name: name, into: diagnostics) { return 2 }
        return finish(run(LineScanner(bytes: bytes), info, checked: true), info)
    }

    /// Runs commands from a descriptor (piped stdin), checking and running a line at a time.
    public func runStream(descriptor: Int32, name: String = "<stdin>") -> Int32 {
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
            return check(file.scanner(), name: path, into: sink)
        } catch {
            sink.report(Diagnostic(.error, "script \(error.description)"))
            return false
        }
    }

    // MARK: - Checking and running

    /// Lexes and parses every line, reporting each error; stops at a too-long line.
    static func check(_ scanner: LineScanner, name: String, into sink: DiagnosticSink) -> Bool {
        var line = SourceLine()
        var clean = true
        while let physical = scanner.nextLine() {
            if line.appendLine(physical.bytes, number: physical.number, tooLong: physical.tooLong) {
                continue
            }
            if !checkLine(line, name: name, into: sink) { clean = false }
            let stop = line.tooLong
            line.removeAll()
            if stop { break }
        }
        if !line.isEmpty && !checkLine(line, name: name, into: sink) { clean = false }
        if let code = scanner.readError {
            sink.report(Diagnostic(.error, "'\(name)' cannot be read: \(errnoText(code))"))
            return false
        }
        return clean
    }

    /// Checks one logical line of `name`, reporting its errors to `sink` (the line is passed,
    /// not captured, so that the reading loop keeps it in place).
    private static func checkLine(_ line: SourceLine, name: String, into sink: DiagnosticSink)
        -> Bool
    {
        checkLine(line) { report($0, in: line, source: name, to: sink) }
    }

    /// Checks one logical line, the same way before a script runs and, for piped stdin, as
    /// each line comes: its lexical error, or each of its commands' syntax errors. True when
    /// clean.
    static func checkLine(_ line: SourceLine, reporting report: (SyntaxError) -> Void) -> Bool {
        if line.hasLexError, let error = line.lexError {
            report(error)
            return false
        }
        var position = 0
        var clean = true
        while true {
            do throws(SyntaxError) {
                guard try Parser.checkNext(in: line, at: &position) else { break }
            } catch {
                report(error)
                clean = false
            }
        }
        return clean
    }

    private static func report(
        _ error: SyntaxError, in line: SourceLine, source: String, to sink: DiagnosticSink
    ) {
        sink.report(line.diagnostic(.error, error.message, at: error.span, source: source))
    }

    /// Runs lines as they come. Unless the whole input was checked already, each logical
    /// line is checked before any of its commands runs.
    func run(_ scanner: LineScanner, _ info: SourceInfo, checked: Bool = false) -> Outcome {
        sources.append(info)
        defer { sources.removeLast() }
        defer { if sources.count == 1 { lastLineNumber = scanner.lineNumber } }
        var line = SourceLine()
        while let physical = scanner.nextLine() {
            if line.appendLine(physical.bytes, number: physical.number, tooLong: physical.tooLong) {
                continue
            }
            let outcome = runLine(line, info, checked: checked)
            if outcome != .finished { return outcome }
            line.removeAll()
        }
        if !line.isEmpty {
            // The input ended on a line that asked to be continued.
            let outcome = runLine(line, info, checked: checked)
            if outcome != .finished { return outcome }
        }
        if let code = scanner.readError {
            diagnostics.report(
                Diagnostic(.error, "'\(info.name)' cannot be read: \(errnoText(code))"))
            record(2)
            return .stopped
        }
        return .finished
    }

    /// Checks (unless the whole input was checked already) and runs one logical line.
    private func runLine(_ line: SourceLine, _ info: SourceInfo, checked: Bool) -> Outcome {
        if !checked || line.hasLexError {
            let clean = Self.checkLine(line) { fail(status: 2, $0, in: line, info) }
            if !clean { return line.tooLong || !keepGoing ? .stopped : .finished }
        }
        var position = 0
        while let range = Parser.commandRange(in: line, at: &position) {
            let command: Command
            do throws(SyntaxError) {
                command = try Parser.command(in: line, range)
            } catch {
                // Only when the file changed between checking and running.
                fail(status: 2, error, in: line, info)
                if keepGoing { continue } else { return .stopped }
            }
            let outcome = runCommand(command, in: line, info)
            if outcome != .finished { return outcome }
        }
        return .finished
    }

    /// Runs one command and reports its failure; says whether to go on.
    private func runCommand(_ command: Command, in line: SourceLine, _ info: SourceInfo)
        -> Outcome
    {
        if interrupted { return .stopped }
        if sources.count > 1, let prompt, prompt.takeInterrupt() {
            interrupted = true
            diagnostics.report(
                Diagnostic(
                    .error,
                    "interrupted: '\(info.name)' stopped at line \(command.span.line)"))
            record(1)
            return .stopped
        }
        /// The command as written.
        func written() -> String { line.text(of: command) }
        if interpreter.settings.echo {
            interpreter.out.writeLine(
                Self.echoPrefix(interpreter.host) + TerminalSafe.escape(written()))
        }
        do {
            let flow = try interpreter.execute(command, in: self)
            if flushEachCommand { interpreter.out.flush() }
            commandObserver?(written(), true)
            if outputFailed() { return .stopped }
            return flow == .quit ? .quit : .finished
        } catch {
            commandObserver?(written(), false)
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
            if outputFailed() || interrupted { return .stopped }
            return error.status == 3 || !keepGoing ? .stopped : .finished
        }
    }

    private func fail(status: Int32, _ error: SyntaxError, in line: SourceLine, _ info: SourceInfo)
    {
        Self.report(error, in: line, source: info.name, to: diagnostics)
        record(status)
    }

    private func record(_ code: Int32) {
        if status == 0 { status = code }
    }

    /// True when stdout is gone (a closed pipe, a full disk): nothing more can be shown.
    private func outputFailed() -> Bool {
        interpreter.out.failure != nil
    }

    /// The end of a top-level run: warns about a draft left behind, flushes output, and
    /// gives the exit status.
    private func finish(_ outcome: Outcome, _ info: SourceInfo) -> Int32 {
        if interpreter.out.failure != .closed { warnAboutPendingDraft(info) }
        interpreter.out.flush()
        switch interpreter.out.failure {
        case .closed?:
            return status
        case .error(let code)?:
            diagnostics.report(
                Diagnostic(.error, "cannot write output: \(errnoText(code))"))
            return status == 0 ? 1 : status
        case nil:
            return status
        }
    }

    /// The last line the top-level source reached, where the pending-draft warning points.
    private var lastLineNumber = 0

    /// `--echo` shows each command after the prompt it would have at the terminal.
    static func echoPrefix(_ host: Host) -> String {
        if host.sheet == .dismissed { return "lprof (dismissed)> " }
        return host.editMode == .inactive
            ? "lprof> " : (host.hasPendingChanges ? "lprof edit*> " : "lprof edit> ")
    }

    private func warnAboutPendingDraft(_ info: SourceInfo) {
        let host = interpreter.host
        guard host.hasPendingChanges else { return }
        let fields = host.draft.differences(from: host.profile).map(\.rawValue)
        diagnostics.report(
            Diagnostic(
                .warning,
                "ended in edit mode: the draft's changes (\(fields.joined(separator: ", "))) were discarded; end with 'done' to keep them",
                location: Diagnostic.Location(
                    source: info.name, line: Swift.max(1, lastLineNumber), column: 1)))
    }

    // MARK: - The prompt

    /// Runs one entry typed at the prompt: errors go under the typed line, and a failure
    /// does not stop the rest of the entry (as in a shell), except a store error.
    public func runEntry(_ bytes: [UInt8], promptWidth: Int) -> Outcome {
        let saved = (diagnostics.printer, keepGoing)
        // A continued entry's errors are located (`<prompt>:2:5`): a caret under the last
        // typed line could not point into an earlier one.
        diagnostics.printer.promptWidth = bytes.contains(0x0A) ? nil : promptWidth
        keepGoing = true
        interrupted = false
        defer {
            (diagnostics.printer, keepGoing) = saved
            status = 0
        }
        return run(LineScanner(bytes: bytes), SourceInfo(name: "<prompt>", directory: "."))
    }

    /// Runs the rc file at start-up, if there is one; its errors are located in it. Like
    /// psql's rc file, a line that fails does not keep the lines after it from running
    /// (a syntax error still runs nothing).
    public func runStartupFile(_ path: String) {
        guard let file = try? ScriptFile(path: path) else { return }
        let savedKeepGoing = keepGoing
        keepGoing = true
        defer { (status, keepGoing) = (0, savedKeepGoing) }
        if !Self.check(file.scanner(), name: path, into: diagnostics) { return }
        _ = run(
            file.scanner(), SourceInfo(name: path, directory: Self.directory(of: path)),
            checked: true)
    }

    // MARK: - source

    /// The prompt's history, for `history`; nil when no prompt is served.
    public var historyEntries: [String]? { prompt?.historyEntries }

    /// `source FILE`: checked whole, then run inline; relative to the running script.
    public func source(_ argument: Argument) throws(CommandFailure) -> Flow {
        guard sources.count <= Self.maxSourceDepth else {
            throw CommandFailure(
                "'source' nests too deeply (at most \(Self.maxSourceDepth) levels)",
                at: argument.span)
        }
        let typed = HomePath.expand(argument.text)
        let path =
            typed.hasPrefix("/") || sources.isEmpty
            ? typed : Self.join(sources[sources.count - 1].directory, typed)
        let file: ScriptFile
        do {
            file = try ScriptFile(
                path: path, interrupted: prompt.map { p in { p.takeInterrupt() } })
        } catch {
            throw CommandFailure(error.description, at: argument.span)
        }
        // A sourced file's errors are located in it, even at the prompt.
        let printer = diagnostics.printer
        diagnostics.printer.promptWidth = nil
        defer { diagnostics.printer = printer }
        if !Self.check(file.scanner(), name: path, into: diagnostics) {
            throw .reportedFailure(status: 2)
        }
        let before = status
        status = 0
        let outcome = run(
            file.scanner(), SourceInfo(name: path, directory: Self.directory(of: path)),
            checked: true)
        let nested = status
        status = before
        if nested != 0 { throw .reportedFailure(status: nested) }
        return outcome == .quit ? .quit : .next
    }

    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        if slash == path.startIndex { return "/" }
        return String(path[..<slash])
    }

    static func join(_ directory: String, _ path: String) -> String {
        directory == "."
            ? path : (directory.hasSuffix("/") ? directory + path : directory + "/" + path)
    }
}
