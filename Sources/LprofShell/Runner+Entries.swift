import LprofLanguage
import LprofSystem
import LprofText

/// The runner's other ways in: an entry typed at the prompt, the rc file, and `source`.
extension Runner {
    // MARK: - The prompt

    /// Runs one entry typed at the prompt, as lexed while typed: as in a shell, only a store
    /// error stops the rest of the entry.
    public func runEntry(_ entry: TypedEntry, promptWidth: Int) -> Outcome {
        runEntry(continued: entry.lineCount > 1, promptWidth: promptWidth) { info in
            defer { diagnostics.endOfSource(info.name) }
            return Compiler.compile(
                entry.line, text: SourceBytes(entry.text), info, into: diagnostics)
        }
    }

    /// `runEntry` of an entry's bytes, its lines joined by LF (a lesson's own entries).
    public func runEntry(_ bytes: [UInt8], promptWidth: Int) -> Outcome {
        runEntry(continued: bytes.contains(0x0A), promptWidth: promptWidth) { info in
            Compiler.compile(SourceBytes(bytes), info, into: diagnostics)
        }
    }

    /// Runs the entry `compile` makes, with the prompt's rules for errors and failures.
    private func runEntry(
        continued: Bool, promptWidth: Int, _ compile: (SourceInfo) -> Program?
    ) -> Outcome {
        let saved = (diagnostics.printer, keepGoing)
        // A continued entry's errors are located (`<prompt>:2:5`): a caret under the last typed
        // line could not point into an earlier one.
        diagnostics.printer.promptWidth = continued ? nil : promptWidth
        diagnostics.forgetCounts()  // each entry is a run of its own
        keepGoing = true
        interrupted = false
        defer {
            (diagnostics.printer, keepGoing) = saved
            status = .success
            failedCommit = nil
        }
        guard let program = compile(SourceInfo(name: "<prompt>", directory: ".")) else {
            return .stopped
        }
        // The entry is the history's last when it was kept there (a blank one is not).
        let entries = prompt?.historyEntries ?? []
        let typed = String(decoding: program.source.bytes, as: UTF8.self)
        promptEntry = entries.last == typed ? entries.count : 0
        defer { promptEntry = 0 }
        return run(program)
    }

    /// Runs the rc file at start-up, if there is one: like psql's, a line that fails does not
    /// keep the rest from running, and the prompt comes whatever happens.
    public func runStartupFile(_ path: String) {
        let source: SourceBytes
        do {
            source = try ScriptFile.read(path: path, limits: Program.readLimits, regularOnly: true)
        } catch {
            // No rc file is the usual case; any other is said at once, and the prompt comes.
            if !error.isMissing {
                diagnostics.report(
                    Diagnostic(.error, "rc file \(error.description); it was not run"))
            }
            return
        }
        let savedKeepGoing = keepGoing
        keepGoing = true
        defer { (status, keepGoing) = (.success, savedKeepGoing) }
        let info = SourceInfo(name: path, directory: StorePaths.directory(of: path))
        // Line by line, as bash and fish run theirs, so that a typo's line is reported and the
        // others still run; a file that is not text at all is one error, as for a script.
        if let notText = Compiler.notText(source, info.name) {
            diagnostics.report(notText)
            return
        }
        _ = runLines(LineScanner(source: source, lineLimit: Limits.lineBytes), info)
    }

    // MARK: - source

    /// The prompt's history, for `history`; nil when no prompt is served.
    public var historyEntries: [String]? { prompt?.historyEntries }

    /// `source FILE`, relative to the running script: compiled whole, then run inline.
    func source(_ argument: Argument) throws(CommandFailure) -> Flow {
        guard sources.count <= Limits.sourceDepth else {
            throw CommandFailure(
                "'source' nests too deeply (at most \(Limits.sourceDepth) levels)",
                at: argument.span)
        }
        if let sourceablePaths, !sourceablePaths.contains(argument.text) {
            throw CommandFailure("'\(argument.text)' may not be sourced here", at: argument.span)
        }
        let typed = HomePath.expand(argument.text, home: interpreter.settings.home)
        let path =
            typed.hasPrefix("/") || sources.isEmpty
            ? typed : Self.join(sources[sources.count - 1].directory, typed)
        let source: SourceBytes
        do {
            source = try ScriptFile.read(
                path: path, limits: Program.readLimits,
                interrupted: prompt.map { p in { p.takeInterrupt() } })
        } catch {
            throw CommandFailure(error.description, at: argument.span)
        }
        // Under `expect error`, the file's own errors are the failure expected: silent.
        let muting = interpreter.probing
        if muting { diagnostics.muted += 1 }
        defer { if muting { diagnostics.muted -= 1 } }
        // A sourced file's errors are located in it, even at the prompt.
        let printer = diagnostics.printer
        diagnostics.printer.promptWidth = nil
        defer { diagnostics.printer = printer }
        let info = SourceInfo(name: path, directory: StorePaths.directory(of: path))
        guard
            let program = Compiler.compile(
                source, info, sniff: true, into: diagnostics,
                interrupted: prompt.map { p in { p.takeInterrupt() } })
        else {
            throw .reportedFailure(status: .usage)
        }
        let before = status
        status = .success
        let outcome = run(program)
        let nested = status
        status = before
        if nested != .success { throw .reportedFailure(status: nested) }
        return outcome == .quit ? .quit : .next
    }

    /// `path` in `directory`, left as typed in the current folder (no `./` added).
    static func join(_ directory: String, _ path: String) -> String {
        directory == "." ? path : StorePaths.join(directory, path)
    }
}

/// An entry typed at the prompt, lexed line by line as typed (which tells whether a backslash
/// continues it), so that running it lexes nothing again.
public struct TypedEntry {
    /// The lines as typed, joined by LF: what history keeps.
    public private(set) var bytes: [UInt8] = []
    /// The lines as a script's are read: no byte-order mark, line-end CR or bytes past the limit.
    private(set) var text: [UInt8] = []
    private(set) var line = SourceLine()
    private(set) var lineCount = 0

    public init() {}

    /// Adds a line as typed (without its line end); true when a backslash continues it.
    public mutating func add(_ typed: [UInt8]) -> Bool {
        if lineCount > 0 {
            bytes.append(0x0A)
            text.append(0x0A)
        }
        bytes.append(contentsOf: typed)
        lineCount += 1
        return typed.withUnsafeBufferPointer { whole in
            var read = whole
            if lineCount == 1 { read = Runner.withoutByteOrderMark(read) }
            if read.last == 0x0D { read = UnsafeBufferPointer(rebasing: read.dropLast()) }
            let tooLong = read.count > Limits.lineBytes
            if tooLong { read = UnsafeBufferPointer(rebasing: read.prefix(Limits.lineBytes)) }
            text.append(contentsOf: read)
            return line.appendLine(read, number: lineCount, tooLong: tooLong)
        }
    }
}
