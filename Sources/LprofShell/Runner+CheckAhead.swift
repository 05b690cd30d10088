import LprofLanguage
import LprofSystem

/// What checking a script found: whether it is clean, and its diagnostics (at most the
/// per-source limit of them, and the note that counts the rest).
struct ScriptCheck: Sendable {
    var clean: Bool
    var diagnostics: [Diagnostic]
}

/// A script file is checked whole before it runs (SPEC §3: a syntax error runs nothing,
/// exit 2). With `checksAhead`, the check reads the file on a second thread while the run
/// reads it on this one, and hands over what it found of each line
/// (`Runner+HandOver.swift`): a `set` with its value as written is parsed once, by the
/// check. The run goes ahead only through commands that change the session in memory and
/// print into the output buffer (`set`, `get`, `edit on`, `cancel`, `show`, `env`…): the
/// buffer is not written out until the check has passed. Anything else waits for the check
/// first: a command that commits, reads another file or fails, a full output buffer, a read
/// error, the end of the script. Waiting ends the hand-over; the run reads on by itself. A
/// failed check is reported exactly as it would have been before the run, and the run stops
/// there: nothing was printed, written or saved, and the exit status is 2.
///
/// Nothing is kept that grows with the script: the batches of verdicts go round, and the
/// output waits only while it fits its buffer. On two cores the two passes take about the
/// time of the longer one.
extension Runner {
    /// Starts checking `file` (named `name`) on a thread of its own, which hands what it
    /// found of each line over to the run (`Runner+HandOver.swift`). Nil when no thread can
    /// be made.
    func startCheck(_ file: ScriptFile, name: String) -> LineHandOver? {
        let file = UncheckedSendable(file)
        let handOver = Self.makeLineHandOver()
        let check = BackgroundWork {
            // Everything here is the thread's own but the hand-over, and made here: what it
            // writes line after line shares no cache line with what the run writes.
            let scanner = file.value.independentScanner()
            let sink = DiagnosticSink(.collect, output: nil)
            let clean = Runner.check(scanner, name: name, into: sink, handingOverTo: handOver)
            return ScriptCheck(clean: clean, diagnostics: sink.collected)
        }
        guard let check else { return nil }
        pendingCheck = check
        self.handOver = handOver
        // Output waits in its buffer; when the buffer fills, the check must have passed.
        interpreter.out.mayWrite = { [unowned self] in self.awaitCheck() }
        return handOver
    }

    /// Waits for the script's check, if one is under way: true when it passed (or there
    /// was none). When it failed, its diagnostics are reported and the status is 2.
    func awaitCheck() -> Bool {
        // Asked again after the check: whether it passed.
        guard let check = pendingCheck else { return !checkFailed && !interpreter.out.withheld }
        pendingCheck = nil
        // The check hands over no more lines (else it could wait on the run for ever); the
        // run takes those it has, then reads on from where they end.
        handOver?.cancel()
        handOver = nil
        let result = check.wait()
        if result.clean {
            interpreter.out.mayWrite = nil
            return true
        }
        // What the run printed ahead of the check is dropped, and what it would print next;
        // nothing more runs (even where the output buffer asked, and the run goes on).
        checkFailed = true
        interpreter.out.mayWrite = { false }
        interpreter.out.flush()
        for diagnostic in result.diagnostics { diagnostics.report(diagnostic) }
        record(.usage)
        return false
    }

    /// True when `command` may run before the script's check has passed: it saves nothing,
    /// reads no other file, and what it prints waits in the output buffer (whose flush waits
    /// for the check). A failure waits for the check before it is reported.
    func runsAhead(_ command: Command, set: SetCommand?) -> Bool {
        guard commandObserver == nil, interpreter.deedObserver == nil, !flushEachCommand
        else { return false }
        if set != nil { return true }
        switch command.kind {
        // `edit on` begins editing (`edit off` may commit); `cancel` never commits.
        case .set, .get, .getJSON, .edit(.on), .cancel, .expect, .show, .print, .env, .trace,
            .help:
            return true
        default:
            return false
        }
    }
}

/// A value handed to another thread that no longer touches it on this one.
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
