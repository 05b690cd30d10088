/// Parses a lesson: the command language (SPEC §3) lexed by the same `Lexer`, where a line
/// whose first word is a lesson directive is read here and every other command is read by
/// the same `Parser`. One error per directive or command, located, and parsing goes on, so
/// a lesson author sees every problem at once.
///
///     lesson    -> header item*
///     header    -> 'lesson' NAME TITLE…
///     item      -> 'stored' FIELD VALUE       the store's profile before the lesson starts
///                | 'say' TEXT…                a paragraph of narration
///                | COMMAND                    run when the lesson gets there, output shown
///                | task
///     task      -> 'task' TEXT… (condition | 'hint' TEXT… | 'ok' TEXT… | 'answer' LINE)*
///     condition -> COMMAND                    an 'expect' command
///                | 'when' 'env' KEY VALUE
///                | 'when' 'trace' ('on'|'off')
///                | 'when' ('typed'|'failed') WORD…
///
/// A task's lines follow it; the next `say`, `task` or other command ends it. Several
/// words of TEXT are joined with one space, as `print` joins them.
public enum LessonParser {
    /// The words that start a directive line; none of them is a command.
    public static let directives = [
        "lesson", "stored", "say", "task", "when", "hint", "ok", "answer",
    ]

    /// Whether text starting with `prefix` is a lesson: its first line that is not blank or
    /// a comment starts with the word `lesson` (which no script can start with).
    public static func startsALesson(_ prefix: some Collection<UInt8>) -> Bool {
        var atLineStart = true
        var inComment = false
        var rest = prefix[...]
        while let byte = rest.first {
            if inComment {
                if byte == UInt8(ascii: "\n") { inComment = false; atLineStart = true }
            } else if byte == UInt8(ascii: "#") && atLineStart {
                inComment = true
            } else if byte != UInt8(ascii: " ") && byte != UInt8(ascii: "\t")
                && byte != UInt8(ascii: "\n") && byte != UInt8(ascii: "\r")
            {
                let word = Array("lesson".utf8)
                guard rest.starts(with: word) else { return false }
                let after = rest.dropFirst(word.count).first
                return after == UInt8(ascii: " ") || after == UInt8(ascii: "\t")
            }
            rest = rest.dropFirst()
        }
        return false
    }

    /// The lesson in `text`, or the diagnostics (located in `source`) that stop it.
    public static func parse(_ text: String, source: String) -> Result<Lesson, LessonErrors> {
        var state = State(source: source)
        var line = SourceLine()
        var number = 0
        var physical = text.split(separator: "\n", omittingEmptySubsequences: false)
        if physical.last == "" { physical.removeLast() }
        for raw in physical {
            number += 1
            var bytes = Array(raw.utf8)
            if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
            let result = bytes.withUnsafeBufferPointer {
                line.appendPhysicalLine(
                    $0, number: number, tooLong: bytes.count > Lexer.maxLineBytes)
            }
            if result == .continued { continue }
            state.read(line)
            line.removeAll()
        }
        if !line.isEmpty { state.read(line) }
        return state.finish()
    }
}

/// The diagnostics of a lesson that did not parse.
public struct LessonErrors: Error, Equatable, Sendable {
    public var diagnostics: [Diagnostic]
}

/// The parser's state across the lines of one lesson.
private struct State {
    let source: String
    var lesson: Lesson?
    /// The task whose lines are being read, if any.
    var task: LessonTask?
    var steps: [LessonStep] = []
    var stored: [StoredValue] = []
    var diagnostics: [Diagnostic] = []
    /// The header's and the open task's first word, with their lines: where a lesson or a
    /// task that lacks something is reported.
    var header: Diagnostic?
    var taskHead: Diagnostic?
    /// True when a line of the open task had an error: then a missing condition or answer
    /// is most likely that line, and is not reported again.
    var taskHadError = false

    init(source: String) { self.source = source }

