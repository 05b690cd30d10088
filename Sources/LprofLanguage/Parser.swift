/// Turns the tokens of one logical line into commands. Unknown names and wrong argument
/// counts are syntax errors; values are left for the interpreter to check when it runs.
/// One error is reported per command, and parsing goes on with the next command, so a
/// checker can list every problem in a file.
public enum Parser {
    /// Parses every `;`-separated command in `tokens`, appending to `commands` and `errors`.
    ///
    ///     line -> command? (';' command?)*
    public static func parseLine(
        _ tokens: [Token], commands: inout [Command], errors: inout [SyntaxError]
    ) {
        var start = 0
        var i = 0
        while i <= tokens.count {
            if i == tokens.count || tokens[i].kind == .separator {
                if i > start {
                    switch parseCommand(tokens[start..<i]) {
                    case .success(let command): commands.append(command)
                    case .failure(let error): errors.append(error)
                    }
                }
                start = i + 1
            }
            i += 1
        }
    }

    /// Parses one command's tokens (no separators).
    ///
    ///     command -> NAME argument*
    public static func parseCommand(_ tokens: ArraySlice<Token>) -> Result<Command, SyntaxError> {
        let head = tokens[tokens.startIndex]
        let args = tokens.dropFirst()
        let kind: Result<CommandKind, SyntaxError>
        switch head.text {
        case "set": kind = parseSet(head, args)
        case "get": kind = parseGet(head, args)
        case "edit": kind = parseSwitch(head, args, default: .toggle)
        case "done": kind = parseForce(head, args).map { .done(force: $0) }
        case "cancel": kind = noArguments(head, args, .cancel)
        case "show": kind = parseShow(head, args)
        case "expect": kind = parseExpect(head, args)
        case "print": kind = .success(.print(args.map { Argument($0.text, at: $0.span) }))
        case "env": kind = parseEnv(head, args)
        case "trace": kind = parseSwitch(head, args, default: .toggle)
        case "reset": kind = parseForce(head, args).map { .reset(force: $0) }
        case "help": kind = parseHelp(head, args)
        case "source": kind = parseSource(head, args)
        case "history": kind = parseHistory(head, args)
        case "quit", "exit": kind = noArguments(head, args, .quit)
        default:
            let what = head.kind == .string ? "a command name, not a quoted string" : "a command"
            if head.kind == .string {
                return .failure(SyntaxError("expected \(what)", at: head.span))
            }
            return .failure(
                SyntaxError(
                    "unknown command '\(head.text)'"
                        + Suggestion.hint(for: head.text, among: Vocabulary.commands),
                    at: head.span))
        }
        let end = tokens.last { $0.span.line == head.span.line }?.span.end ?? head.span.end
        return kind.map { Command($0, at: head.span, end: end) }
    }

    // MARK: - Commands

    /// set -> 'set' FIELD VALUE
    static func parseSet(_ head: Token, _ args: ArraySlice<Token>) -> Result<CommandKind, SyntaxError> {
        guard let first = args.first else {
            return .failure(usage(head, "is missing a field", "set FIELD VALUE"))
        }
        let field: FieldName
        switch fieldName(first) {
        case .failure(let e): return .failure(e)
        case .success(let f): field = f
        }
        guard args.count >= 2 else {
            return .failure(usage(head, "is missing a value for \(field.rawValue)", "set FIELD VALUE"))
        }
        guard args.count == 2 else {
            let extra = args[args.startIndex + 2]
            return .failure(
                SyntaxError(
                    "'set' takes one value; quote a value that has spaces (set \(field.rawValue) \"…\")",
                    at: extra.span))
        }
        let value = args[args.startIndex + 1]
        return .success(.set(field, Argument(value.text, at: value.span)))
    }

    /// get -> 'get' ((profile.|draft.)? FIELD | 'mode' | '--json' ('profile'|'draft')?)
    static func parseGet(_ head: Token, _ args: ArraySlice<Token>) -> Result<CommandKind, SyntaxError> {
        guard let first = args.first else {
            return .failure(usage(head, "is missing what to get", "get [profile.|draft.]FIELD"))
        }
        if first.text == "--json" && first.kind == .word {
            if args.count == 1 { return .success(.getJSON(nil)) }
            let which = args[args.startIndex + 1]
            guard let scope = Scope(rawValue: which.text) else {
                return .failure(unknown("profile", which, Vocabulary.scopes))
            }
            if args.count > 2 { return .failure(extra(head, args[args.startIndex + 2])) }
            return .success(.getJSON(scope))
        }
        if args.count > 1 { return .failure(extra(head, args[args.startIndex + 1])) }
        return target(first).map { .get($0) }
    }

