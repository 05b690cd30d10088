import LprofHelp
import LprofModel
import LprofShell
import LprofSystem
import LprofText

/// The prompt: reads, joins and runs entries, and guards pending edits on the way out.
public final class InteractiveSession {
    let runner: Runner
    let reader: LineReader
    let color: Bool
    /// True after a quit was refused for pending edits: a second one in a row leaves.
    private var quitArmed = false
    /// Rides along with the prompt (the lesson coach of `lprof learn`), if any.
    public var companion: SessionCompanion?

    public init(runner: Runner, reader: LineReader, color: Bool) {
        self.runner = runner
        self.reader = reader
        self.color = color
        runner.prompt = reader
        runner.flushEachCommand = true
        fitMessagesToTerminal()
    }

    /// Messages wrap at the terminal's width, as it is now (it follows resizes).
    private func fitMessagesToTerminal() {
        runner.diagnostics.printer.wrapWidth = runner.interpreter.settings.width()
    }

    /// The banner line, under 80 columns so that a standard terminal does not wrap it.
    public static func banner() -> String {
        "\(UsageText.version) — Landmarks profile editor. 'help' for commands, 'quit' to leave."
    }

    /// Reads and runs entries until the user leaves; a failed entry does not fail the session.
    public func run() -> ExitStatus {
        // Between entries, lprof speaks as the prompt does: `warning:`, not `lprof: warning:`.
        let savedPromptWidth = runner.diagnostics.printer.promptWidth
        runner.diagnostics.printer.promptWidth = 0
        defer { runner.diagnostics.printer.promptWidth = savedPromptWidth }
        companion?.sessionStarts()
        while true {
            if companion?.isFinished == true { break }
            let prompt = Prompt.text(for: runner.interpreter.host, color: color)
            runner.interpreter.out.flush()
            let entry = readEntry(prompt: prompt)
            fitMessagesToTerminal()
            guard let entry else {
                // Ctrl-D on an empty line: leave, unless edits are pending.
                if leaveAllowed() { break }
                continue
            }
            guard let typed = entry else {
                quitArmed = false
                continue
            }
            let text = String(decoding: typed.bytes, as: UTF8.self)
            if !text.allSatisfy({ $0 == " " || $0 == "\t" }) {
                reader.addHistory(text)
            }
            if companion?.intercept(text) == .handled { continue }
            let outcome = runner.runEntry(typed, promptWidth: Prompt.visibleWidth(prompt))
            if case .quit = outcome {
                if leaveAllowed() { break }
                continue
            }
            if !text.isEmpty { quitArmed = false }
            if runner.interpreter.out.failure != nil { break }
            companion?.entryFinished()
        }
        // A recording still on ends with the session, with the expectations it meets.
        runner.finishRecording()
        companion?.sessionEnds()
        runner.interpreter.out.flush()
        return .success
    }

    /// One entry, lexed as its lines come: nil at end of input, `.some(nil)` after Ctrl-C.
    private func readEntry(prompt: String) -> TypedEntry?? {
        var entry = TypedEntry()
        var continuation = false
        while true {
            let shown = continuation ? Prompt.continuation(color: color) : prompt
            switch reader.readLine(prompt: shown, continuation: continuation) {
            case .endOfInput:
                return continuation ? .some(entry) : nil
            case .interrupted:
                return .some(nil)
            case .line(let line):
                guard entry.add(line) else { return .some(entry) }
                continuation = true
            }
        }
    }

    /// Whether leaving now is fine: yes without pending edits, or on the second try.
    private func leaveAllowed() -> Bool {
        let host = runner.interpreter.host
        // A lesson's profile lives in memory and is the lesson's, not the learner's.
        if companion != nil { return true }
        guard host.hasPendingChanges, !quitArmed else { return true }
        quitArmed = true
        runner.interpreter.out.flush()
        StandardError.write(
            runner.diagnostics.printer.render(Diagnostic(.warning, DraftWarning.quit(host))))
        return false
    }
}

/// Rides along with the prompt (`lprof learn`'s coach), so the session knows nothing of lessons.
public protocol SessionCompanion: AnyObject {
    /// Before the first prompt.
    func sessionStarts()
    /// Sees an entry before it runs; may handle it itself or end the session.
    func intercept(_ entry: String) -> CompanionReply
    /// After an entry ran.
    func entryFinished()
    /// True once the session should end.
    var isFinished: Bool { get }
    /// After the last prompt.
    func sessionEnds()
}

/// What a companion did with an entry.
public enum CompanionReply {
    /// Nothing: run it as usual.
    case run
    /// It handled the entry; prompt again.
    case handled
}
