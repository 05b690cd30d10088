import LprofLanguage
import LprofModel
import LprofSystem
import LprofText

/// Turns a script's bytes into a `Program`, checking it whole (SPEC §3, §6): the one way
/// from text to commands, so that any error anywhere means no program and nothing runs.
enum Compiler {
    /// Compiles `source`, reporting every error to `sink`; `sniff` for a file's bytes, which may
    /// not be text at all (one error then, not one a line).
    static func compile(
        _ source: SourceBytes, _ info: SourceInfo, sniff: Bool = false, keep: Bool = true,
        into sink: DiagnosticSink, interrupted: (() -> Bool)? = nil
    ) -> Program? {
        defer { sink.endOfSource(info.name) }
        if sniff, let notText = notText(source, info.name) {
            sink.report(notText)
            return nil
        }
        // Before anything is built: an allocation that fails aborts (SPEC §6).
        if let shortage = CompileMemory.shortage(source, info) {
            sink.report(shortage)
            return nil
        }
        let program = Program(source: source, info: info)
        if keep { program.reserveSteps() }
        let scanner = LineScanner(source: source, lineLimit: Limits.lineBytes)
        var clean = true
        var line = SourceLine()
        // The scanner skips a byte-order mark at the start.
        program.firstLineStart = source.count - Runner.withoutByteOrderMark(source.bytes).count
        while true {
            let origin = Swift.max(scanner.position, program.firstLineStart)
            guard read(scanner, into: &line) else { break }
            if !compile(line, at: origin, into: program, adding: clean && keep, sink) {
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

    /// Compiles one logical line of piped stdin, already lexed, as a program of its own.
    static func compile(
        _ line: SourceLine, text: SourceBytes, _ info: SourceInfo, into sink: DiagnosticSink
    ) -> Program? {
        let program = Program(source: text, info: info)
        guard compile(line, at: 0, into: program, adding: true, sink) else { return nil }
        program.lastLineNumber = line.lastLineNumber
        return program
    }

    /// Reads the next logical line into `line` (empty): false at the end of the input.
    @inline(__always)
    private static func read(_ scanner: LineScanner, into line: inout SourceLine) -> Bool {
        while let physical = scanner.nextLine() {
            if !line.appendLine(physical.bytes, number: physical.number, tooLong: physical.tooLong)
            {
                return true
            }
        }
        return !line.isEmpty
    }

    /// Often enough that Ctrl-C stops a long check at once, seldom enough to cost nothing.
    static let linesBetweenInterruptChecks = 4096

    /// Compiles one logical line into `program`, `adding` its steps until an error was found
    /// (the rest is only checked); true when clean.
    @inline(__always)
    private static func compile(
        _ line: SourceLine, at origin: Int, into program: Program, adding: Bool,
        _ sink: DiagnosticSink
    ) -> Bool {
        func report(_ message: String, at span: Span) {
            sink.report(
                line.diagnostic(
                    .error, message, at: span, source: program.info.name,
                    whole: sink.wantsWholeLines))
        }
        if line.hasLexError, let error = line.lexError {
            report(error.message, at: error.span)
            return false
        }
        if adding && line.lineCount > 1 {
            program.noteContinuedLine(
                origin, lineStart(line.lineCount - 1, of: line, from: origin, in: program) + 1,
                lastLine: line.lastLineNumber)
        }
        var clean = true
        var position = 0
        while let range = Parser.commandRange(in: line, at: &position) {
            do throws(SyntaxError) {
                let command = try Parser.command(in: line, range, setValueText: false)
                let first = command.span
                let last = command.lastSpan
                let firstLine = line.firstLineNumber
                var place = Place(
                    start: first.start
                        + lineStart(first.line - firstLine, of: line, from: origin, in: program),
                    end: last.end
                        + lineStart(last.line - firstLine, of: line, from: origin, in: program),
                    line: first.line, headLength: first.end - first.start,
                    valueLength: last.end - last.start)
                if let (field, value) = command.setTarget {
                    let resolved = try resolved(field, value, in: line)
                    place.valueLength = value.end - value.start
                    if adding { program.append(setting: resolved, at: place) }
                } else {
                    let value = try read(command)
                    if adding { program.append(command, value: value, at: place) }
                }
            } catch {
                report(error.message, at: error.span)
                clean = false
            }
        }
        return clean
    }

    /// Where physical line `index` of `line` starts in the program's source, after the one
    /// before and its line end (LF, or CR LF).
    @inline(__always)
    private static func lineStart(
        _ index: Int, of line: SourceLine, from origin: Int, in program: Program
    ) -> Int {
        if index == 0 { return origin }
        let source = program.source.bytes
        var start = origin
        for before in 0..<index {
            let end = start + line.length(ofLine: before)
            start = end + (end < source.count && source[end] == 0x0D ? 2 : 1)
        }
        return start
    }

    /// What `set FIELD VALUE` writes, resolved once here; else why it is wrong whatever the state.
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
    static func notText(_ source: SourceBytes, _ name: String) -> Diagnostic? {
        let sample = UnsafeBufferPointer(rebasing: source.bytes.prefix(TextSniffer.sampleBytes))
        guard let finding = TextSniffer.finding(in: sample) else { return nil }
        let message = "not a text file (\(finding.problem)): lprof reads UTF-8 text"
        guard let line = finding.line, let column = finding.column else {
            return Diagnostic(.error, "'\(name)' is \(message)")
        }
        return Diagnostic(
            .error, message, location: .init(source: name, line: line, column: column))
    }
}