    /// Reads one logical line: directives here, everything else through `Parser`.
    mutating func read(_ line: SourceLine) {
        if let error = line.lexError {
            report(error.message, at: error.span, in: line)
            // A broken header is one error, not one more for every line after it.
            if lesson == nil { lesson = Lesson(id: "?", title: "") }
            return
        }
        let tokens = line.tokens
        var position = 0
        while position < tokens.count {
            if tokens[position].kind == .separator {
                position += 1
                continue
            }
            var end = position
            while end < tokens.count && tokens[end].kind != .separator { end += 1 }
            let head = tokens[position]
            let name = line.text(of: head)
            if head.kind == .word, LessonParser.directives.contains(name) {
                directive(name, head, Array(tokens[position + 1..<end]), in: line)
                position = end
                continue
            }
            do throws(SyntaxError) {
                if let command = try Parser.next(in: line, at: &position) { add(command, in: line) }
            } catch {
                report(error.message, at: error.span, in: line)
            }
        }
    }

    /// A command: a condition while a task is open and it is an `expect`, else a step.
    private mutating func add(_ command: Command, in line: SourceLine) {
        if lesson == nil {
            report("a lesson starts with 'lesson NAME TITLE'", at: command.span, in: line)
            return
        }
        if case .expect = command.kind, task != nil {
            task!.conditions.append(.expect(command))
            return
        }
        if case .expectError = command.kind, task != nil {
            report(
                "a task's condition cannot be 'expect error' (use 'when failed COMMAND')",
                at: command.span, in: line)
            return
        }
        closeTask()
        steps.append(.run(command))
    }

    private mutating func directive(
        _ name: String, _ head: Token, _ args: [Token], in line: SourceLine
    ) {
        let words = args.map { line.text(of: $0) }
        let joined = words.joined(separator: " ")
        if name == "lesson" {
            guard lesson == nil else {
                report("one lesson per text ('lesson' again)", at: head.span, in: line)
                return
            }
            guard args.count >= 2 else {
                report(
                    "'lesson' needs a name and a title (lesson NAME TITLE…)", at: head.span,
                    in: line)
                lesson = Lesson(id: words.first ?? "?", title: "")
                return
            }
            lesson = Lesson(id: words[0], title: words.dropFirst().joined(separator: " "))
            header = line.diagnostic(.error, "", at: head.span, source: source)
            return
        }
        guard lesson != nil else {
            report("a lesson starts with 'lesson NAME TITLE'", at: head.span, in: line)
            return
        }
        switch name {
        case "stored":
            guard args.count == 2, let field = FieldName(rawValue: words[0]) else {
                report(
                    "'stored' takes a field and a value (stored FIELD VALUE)"
                        + (words.first.map { Suggestion.hint(for: $0, among: Vocabulary.fields) }
                            ?? ""),
                    at: args.first?.span ?? head.span, in: line)
                return
            }
            stored.append(StoredValue(field: field, value: Argument(words[1], at: args[1].span)))
        case "say":
            closeTask()
            steps.append(.say(joined))
        case "task":
            closeTask()
            guard !args.isEmpty else {
                report("'task' needs the text of the task (task TEXT…)", at: head.span, in: line)
                return
            }
            task = LessonTask(text: joined, span: head.span)
            taskHead = line.diagnostic(.error, "", at: head.span, source: source)
        case "when", "hint", "ok", "answer":
            guard task != nil else {
                report(
                    "'\(name)' belongs to a task: write it after 'task'", at: head.span, in: line)
                return
            }
            guard !args.isEmpty else {
                report("'\(name)' needs more (see 'help learn')", at: head.span, in: line)
                return
            }
            switch name {
            case "hint": task!.hints.append(joined)
            case "ok": task!.praise.append(joined)
            case "answer": answer(words, args, in: line)
            default: condition(head, words, args, in: line)
            }
        default:
            break
        }
    }

