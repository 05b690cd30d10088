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
public final class Runner {
    public let interpreter: Interpreter
    public let diagnostics: DiagnosticSink
    /// Go on after a failed command (`--keep-going`); a store error always stops.
    public var keepGoing = false
    /// The deepest `source` nesting allowed.
    public static let maxSourceDepth = 32
    /// The exit status so far: that of the first failure.
    public private(set) var status: Int32 = 0

    /// Asked between commands; true stops a running script (Ctrl-C at the prompt).
    public var interruptRequested: (() -> Bool)?
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
        interpreter.sourceFile = { [unowned self] argument throws(CommandFailure) in
            try self.source(argument)
        }
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
        let info = SourceInfo(name: path, directory: StorePaths.directory(of: path))
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

    /// Lexes and parses every line, reporting each error; stops at a too-long line. A line
    /// that is the same, byte for byte, as one found clean a moment ago is clean too (checking
    /// depends on nothing but the line), so generated scripts that repeat their lines are
    /// not lexed and parsed twice over.
    static func check(_ scanner: LineScanner, name: String, into sink: DiagnosticSink) -> Bool {
        var line = SourceLine()
        var cleanLines = CleanLineCache()
        var clean = true
        /// Checks the logical line gathered in `line`; false to stop reading.
        func checkLine(lastBytes: UnsafeBufferPointer<UInt8>?) -> Bool {
            defer { line.removeAll() }
            if let error = line.lexError {
                report(error, in: line, source: name, to: sink)
                clean = false
                return !line.tooLong
            }
            var position = 0
            var lineClean = true
            while true {
                do throws(SyntaxError) {
                    guard try Parser.checkNext(in: line, at: &position) else { break }
                } catch {
                    report(error, in: line, source: name, to: sink)
                    lineClean = false
                }
            }
            if !lineClean {
                clean = false
            } else if let lastBytes, line.lines.count == 1 {
                cleanLines.insert(lastBytes)
            }
            return true
        }
        while let (bytes, number, tooLong) = scanner.nextLine() {
            if line.isEmpty && !tooLong && cleanLines.contains(bytes) { continue }
            if line.appendPhysicalLine(bytes, number: number, tooLong: tooLong) == .continued {
                continue
            }
            if !checkLine(lastBytes: bytes) { break }
        }
        if !line.isEmpty { _ = checkLine(lastBytes: nil) }
        if let code = scanner.readError {
            sink.report(Diagnostic(.error, "'\(name)' cannot be read: \(errnoText(code))"))
            return false
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
        // The commands of recently run one-line lines: a repeated line runs its earlier
        // parse, moved to its own line number, without being lexed and parsed again.
        var parsedLines = RecentLineCache<[Command]>()
        var commands: [Command] = []
        while let (bytes, number, tooLong) = scanner.nextLine() {
            if line.isEmpty && !tooLong, let cached = parsedLines.value(for: bytes) {
                line.appendUnlexedLine(bytes, number: number)
                for command in cached {
                    let outcome = runCommand(command, in: line, info, movedTo: number)
                    if outcome != .finished { return outcome }
                }
                line.removeAll()
                continue
            }
            if line.appendPhysicalLine(bytes, number: number, tooLong: tooLong) == .continued {
                continue
            }
            commands.removeAll(keepingCapacity: true)
            let outcome = runLine(&line, info, checked: checked, keeping: &commands)
            if outcome != .finished { return outcome }
            if line.lines.count == 1 && !commands.isEmpty { parsedLines.insert(bytes, commands) }
            line.removeAll()
        }
        if !line.isEmpty {
            // The input ended on a line that asked to be continued.
            commands.removeAll(keepingCapacity: true)
            let outcome = runLine(&line, info, checked: checked, keeping: &commands)
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
    /// The line's commands are left in `kept` when every one of them parsed and ran to its
    /// end (else `kept` is emptied), so that the caller can reuse them.
    private func runLine(
        _ line: inout SourceLine, _ info: SourceInfo, checked: Bool,
        keeping kept: inout [Command]
    ) -> Outcome {
        if let error = line.lexError {
            fail(status: 2, error, in: line, info)
            return line.tooLong || !keepGoing ? .stopped : .finished
        }
        var position = 0
        if !checked {
            var clean = true
            while true {
                do throws(SyntaxError) {
                    guard try Parser.checkNext(in: line, at: &position) else { break }
                } catch {
                    fail(status: 2, error, in: line, info)
                    clean = false
                }
            }
            if !clean { return keepGoing ? .finished : .stopped }
            position = 0
        }
        var complete = true
        while true {
            let command: Command
            do throws(SyntaxError) {
                guard let next = try Parser.next(in: line, at: &position) else { break }
                command = next
            } catch {
                // Only when the file changed between checking and running.
                fail(status: 2, error, in: line, info)
                complete = false
                if keepGoing { continue } else { return .stopped }
            }
            kept.append(command)
            let outcome = runCommand(command, in: line, info)
            if outcome != .finished { return outcome }
        }
        if !complete { kept.removeAll() }
        return .finished
    }

    /// Runs one command and reports its failure; says whether to go on.
    /// `movedTo` is the physical line a reused command stands on now (its spans still
    /// name the line it was parsed from); messages and the echo use it.
    private func runCommand(
        _ command: Command, in line: SourceLine, _ info: SourceInfo, movedTo number: Int? = nil
    ) -> Outcome {
        if interrupted { return .stopped }
        if sources.count > 1, let interruptRequested, interruptRequested() {
            interrupted = true
            diagnostics.report(
                Diagnostic(
                    .error,
                    "interrupted: '\(info.name)' stopped at line \(number ?? command.span.line)"))
            record(1)
            return .stopped
        }
        /// The command as written, from the line it stands on now.
        func written() -> String {
            line.text(of: number.map { command.relocated(toLine: $0) } ?? command)
        }
        if interpreter.settings.echo {
            interpreter.out.writeLine(
                Self.echoPrefix(interpreter.host) + TerminalSafe.escape(written()))
        }
        do {
            let flow = try interpreter.execute(command)
            if flushEachCommand { interpreter.out.flush() }
            commandObserver?(written(), true)
            if outputFailed() { return .stopped }
            return flow == .quit ? .quit : .finished
        } catch {
            commandObserver?(written(), false)
            if !error.reported {
                let d: Diagnostic
                if var span = error.span {
                    if let number { span.line = number }
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
        host.editMode == .inactive
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
            file.scanner(), SourceInfo(name: path, directory: StorePaths.directory(of: path)),
            checked: true)
    }

    // MARK: - source

    /// `source FILE`: checked whole, then run inline; relative to the running script.
    func source(_ argument: Argument) throws(CommandFailure) -> Flow {
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
            file = try ScriptFile(path: path, interrupted: interruptRequested)
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
            file.scanner(), SourceInfo(name: path, directory: StorePaths.directory(of: path)),
            checked: true)
        let nested = status
        status = before
        if nested != 0 { throw .reportedFailure(status: nested) }
        return outcome == .quit ? .quit : .next
    }

    static func join(_ directory: String, _ path: String) -> String {
        directory == "."
            ? path : (directory.hasSuffix("/") ? directory + path : directory + "/" + path)
    }
}
