import LprofLanguage
import LprofModel
import LprofSystem

/// Turns a script's bytes into a `Program`, checking it whole (SPEC §3, §6): lexical
/// errors, unknown names, wrong argument counts and values that are wrong whatever the
/// state are each reported at their place (at most 20 a file, `DiagnosticSink`'s rule);
/// any error, and there is no program. The one way from text to commands: script files,
/// `-`, `-c` text, `source`, `lprof test`, the rc file, each line of piped stdin and each
/// entry typed at the prompt.
enum Compiler {
    /// Compiles `source`, reporting every error to `sink`; nil when there was one. `sniff`:
    /// the bytes are a file's, which may not be text at all (one error then, not one a line).
    /// `wholeSource`: the bytes are all of the source, whose count of diagnostics ends here
    /// (not so for a line of piped stdin).
    static func compile(
        _ source: SourceBytes, _ info: SourceInfo, firstLineNumber: Int = 1, sniff: Bool = false,
        wholeSource: Bool = true, into sink: DiagnosticSink
    ) -> Program? {
        defer { if wholeSource { sink.endOfSource(info.name) } }
        if sniff {
            let sample = UnsafeBufferPointer(
                rebasing: source.bytes.prefix(TextSniffer.sampleBytes))
            if let finding = TextSniffer.finding(in: sample) {
                sink.report(notText(finding, info.name))
                return nil
            }
        }
        let program = Program(source: source, info: info, firstLineNumber: firstLineNumber)
        // About a step a line: the table is made once (capacity never touched costs nothing).
        program.reserve(steps: source.lineEnds(in: 0..<source.count) + 1)
        let scanner = LineScanner(source: source, firstLineNumber: firstLineNumber)
        var clean = true
        var line = SourceLine()
        while true {
            let lineOffset = scanner.position
            guard Runner.read(scanner, into: &line) else { break }
            if !compile(line, at: lineOffset, into: clean ? program : nil, info, sink) {
                clean = false
            }
            if line.tooLong { break }
            line.removeAll()
        }
        program.lastLineNumber = scanner.lineNumber
        return clean ? program : nil
    }

    /// Compiles one logical line, which starts at `lineOffset` in the source, into
    /// `program` (nil once an error was found: the rest is only checked). True when clean.
    private static func compile(
        _ line: SourceLine, at lineOffset: Int, into program: Program?, _ info: SourceInfo,
        _ sink: DiagnosticSink
    ) -> Bool {
        if line.hasLexError, let error = line.lexError {
            sink.report(line.diagnostic(.error, error.message, at: error.span, source: info.name))
            return false
        }
        var clean = true
        var position = 0
        var ordinal = 0
        while let range = Parser.commandRange(in: line, at: &position) {
            do throws(SyntaxError) {
                let command = try Parser.command(in: line, range)
                let value = try resolvedValues(command)
                program?.append(command, setting: value, ordinal: ordinal, lineOffset: lineOffset)
            } catch {
                sink.report(
                    line.diagnostic(.error, error.message, at: error.span, source: info.name))
                clean = false
            }
            ordinal += 1
        }
        return clean
    }

    /// Checks the values `command` names that are wrong whatever the state; for `set`, the
    /// value it writes, resolved once here.
    private static func resolvedValues(_ command: Command) throws(SyntaxError) -> SetValue? {
        do {
            if case .set(let field, let value) = command.kind {
                return try CommandValues.setValue(field, value)
            }
            try CommandValues.check(command)
            return nil
        } catch {
            throw SyntaxError(error.message, at: error.span ?? command.span)
        }
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
}