    /// `answer LINE`: the words (or one quoted string) a scripted learner types; checked
    /// here as a command line of the language, so that a lesson cannot ship a wrong one.
    private mutating func answer(_ words: [String], _ args: [Token], in line: SourceLine) {
        let text = words.joined(separator: " ")
        let entry = SourceLine(text)
        if let error = entry.lexError {
            report("the answer does not lex: \(error.message)", at: args[0].span, in: line)
            return
        }
        if !Vocabulary.lessonWords.contains(text) {
            var failed: SyntaxError?
            Parser.parse(entry, materialize: false) { result in
                if case .failure(let error) = result { failed = error }
                return failed == nil
            }
            if let failed {
                report("the answer does not parse: \(failed.message)", at: args[0].span, in: line)
                return
            }
        }
        task!.answers.append(text)
    }

    /// when -> 'when' ('env' KEY VALUE | 'trace' ('on'|'off') | ('typed'|'failed') WORD…)
    private mutating func condition(
        _ head: Token, _ words: [String], _ args: [Token], in line: SourceLine
    ) {
        switch words[0] {
        case "env":
            guard args.count == 3, let key = EnvKey(rawValue: words[1]) else {
                report(
                    "'when env' takes a key and a value (when env KEY VALUE)"
                        + (words.count > 1
                            ? Suggestion.hint(for: words[1], among: Vocabulary.envKeys) : ""),
                    at: args.count > 1 ? args[1].span : args[0].span, in: line)
                return
            }
            task!.conditions.append(.env(key, Argument(words[2], at: args[2].span)))
        case "trace":
            guard args.count == 2, words[1] == "on" || words[1] == "off" else {
                report("write 'when trace on' or 'when trace off'", at: args[0].span, in: line)
                return
            }
            task!.conditions.append(.trace(words[1] == "on"))
        case "typed", "failed":
            guard args.count >= 2 else {
                report("'when \(words[0])' needs the command's words", at: args[0].span, in: line)
                return
            }
            guard Vocabulary.commands.contains(words[1]) else {
                report(
                    "unknown command '\(words[1])'"
                        + Suggestion.hint(for: words[1], among: Vocabulary.commands),
                    at: args[1].span, in: line)
                return
            }
            let rest = Array(words.dropFirst())
            task!.conditions.append(words[0] == "typed" ? .typed(rest) : .failed(rest))
        default:
            report(
                "unknown condition '\(words[0])'"
                    + Suggestion.hint(for: words[0], among: ["env", "trace", "typed", "failed"])
                    + " (conditions: expect …, when env, when trace, when typed, when failed)",
                at: args[0].span, in: line)
        }
    }

    /// Ends the open task, checking that it can be met and completed unattended.
    private mutating func closeTask() {
        guard let open = task else { return }
        task = nil
        defer { taskHadError = false }
        if taskHadError {
            steps.append(.task(open))
            return
        }
        if open.conditions.isEmpty {
            reportAt(taskHead, "a task needs a condition ('expect …' or 'when …')")
        }
        if open.answers.isEmpty {
            reportAt(taskHead, "a task needs an answer for the scripted learner ('answer …')")
        }
        steps.append(.task(open))
    }

    /// Reports `message` at a word kept from an earlier line (or at line 1 without one).
    private mutating func reportAt(_ place: Diagnostic?, _ message: String) {
        var diagnostic =
            place
            ?? Diagnostic(
                .error, "", location: Diagnostic.Location(source: source, line: 1, column: 1))
        diagnostic.message = message
        diagnostics.append(diagnostic)
    }

    private mutating func report(_ message: String, at span: Span, in line: SourceLine) {
        if task != nil { taskHadError = true }
        diagnostics.append(line.diagnostic(.error, message, at: span, source: source))
    }

    mutating func finish() -> Result<Lesson, LessonErrors> {
        closeTask()
        guard var lesson else {
            reportAt(nil, "a lesson starts with 'lesson NAME TITLE'")
            return .failure(LessonErrors(diagnostics: diagnostics))
        }
        if !steps.contains(where: { if case .task = $0 { return true } else { return false } }) {
            reportAt(header, "a lesson needs at least one task")
        }
        guard diagnostics.isEmpty else { return .failure(LessonErrors(diagnostics: diagnostics)) }
        lesson.steps = steps
        lesson.stored = stored
        return .success(lesson)
    }
}