    /// expect -> 'expect' ((profile.|draft.)? FIELD | 'mode') VALUE | 'expect' 'error' command
    static func parseExpect(_ head: Token, _ args: ArraySlice<Token>) -> Result<CommandKind, SyntaxError>
    {
        guard let first = args.first else {
            return .failure(usage(head, "is missing what to check", "expect FIELD VALUE"))
        }
        if first.text == "error" && first.kind == .word {
            let rest = args.dropFirst()
            guard !rest.isEmpty else {
                return .failure(usage(head, "error is missing a command", "expect error COMMAND …"))
            }
            if let deep = nestedTooDeep(rest) {
                return .failure(
                    SyntaxError(
                        "'expect error' nests too deeply (at most \(maxExpectNesting) levels)",
                        at: deep.span))
            }
            return parseCommand(rest).map { .expectError($0) }
        }
        let what: Target
        switch target(first) {
        case .failure(let e): return .failure(e)
        case .success(let t): what = t
        }
        guard args.count >= 2 else {
            return .failure(usage(head, "is missing the expected value", "expect FIELD VALUE"))
        }
        if args.count > 2 { return .failure(extra(head, args[args.startIndex + 2])) }
        let value = args[args.startIndex + 1]
        return .success(.expect(what, Argument(value.text, at: value.span)))
    }

    /// show -> 'show' ('summary'|'editor'|'diff'|'badges'|'env'|'hike' GRAPH?)?
    static func parseShow(_ head: Token, _ args: ArraySlice<Token>) -> Result<CommandKind, SyntaxError> {
        guard let first = args.first else { return .success(.show(nil, nil)) }
        let view: ViewTarget
        switch first.text {
        case "summary": view = .summary
        case "editor": view = .editor
        case "diff": view = .diff
        case "badges": view = .badges
        case "env": view = .env
        case "hike":
            if args.count >= 2 {
                let graph = args[args.startIndex + 1]
                guard Vocabulary.hikeGraphs.contains(graph.text) else {
                    return .failure(unknown("hike graph", graph, Vocabulary.hikeGraphs))
                }
                if args.count > 2 { return .failure(extra(head, args[args.startIndex + 2])) }
                return .success(.show(.hike(graph: graph.text), first.span))
            }
            view = .hike(graph: nil)
        default:
            return .failure(unknown("view", first, Vocabulary.views))
        }
        if args.count > 1 { return .failure(extra(head, args[args.startIndex + 1])) }
        return .success(.show(view, first.span))
    }

    /// env -> 'env' (KEY VALUE?)?
    static func parseEnv(_ head: Token, _ args: ArraySlice<Token>) -> Result<CommandKind, SyntaxError> {
        guard let first = args.first else { return .success(.env(nil, nil)) }
        guard let key = EnvKey(rawValue: first.text) else {
            return .failure(unknown("env key", first, Vocabulary.envKeys))
        }
        if args.count == 1 { return .success(.env(key, nil)) }
        if args.count > 2 { return .failure(extra(head, args[args.startIndex + 2])) }
        let value = args[args.startIndex + 1]
        return .success(.env(key, Argument(value.text, at: value.span)))
    }

    /// edit -> 'edit' ('on'|'off'|'toggle')? ; trace -> 'trace' ('on'|'off'|'toggle')?
    static func parseSwitch(_ head: Token, _ args: ArraySlice<Token>, default: Switch)
        -> Result<CommandKind, SyntaxError>
    {
        var value = `default`
        if let first = args.first {
            guard let s = Switch(rawValue: first.text) else {
                return .failure(unknown("'\(head.text)' mode", first, Vocabulary.editWords))
            }
            value = s
            if args.count > 1 { return .failure(extra(head, args[args.startIndex + 1])) }
        }
        return .success(head.text == "edit" ? .edit(value) : .trace(value))
    }

    /// done -> 'done' '--force'? ; reset -> 'reset' '--force'?
    static func parseForce(_ head: Token, _ args: ArraySlice<Token>) -> Result<Bool, SyntaxError> {
        guard let first = args.first else { return .success(false) }
        guard first.text == "--force" else {
            return .failure(unknown("option", first, ["--force"]))
        }
        if args.count > 1 { return .failure(extra(head, args[args.startIndex + 1])) }
        return .success(true)
    }

    /// help -> 'help' TOPIC?
    static func parseHelp(_ head: Token, _ args: ArraySlice<Token>) -> Result<CommandKind, SyntaxError> {
        guard let first = args.first else { return .success(.help(topic: nil)) }
        guard Vocabulary.helpTopics.contains(first.text) else {
            return .failure(unknown("help topic", first, Vocabulary.helpTopics))
        }
        if args.count > 1 { return .failure(extra(head, args[args.startIndex + 1])) }
        return .success(.help(topic: Argument(first.text, at: first.span)))
    }

