import LprofLanguage
import LprofSystem
import LprofText

/// The runner's other ways in: an entry typed at the prompt, the rc file, and `source`.
extension Runner {
    // MARK: - The prompt

    /// Runs one entry typed at the prompt: errors go under the typed line, and a failure
    /// does not stop the rest of the entry (as in a shell), except a store error.
    public func runEntry(_ bytes: [UInt8], promptWidth: Int) -> Outcome {
        let saved = (diagnostics.printer, keepGoing)
        // A continued entry's errors are located (`<prompt>:2:5`): a caret under the last
        // typed line could not point into an earlier one.
        diagnostics.printer.promptWidth = bytes.contains(0x0A) ? nil : promptWidth
        diagnostics.forgetCounts()  // each entry is a run of its own
        keepGoing = true
        interrupted = false
        defer {
            (diagnostics.printer, keepGoing) = saved
            status = .success
            failedCommit = nil
        }
        let info = SourceInfo(name: "<prompt>", directory: ".")
        guard let program = Compiler.compile(SourceBytes(bytes), info, into: diagnostics) else {
            return .stopped
        }
        return run(program)
    }

    /// Runs the rc file at start-up, if there is one; its errors are located in it. Like
    /// psql's rc file, a line that fails, or has a syntax error, does not keep the lines
    /// after it from running. One that cannot be read, or is no regular file (a FIFO would
    /// hang the start), is one error, and the prompt still comes.
    public func runStartupFile(_ path: String) {
        let source: SourceBytes
        do {
            source = try ScriptFile.readRegularFile(path: path, limits: Program.readLimits)
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
        // Run as a user's startup file is (bash's, fish's): line by line, so that an error
        // in one line (a typo) is reported and the others still run. A file that is not
        // text at all is one error, as for a script.
        let sample = UnsafeBufferPointer(rebasing: source.bytes.prefix(TextSniffer.sampleBytes))
        if let finding = TextSniffer.finding(in: sample) {
            diagnostics.report(Compiler.notText(finding, info.name))
            return
        }
        _ = runLines(LineScanner(source: source, lineLimit: Limits.lineBytes), info)
    }

    // MARK: - source

    /// The prompt's history, for `history`; nil when no prompt is served.
    public var historyEntries: [String]? { prompt?.historyEntries }

    /// `source FILE`: read once and compiled whole, then run inline; relative to the running script.
    public func source(_ argument: Argument) throws(CommandFailure) -> Flow {
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

    static func join(_ directory: String, _ path: String) -> String {
        directory == "."
            ? path : (directory.hasSuffix("/") ? directory + path : directory + "/" + path)
    }
}
