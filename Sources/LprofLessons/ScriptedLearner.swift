import LprofInteractive
import LprofShell
import LprofSystem
import LprofText

/// A learner typing from a pipe, each line echoed after its prompt so that an unattended
/// lesson reads like the session a person would have had at the terminal.
public final class ScriptedLearner: LineReader {
    private let input: PlainLineReader
    private let out: OutputBuffer
    private let diagnostics: DiagnosticSink?
    private var reported = false

    /// Reads from `fileDescriptor`, echoing to `out`; an input's error goes to `diagnostics`.
    public init(fileDescriptor: Int32 = 0, out: OutputBuffer, diagnostics: DiagnosticSink? = nil) {
        self.input = PlainLineReader(fileDescriptor: fileDescriptor)
        self.out = out
        self.diagnostics = diagnostics
    }

    /// True when the input ended in an error rather than at its end.
    public var failed: Bool { input.failure != nil }

    public func readLine(prompt: String, continuation: Bool) -> LineReadResult {
        out.flush()
        guard case .line(let line) = input.readLine(prompt: prompt, continuation: continuation)
        else {
            if let failure = input.failure, !reported, let diagnostics {
                reported = true
                // Located in the input (`<stdin>:2:1`), as a script's is, though the prompt
                // says its own messages unlocated: the line is not one typed there.
                let printer = diagnostics.printer
                diagnostics.printer.promptWidth = nil
                diagnostics.report(failure)
                diagnostics.printer = printer
            }
            return .endOfInput
        }
        out.write(prompt + TerminalSafe.escape(String(decoding: line, as: UTF8.self)) + "\n")
        return .line(line)
    }
}
