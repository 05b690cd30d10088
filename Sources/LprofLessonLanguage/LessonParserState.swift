import LprofLanguage
import LprofModel
import LprofText

/// The lesson parser's state across the lines of one lesson, since a block spans lines.
struct LessonParserState {
    let source: String
    var lesson: Lesson?
    /// The block whose lines are being read, if any (never both).
    var task: LessonTask?
    var question: LessonQuestion?
    var steps: [LessonStep] = []
    var stored: [StoredValue] = []
    var diagnostics: [Diagnostic] = []
    /// Where a lesson, task or question that lacks something is reported: its first word.
    var header: Diagnostic?
    var blockHead: Diagnostic?
    /// A line of the open block had an error: a line missing is then most likely that one.
    var blockHadError = false

    init(source: String) { self.source = source }

    /// Reads one logical line: directives here, everything else through `Parser`.
    mutating func read(_ line: SourceLine) {
        let tokens = line.tokens
        if let error = line.lexError {
            // A broken header or block head is one error, not one more for each line under it.
            if lesson == nil { lesson = Lesson(id: "?", title: "") }
            if let head = tokens.first, head.kind == .word {
                let name = line.text(of: head)
                if name == "task" || name == "question" { openBlock(name, "", head, in: line) }
            }
            report(error.message, at: error.span, in: line)
            return
        }
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
            if head.kind == .word, LessonParser.directives.contains(name),
                !LessonParser.isWhyCommand(name, line, Array(tokens[position + 1..<end]))
            {
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
        if case .expect(let target, let value) = command.kind, task != nil {
            task!.conditions.append(LessonCondition(.state(target, value)))
            return
        }
        if case .expectError = command.kind, task != nil {
            report(
                "a task's condition cannot be 'expect error' (use 'when failed COMMAND REASON')",
                at: command.span, in: line)
            return
        }
        closeBlock()
        steps.append(.run(command))
    }

    /// A directive line: the header, a step, or a line of the open block.
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
            guard args.count == 2, let field = ProfileField(rawValue: words[0]) else {
                report(
                    "'stored' takes a field and a value (stored FIELD VALUE)"
                        + (words.first.map { Suggestion.hint(for: $0, among: Vocabulary.fields) }
                            ?? ""),
                    at: args.first?.span ?? head.span, in: line)
                return
            }
            stored.append(StoredValue(field: field, value: Argument(words[1], at: args[1].span)))
        case "say":
            closeBlock()
            steps.append(.say(joined))
        case "free":
            closeBlock()
            guard !args.isEmpty else {
                report("'free' needs its text (free TEXT…)", at: head.span, in: line)
                return
            }
            steps.append(.free(joined))
        case "task", "question":
            guard !args.isEmpty else {
                closeBlock()
                report("'\(name)' needs its text (\(name) TEXT…)", at: head.span, in: line)
                return
            }
            openBlock(name, joined, head, in: line)
        default:
            let inQuestion =
                question != nil
                && ["option", "code", "right", "why", "answer", "hint"].contains(name)
            let inTask =
                task != nil && ["when", "hint", "stuck", "ok", "answer", "wrong"].contains(name)
            if !inQuestion && !inTask {
                let owner = ["option", "code", "right", "why"].contains(name) ? "question" : "task"
                report(
                    "'\(name)' belongs to a \(owner): write it after '\(owner)'", at: head.span,
                    in: line)
            } else if args.isEmpty {
                report("'\(name)' needs more (see 'help learn')", at: head.span, in: line)
            } else if inQuestion {
                questionLine(name, head, args, words, in: line)
            } else {
                taskLine(name, head, args, words, in: line)
            }
        }
    }

    /// Ends the open block and opens a task or question (`name`) headed by `head`.
    private mutating func openBlock(
        _ name: String, _ text: String, _ head: Token, in line: SourceLine
    ) {
        closeBlock()
        if name == "task" {
            task = LessonTask(text: text, span: head.span)
        } else {
            question = LessonQuestion(text: text)
        }
        blockHead = line.diagnostic(.error, "", at: head.span, source: source)
    }

    /// Reports `message` at a word kept from an earlier line, or at line 1.
    mutating func reportAt(_ place: Diagnostic?, _ message: String) {
        var diagnostic =
            place
            ?? Diagnostic(
                .error, "", location: Diagnostic.Location(source: source, line: 1, column: 1))
        diagnostic.message = message
        diagnostics.append(diagnostic)
    }

    mutating func report(_ message: String, at span: Span, in line: SourceLine) {
        if task != nil || question != nil { blockHadError = true }
        diagnostics.append(line.diagnostic(.error, message, at: span, source: source))
    }

    /// The lesson, once its last block is closed and checked, or every error found in it.
    mutating func finish() -> Result<Lesson, LessonErrors> {
        closeBlock()
        guard var lesson else {
            reportAt(nil, "a lesson starts with 'lesson NAME TITLE'")
            return .failure(LessonErrors(diagnostics: diagnostics))
        }
        if !steps.contains(where: \.waits) {
            reportAt(header, "a lesson needs at least one task or question")
        }
        guard diagnostics.isEmpty else { return .failure(LessonErrors(diagnostics: diagnostics)) }
        lesson.steps = steps
        lesson.stored = stored
        return .success(lesson)
    }
}
