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
    /// (not so for a line of piped stdin). `interrupted`, asked every few thousand lines,
    /// stops the check (Ctrl-C while `source` checks a large file at the prompt): reported,
    /// and no program. Without `keep` (`lprof check`), nothing is kept of the commands: the
    /// program that comes back has no steps.
    static func compile(
        _ source: SourceBytes, _ info: SourceInfo, firstLineNumber: Int = 1, sniff: Bool = false,
        wholeSource: Bool = true, keep: Bool = true, into sink: DiagnosticSink,
        interrupted: (() -> Bool)? = nil
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
        if keep { program.reserveSteps() }
        let scanner = LineScanner(
            source: source, lineLimit: Limits.lineBytes, firstLineNumber: firstLineNumber)
        var clean = true
        var line = SourceLine()
        var starts: [Int] = []
        while read(scanner, from: source.bytes.baseAddress, into: &line, starts: &starts) {
            if starts.first == 3 && line.lines.first?.number == firstLineNumber {
                program.firstLineStart = 3
            }
            if !compile(line, starts, into: program, adding: clean && keep, info, sink) {
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

    /// Compiles one logical line of piped stdin, already read and lexed into `line`, whose
    /// physical lines joined by LF are `text`: a program of its own; nil after reporting
    /// its errors.
    static func compile(
        _ line: SourceLine, text: SourceBytes, _ info: SourceInfo, into sink: DiagnosticSink
    )
        -> Program?
    {
        let first = line.lines.first?.number ?? 1
        let program = Program(source: text, info: info, firstLineNumber: first)
        // Each physical line follows the one before and the LF that joins them.
        let starts = line.lines.enumerated().map { $0.element.start + $0.offset }
        guard compile(line, starts, into: program, adding: true, info, sink) else { return nil }
        program.lastLineNumber = line.lastLineNumber
        return program
    }

    /// Reads the next logical line into `line` (empty), and where each of its physical lines
    /// starts in the scanner's source, which starts at `base`, into `starts`: false at the
    /// end of the input. A line the input ends in the middle of (after a backslash) is read
    /// as it is.
    @inline(__always)
    private static func read(
        _ scanner: LineScanner, from base: UnsafePointer<UInt8>?, into line: inout SourceLine,
        starts: inout [Int]
    ) -> Bool {
        starts.removeAll(keepingCapacity: true)
        while let physical = scanner.nextLine() {
            starts.append(base.map { physical.bytes.baseAddress! - $0 } ?? 0)
            if !line.appendLine(physical.bytes, number: physical.number, tooLong: physical.tooLong)
            {
                return true
            }
        }
        return !line.isEmpty
    }

    /// How often a long check asks whether it was interrupted: often enough that Ctrl-C
    /// stops it at once, seldom enough to cost nothing.
    static let linesBetweenInterruptChecks = 4096

    /// Compiles one logical line, whose physical lines start at `starts` in the program's
    /// source, into `program`, `adding` its steps until an error was found (the rest is
    /// only checked). True when clean.
    private static func compile(
        _ line: SourceLine, _ starts: [Int], into program: Program, adding: Bool,
        _ info: SourceInfo, _ sink: DiagnosticSink
    ) -> Bool {
        if line.hasLexError, let error = line.lexError {
            sink.report(
                line.diagnostic(
                    .error, error.message, at: error.span, source: info.name,
                    whole: sink.wantsWholeLines))
            return false
        }
        let firstLine = line.lines.first?.number ?? 0
        /// Where `span`'s bytes start and end in the source.
        func offsets(_ span: Span) -> (start: Int, end: Int) {
            let start = starts[span.line - firstLine]
            return (start + span.start, start + span.end)
        }
        if adding && starts.count > 1 {
            program.noteContinuedLine(
                starts[0], starts[starts.count - 1] + 1, lastLine: line.lastLineNumber)
        }
        var clean = true
        var position = 0
        while let range = Parser.commandRange(in: line, at: &position) {
            do throws(SyntaxError) {
                let command = try Parser.command(in: line, range, setValueText: false)
                var place = Place(
                    start: offsets(command.span).start, end: offsets(command.lastSpan).end,
                    line: command.span.line, headLength: command.span.end - command.span.start)
                if let (field, value) = command.setTarget {
                    let resolved = try resolved(field, value, in: line)
                    place.valueLength = value.end - value.start
                    if adding { program.append(setting: resolved, at: place) }
                } else {
                    let value = try read(command)
                    if adding { program.append(command, value: value, at: place) }
                }
            } catch {
                sink.report(
                    line.diagnostic(
                        .error, error.message, at: error.span, source: info.name,
                        whole: sink.wantsWholeLines))
                clean = false
            }
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

    /// What the values `command` names are, read once: wrong whatever the state, an error.
    private static func read(_ command: Command) throws(SyntaxError) -> CommandValue? {
        do {
            return try CommandValues.read(command)
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
