import LprofLanguage
import LprofModel
import LprofSystem
import LprofText

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
    /// (not so for a line of piped stdin). `interrupted`, asked every few thousand lines,
    /// stops the check (Ctrl-C while `source` checks a large file at the prompt): reported,
    /// and no program.
    static func compile(
        _ source: SourceBytes, _ info: SourceInfo, firstLineNumber: Int = 1, sniff: Bool = false,
        wholeSource: Bool = true, into sink: DiagnosticSink, interrupted: (() -> Bool)? = nil
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
        // Before anything is built: an allocation that fails aborts (SPEC §6).
        if let shortage = CompileMemory.shortage(source, info, firstLineNumber: firstLineNumber) {
            sink.report(shortage)
            return nil
        }
        let program = Program(source: source, info: info, firstLineNumber: firstLineNumber)
        // Room for a step every 20 bytes (the shortest lines people write, `done`, `cancel`,
        // sit among longer ones): the table is made once for most scripts, and room never
        // touched costs no memory.
        program.reserve(steps: source.count / 20 + 16)
        let scanner = LineScanner(
            source: source, lineLimit: Limits.lineBytes, firstLineNumber: firstLineNumber)
        var clean = true
        var line = SourceLine()
        while true {
            let lineOffset = scanner.position
            guard Runner.read(scanner, into: &line) else { break }
            if !compile(line, at: lineOffset, into: program, adding: clean, info, sink) {
                clean = false
            }
            if line.tooLong { break }
            line.removeAll()
            if let interrupted, scanner.lineNumber % Self.linesBetweenInterruptChecks == 0,
                interrupted()
            {
                sink.report(
                    Diagnostic(
                        .error,
                        "interrupted: '\(info.name)' was being checked (line \(scanner.lineNumber));"
                            + " none of it ran"))
                return nil
            }
        }
        program.lastLineNumber = scanner.lineNumber
        return clean ? program : nil
    }

    /// How often a long check asks whether it was interrupted: often enough that Ctrl-C
    /// stops it at once, seldom enough to cost nothing.
    static let linesBetweenInterruptChecks = 4096

    /// Compiles one logical line, which starts at `lineOffset` in the source, into
    /// `program`, `adding` its steps until an error was found (the rest is only checked).
    /// True when clean.
    private static func compile(
        _ line: SourceLine, at lineOffset: Int, into program: Program, adding: Bool,
        _ info: SourceInfo, _ sink: DiagnosticSink
    ) -> Bool {
        if line.hasLexError, let error = line.lexError {
            sink.report(
                line.diagnostic(
                    .error, error.message, at: error.span, source: info.name,
                    whole: sink.wantsWholeLines))
            return false
        }
        var clean = true
        var position = 0
        var ordinal = 0
        while let range = Parser.commandRange(in: line, at: &position) {
            do throws(SyntaxError) {
                let command = try Parser.command(in: line, range, setValueText: false)
                if let (field, value) = command.setTarget {
                    let resolved = try resolved(field, value, in: line)
                    if adding {
                        program.append(setting: resolved, ordinal: ordinal, lineOffset: lineOffset)
                    }
                } else {
                    try checkValues(command)
                    if adding { program.append(command, ordinal: ordinal, lineOffset: lineOffset) }
                }
            } catch {
                sink.report(
                    line.diagnostic(
                        .error, error.message, at: error.span, source: info.name,
                        whole: sink.wantsWholeLines))
                clean = false
            }
            ordinal += 1
        }
        return clean
    }

    /// What `set FIELD VALUE` writes, its value read where it is written (at `span` in
    /// `line`) and resolved once, here; else why it is wrong whatever the state.
    private static func resolved(_ field: ProfileField, _ span: Span, in line: SourceLine)
        throws(SyntaxError) -> SetValue
    {
        let result = line.withText(ofTokenAt: span) { bytes in
            Result { () throws(CommandFailure) in
                try CommandValues.setValue(field, bytes: bytes, at: span)
            }
        }
        switch result {
        case .success(let value): return value
        case .failure(let error): throw SyntaxError(error.message, at: span)
        }
    }

    /// Checks the values `command` names that are wrong whatever the state.
    private static func checkValues(_ command: Command) throws(SyntaxError) {
        do {
            try CommandValues.check(command)
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