    /// source -> 'source' FILE
    static func parseSource(_ head: Token, _ args: ArraySlice<Token>) -> Result<CommandKind, SyntaxError>
    {
        guard let first = args.first else {
            return .failure(usage(head, "is missing a file", "source FILE"))
        }
        if args.count > 1 { return .failure(extra(head, args[args.startIndex + 1])) }
        return .success(.source(Argument(first.text, at: first.span)))
    }

    /// history -> 'history' N?
    static func parseHistory(_ head: Token, _ args: ArraySlice<Token>) -> Result<CommandKind, SyntaxError>
    {
        guard let first = args.first else { return .success(.history(nil)) }
        if args.count > 1 { return .failure(extra(head, args[args.startIndex + 1])) }
        return .success(.history(Argument(first.text, at: first.span)))
    }

    static func noArguments(_ head: Token, _ args: ArraySlice<Token>, _ kind: CommandKind)
        -> Result<CommandKind, SyntaxError>
    {
        if let first = args.first { return .failure(extra(head, first)) }
        return .success(kind)
    }

    // MARK: - Names

    /// target -> ('profile.'|'draft.')? FIELD | 'mode'
    static func target(_ token: Token) -> Result<Target, SyntaxError> {
        if token.text == "mode" { return .success(.mode) }
        let text = token.text
        if let dot = text.firstIndex(of: ".") {
            let scopeText = String(text[..<dot])
            let fieldText = String(text[text.index(after: dot)...])
            let dotOffset = text.utf8.distance(from: text.startIndex, to: dot)
            guard let scope = Scope(rawValue: scopeText) else {
                let span = Span(
                    line: token.span.line, start: token.span.start,
                    end: token.span.start + dotOffset)
                return .failure(
                    SyntaxError(
                        "unknown profile '\(scopeText)' (write profile.FIELD or draft.FIELD)"
                            + Suggestion.hint(for: scopeText, among: Vocabulary.scopes), at: span))
            }
            let fieldSpan = Span(
                line: token.span.line, start: token.span.start + dotOffset + 1, end: token.span.end)
            guard let field = FieldName(rawValue: fieldText) else {
                return .failure(
                    SyntaxError(
                        "unknown field '\(fieldText)'"
                            + Suggestion.hint(for: fieldText, among: Vocabulary.fields),
                        at: fieldSpan))
            }
            return .success(.field(scope, field))
        }
        return fieldName(token).map { .field(nil, $0) }
    }

    static func fieldName(_ token: Token) -> Result<FieldName, SyntaxError> {
        if let field = FieldName(rawValue: token.text) { return .success(field) }
        if token.text.hasPrefix("profile.") || token.text.hasPrefix("draft.") {
            return .failure(
                SyntaxError(
                    "'set' writes the draft: name the field alone (set FIELD VALUE)", at: token.span))
        }
        return .failure(unknown("field", token, Vocabulary.fields + ["mode"]))
    }

    // MARK: - Errors

    static func unknown(_ what: String, _ token: Token, _ candidates: [String]) -> SyntaxError {
        SyntaxError(
            "unknown \(what) '\(token.text)'" + Suggestion.hint(for: token.text, among: candidates),
            at: token.span)
    }

    static func usage(_ head: Token, _ problem: String, _ form: String) -> SyntaxError {
        SyntaxError("'\(head.text)' \(problem) (usage: \(form))", at: head.span)
    }

    static func extra(_ head: Token, _ token: Token) -> SyntaxError {
        SyntaxError(
            "too many arguments to '\(head.text)' (see 'help \(head.text)')", at: token.span)
    }

    // MARK: - Limits

    /// The deepest `expect error expect error …` chain; deeper ones would only exhaust the
    /// stack (each level is a nested parse and a nested run).
    public static let maxExpectNesting = 8

    /// The `expect` that goes past `maxExpectNesting` in a chain starting at `tokens`, if any.
    static func nestedTooDeep(_ tokens: ArraySlice<Token>) -> Token? {
        var i = tokens.startIndex
        var depth = 1
        while i + 1 < tokens.endIndex, tokens[i].kind == .word, tokens[i].text == "expect",
            tokens[i + 1].kind == .word, tokens[i + 1].text == "error"
        {
            depth += 1
            if depth > maxExpectNesting { return tokens[i] }
            i += 2
        }
        return nil
    }
}
