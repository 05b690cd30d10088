import LprofLanguage

/// The lines of a task and of a question, and the checks when one ends.
extension LessonParserState {
    /// `when`, `hint`, `stuck`, `ok`, `answer` or `wrong`, with its words, inside a task.
    mutating func taskLine(
        _ name: String, _ head: Token, _ args: [Token], _ words: [String], in line: SourceLine
    ) {
        if name == "answer" || name == "wrong" {
            guard let entry = checkedEntry(words, args, in: line) else { return }
            if name == "answer" {
                task!.answers.append(entry)
            } else {
                task!.wrong.append(entry)
            }
            return
        }
        if name == "when", words[0] == "typed" {
            report(
                "'when typed' is gone: a task is met by what happened — use 'when event',"
                    + " 'when shown', 'when read', 'when failed COMMAND REASON' or 'expect'"
                    + " (see 'help learn')", at: args[0].span, in: line)
            return
        }
        var reader = LessonConditionReader(tokens: args, words: words, fallback: head.span)
        do throws(LessonConditionReader.Failure) {
            if name == "when" {
                let condition = try reader.atom()
                if !reader.atEnd {
                    report(
                        "one condition a 'when' line; '\(reader.rest[0])' follows it",
                        at: args[reader.position].span, in: line)
                    return
                }
                task!.conditions.append(condition)
                return
            }
            if name == "stuck", words[0] != "if" {
                report(
                    "'stuck' needs a guard: the state it is about (stuck if CONDITION TEXT…)",
                    at: args[0].span, in: line)
                return
            }
            let guards = try reader.guards()
            guard !reader.atEnd else {
                report("'\(name)' needs its text after the condition", at: head.span, in: line)
                return
            }
            let text = GuardedText(reader.rest.joined(separator: " "), if: guards)
            switch name {
            case "hint": task!.hints.append(text)
            case "stuck": task!.stuck.append(text)
            default: task!.success.append(text)
            }
        } catch {
            report(error.message, at: error.span, in: line)
        }
    }

    /// An `answer` or `wrong` entry, checked as a command line: no lesson may ship a broken one.
    private mutating func checkedEntry(_ words: [String], _ args: [Token], in line: SourceLine)
        -> String?
    {
        let text = words.joined(separator: " ")
        let entry = SourceLine(text)
        if let error = entry.lexError {
            report("the entry does not lex: \(error.message)", at: args[0].span, in: line)
            return nil
        }
        if !LessonWord.all.contains(text) {
            var failed: SyntaxError?
            Parser.parse(entry) { result in
                if case .failure(let error) = result { failed = error }
                return failed == nil
            }
            if let failed {
                report("the entry does not parse: \(failed.message)", at: args[0].span, in: line)
                return nil
            }
        }
        return text
    }

    /// `option`, `code`, `right`, `why` or `answer`, with its words, inside a question.
    mutating func questionLine(
        _ name: String, _ head: Token, _ args: [Token], _ words: [String], in line: SourceLine
    ) {
        switch name {
        case "option":
            question!.options.append(QuestionOption(text: words.joined(separator: " ")))
        case "hint":
            question!.hint = words.joined(separator: " ")
        case "code":
            guard !question!.options.isEmpty else {
                report(
                    "'code' belongs to an option: write it after 'option'", at: head.span, in: line)
                return
            }
            guard args.count == 1 else {
                report(
                    "'code' takes one line of code, quoted ('…' keeps it verbatim)",
                    at: args[1].span, in: line)
                return
            }
            question!.options[question!.options.count - 1].code.append(words[0])
        default:
            guard let number = Int(words[0]), number >= 1 else {
                report(
                    "'\(name)' takes an option's number (1, 2, …), not '\(words[0])'",
                    at: args[0].span, in: line)
                return
            }
            let rest = words.dropFirst().joined(separator: " ")
            if name == "why" {
                guard !rest.isEmpty else {
                    report("'why' needs its text (why N TEXT…)", at: head.span, in: line)
                    return
                }
                question!.why[number] = rest
            } else if args.count > 1 {
                report("'\(name)' takes only the number", at: args[1].span, in: line)
            } else if name == "right" {
                question!.right = number
            } else {
                question!.answer = number
            }
        }
    }

    /// Ends the open block, checking that it can be met or answered unattended (a task needs
    /// no condition: its answer's story defines it, SPEC §9).
    mutating func closeBlock() {
        defer {
            blockHadError = false
            task = nil
            question = nil
        }
        if let open = task {
            steps.append(.task(open))
            if blockHadError { return }
            if open.answers.isEmpty {
                reportAt(blockHead, "a task needs an answer for 'skip' to type ('answer …')")
            }
            if !open.success.contains(where: { $0.guards.isEmpty }) {
                reportAt(blockHead, "a task needs a success line without a guard ('ok TEXT…')")
            }
        }
        if let open = question {
            steps.append(.question(open))
            if blockHadError { return }
            let count = open.options.count
            if count < 2 {
                reportAt(blockHead, "a question needs at least two options ('option TEXT…')")
                return
            }
            if !(1...count).contains(open.right) {
                reportAt(
                    blockHead, "a question needs its right option ('right N', N from 1 to \(count))"
                )
            } else if open.why[open.right] == nil {
                reportAt(
                    blockHead,
                    "a question needs a 'why' for its right option ('why \(open.right) TEXT…')")
            }
            if let stray = open.why.keys.sorted().first(where: { $0 > count }) {
                reportAt(blockHead, "'why \(stray)' names no option (there are \(count))")
            }
            if open.answer != open.right {
                reportAt(blockHead, "a question's 'answer' must be its right option")
            }
        }
    }
}
