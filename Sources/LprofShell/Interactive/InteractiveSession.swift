import LprofLanguage
import LprofModel

/// The prompt: reads entries through a `LineReader`, joins continued lines, runs each
/// entry, reports errors under the typed line, and guards pending edits on the way out.
public final class InteractiveSession {
    let runner: Runner
    let reader: LineReader
    let color: Bool
    /// True after a `quit`, `exit` or Ctrl-D was refused because of pending edits: a second
    /// one in a row leaves.
    private var quitArmed = false

    public init(runner: Runner, reader: LineReader, color: Bool) {
        self.runner = runner
        self.reader = reader
        self.color = color
        runner.interpreter.historyEntries = { [unowned reader] in reader.historyEntries }
        runner.interruptRequested = { [unowned reader] in reader.takeInterrupt() }
    }

    /// The banner line, unless `-q`.
    public static func banner() -> String {
        "\(Launcher.version) — the Landmarks profile screen at a prompt. Type 'help' for commands, 'quit' to leave."
    }

    /// Runs `path` (the rc file) if it exists, with located diagnostics.
    public func runStartupFile(_ path: String) {
        runner.runStartupFile(path)
    }

    /// Reads and runs entries until the user leaves; returns the exit status (0).
    public func run() -> Int32 {
        while true {
            let host = runner.interpreter.host
            let prompt = Prompt.text(
                editing: host.editMode == .active, pending: host.hasPendingChanges,
                continuation: false, color: color)
            runner.interpreter.out.flush()
            guard let entry = readEntry(prompt: prompt) else {
                // Ctrl-D on an empty line: leave, unless edits are pending.
                if leaveAllowed() { break }
                continue
            }
            guard let bytes = entry else {
                quitArmed = false
                continue
            }
            let text = String(decoding: bytes, as: UTF8.self)
            if !text.allSatisfy({ $0 == " " || $0 == "\t" }) {
                reader.addHistory(text)
            }
            let outcome = runner.runEntry(bytes, promptWidth: Prompt.visibleWidth(prompt))
            if case .quit = outcome {
                if leaveAllowed() { break }
                continue
            }
            if !text.isEmpty { quitArmed = false }
            if runner.interpreter.out.failure != nil { break }
        }
        runner.interpreter.out.flush()
        return 0
    }

    /// One entry, continued lines joined with a newline: nil at end of input, `.some(nil)`
    /// when Ctrl-C cleared it.
    private func readEntry(prompt: String) -> [UInt8]?? {
        var bytes: [UInt8] = []
        var continuation = false
        var probe = SourceLine()
        while true {
            let shown =
                continuation
                ? Prompt.text(editing: false, pending: false, continuation: true, color: color)
                : prompt
            switch reader.readLineBytes(prompt: shown, continuation: continuation) {
            case .endOfInput:
                return continuation ? .some(bytes) : nil
            case .interrupted:
                return .some(nil)
            case .line(let line):
                if continuation { bytes.append(0x0A) }
                bytes.append(contentsOf: line)
                probe.removeAll()
                let result = probe.appendPhysicalLine { buffer in
                    buffer.append(contentsOf: line)
                    return (1, false)
                }
                guard result == .continued else { return .some(bytes) }
                continuation = true
            }
        }
    }

    /// Whether leaving now is fine: yes without pending edits, or on the second try.
    private func leaveAllowed() -> Bool {
        let host = runner.interpreter.host
        guard host.hasPendingChanges, !quitArmed else { return true }
        quitArmed = true
        let fields = host.draft.differences(from: host.profile).map(\.rawValue)
        runner.interpreter.out.flush()
        DiagnosticSink.writeStandardError(
            runner.diagnostics.printer.render(
                Diagnostic(
                    .warning,
                    "the draft has changes that are not committed (\(fields.joined(separator: ", "))); 'done' commits them, 'cancel' drops them, or quit again to leave without them"
                )))
        return false
    }
}
