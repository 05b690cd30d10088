/// Turns the tokens of one logical line into commands. Unknown names and wrong argument
/// counts are syntax errors; values are left for the interpreter to check when it runs.
/// One error is reported per command, and parsing goes on with the next command, so a
/// checker can list every problem in a file. Names are matched on bytes: parsing a command
/// allocates only the text of its arguments (and nothing at all when only checking).
public enum Parser {
    /// Parses every `;`-separated command of `line` in order, calling `body` with each
    /// command or error; `body` returns false to stop. With `materialize` false (checking
    /// only), arguments are left without their text.
    ///
    ///     line -> command? (';' command?)*
    public static func parse(
        _ line: SourceLine, materialize: Bool = true,
        _ body: (Result<Command, SyntaxError>) -> Bool
    ) {
        let tokens = line.tokens
        var start = 0
        var i = 0
        let count = tokens.count
        while i <= count {
            if i == count || tokens[i].kind == .separator {
                if i > start {
                    let r = Parse(line: line, materialize: materialize).command(start..<i)
                    if !body(r) { return }
                }
                start = i + 1
            }
            i += 1
        }
    }

    /// Every command and error of `line`, collected.
    public static func parseLine(
        _ line: SourceLine, commands: inout [Command], errors: inout [SyntaxError]
    ) {
        parse(line) { result in
            switch result {
            case .success(let command): commands.append(command)
            case .failure(let error): errors.append(error)
            }
            return true
        }
    }
}

/// The parser's working state for one line: the line, and whether to keep argument text.
private struct Parse {
    let line: SourceLine
    let materialize: Bool

    private var tokens: [Token] { line.tokens }

    private func argument(_ index: Int) -> Argument {
        let token = tokens[index]
        return Argument(materialize ? line.text(of: token) : "", at: token.span)
    }

    private func text(_ index: Int) -> String { line.text(of: tokens[index]) }

    private func isWord(_ index: Int, _ word: StaticString) -> Bool {
        line.token(tokens[index], is: word)
    }

    /// command -> NAME argument*
    func command(_ range: Range<Int>) -> Result<Command, SyntaxError> {
        let head = tokens[range.lowerBound]
        let args = range.lowerBound + 1..<range.upperBound
        guard let name = commandName(head) else {
            let typed = line.text(of: head)
            return .failure(
                SyntaxError(
                    "unknown command '\(typed)'" + Suggestion.hint(for: typed, among: Vocabulary.commands),
                    at: head.span))
        }
        let kind: Result<CommandKind, SyntaxError>
        switch name {
        case .set: kind = set(head, args)
        case .get: kind = get(head, args)
        case .edit: kind = onOff(head, args).map { .edit($0) }
        case .trace: kind = onOff(head, args).map { .trace($0) }
        case .done: kind = force(head, args).map { .done(force: $0) }
        case .reset: kind = force(head, args).map { .reset(force: $0) }
        case .cancel: kind = noArguments(head, args, .cancel)
        case .quit, .exit: kind = noArguments(head, args, .quit)
        case .show: kind = show(head, args)
        case .expect: kind = expect(head, args)
        case .print: kind = .success(.print(args.map(argument)))
        case .env: kind = env(head, args)
        case .help: kind = help(head, args)
        case .source: kind = source(head, args)
        case .history: kind = history(head, args)
        }
        let last = args.isEmpty ? head.span : tokens[args.upperBound - 1].span
        return kind.map { Command($0, at: head.span, lastSpan: last) }
    }

    private enum Name {
        case help, show, get, set, edit, done, cancel, reset, expect, env, trace, print, source
        case history, quit, exit
    }

    private func commandName(_ token: Token) -> Name? {
        switch token.textEnd - token.textStart {
        case 3:
            if line.token(token, is: "set") { return .set }
            if line.token(token, is: "get") { return .get }
            if line.token(token, is: "env") { return .env }
        case 4:
            if line.token(token, is: "edit") { return .edit }
            if line.token(token, is: "done") { return .done }
            if line.token(token, is: "show") { return .show }
            if line.token(token, is: "help") { return .help }
            if line.token(token, is: "quit") { return .quit }
            if line.token(token, is: "exit") { return .exit }
        case 5:
            if line.token(token, is: "reset") { return .reset }
            if line.token(token, is: "trace") { return .trace }
            if line.token(token, is: "print") { return .print }
        case 6:
            if line.token(token, is: "cancel") { return .cancel }
            if line.token(token, is: "expect") { return .expect }
            if line.token(token, is: "source") { return .source }
        case 7:
            if line.token(token, is: "history") { return .history }
        default:
            break
        }
        return nil
    }

    // MARK: - Commands

    /// set -> 'set' FIELD VALUE
    private func set(_ head: Token, _ args: Range<Int>) -> Result<CommandKind, SyntaxError> {
        guard !args.isEmpty else {
            return .failure(usage(head, "is missing a field", "set FIELD VALUE"))
        }
        let field: FieldName
        switch fieldName(args.lowerBound, forSet: true) {
        case .failure(let e): return .failure(e)
        case .success(let f): field = f
        }
        guard args.count >= 2 else {
            return .failure(usage(head, "is missing a value for \(field.rawValue)", "set FIELD VALUE"))
        }
        guard args.count == 2 else {
            return .failure(
                SyntaxError(
                    "'set' takes one value; quote a value that has spaces (set \(field.rawValue) \"…\")",
                    at: tokens[args.lowerBound + 2].span))
        }
        return .success(.set(field, argument(args.lowerBound + 1)))
    }

    /// get -> 'get' ((profile.|draft.)? FIELD | 'mode' | '--json' ('profile'|'draft')?)
    private func get(_ head: Token, _ args: Range<Int>) -> Result<CommandKind, SyntaxError> {
        guard !args.isEmpty else {
            return .failure(usage(head, "is missing what to get", "get [profile.|draft.]FIELD"))
        }
        let first = args.lowerBound
        if isWord(first, "--json") {
            if args.count == 1 { return .success(.getJSON(nil)) }
            let scope: Scope
            if isWord(first + 1, "profile") {
                scope = .profile
            } else if isWord(first + 1, "draft") {
                scope = .draft
            } else {
                return .failure(unknown("profile", first + 1, Vocabulary.scopes))
            }
            if args.count > 2 { return .failure(extra(head, first + 2)) }
            return .success(.getJSON(scope))
        }
        if args.count > 1 { return .failure(extra(head, first + 1)) }
        return target(first, alsoAccepted: ["--json"]).map { .get($0) }
    }

    /// expect -> 'expect' ((profile.|draft.)? FIELD | 'mode') VALUE | 'expect' 'error' command
    private func expect(_ head: Token, _ args: Range<Int>) -> Result<CommandKind, SyntaxError> {
        guard !args.isEmpty else {
            return .failure(usage(head, "is missing what to check", "expect FIELD VALUE"))
        }
        let first = args.lowerBound
        if isWord(first, "error") {
            guard args.count > 1 else {
                return .failure(usage(head, "error is missing a command", "expect error COMMAND …"))
            }
            if let deep = nestedTooDeep(first + 1..<args.upperBound) {
                return .failure(
                    SyntaxError(
                        "'expect error' nests too deeply (at most \(Parser.maxExpectNesting) levels)",
                        at: tokens[deep].span))
            }
            return command(first + 1..<args.upperBound).map { .expectError($0) }
        }
        let what: Target
        switch target(first, alsoAccepted: ["error"]) {
        case .failure(let e): return .failure(e)
        case .success(let t): what = t
        }
        guard args.count >= 2 else {
            return .failure(usage(head, "is missing the expected value", "expect FIELD VALUE"))
        }
        if args.count > 2 { return .failure(extra(head, first + 2)) }
        return .success(.expect(what, argument(first + 1)))
    }

    /// show -> 'show' ('summary'|'editor'|'diff'|'badges'|'env'|'hike' GRAPH?)?
    private func show(_ head: Token, _ args: Range<Int>) -> Result<CommandKind, SyntaxError> {
        guard !args.isEmpty else { return .success(.show(nil, nil)) }
        let first = args.lowerBound
        let view: ViewTarget
        if isWord(first, "summary") {
            view = .summary
        } else if isWord(first, "editor") {
            view = .editor
        } else if isWord(first, "diff") {
            view = .diff
        } else if isWord(first, "badges") {
            view = .badges
        } else if isWord(first, "env") {
            view = .env
        } else if isWord(first, "hike") {
            if args.count >= 2 {
                let graph = text(first + 1)
                guard Vocabulary.hikeGraphs.contains(graph) else {
                    return .failure(unknown("hike graph", first + 1, Vocabulary.hikeGraphs))
                }
                if args.count > 2 { return .failure(extra(head, first + 2)) }
                return .success(.show(.hike(graph: graph), tokens[first].span))
            }
            view = .hike(graph: nil)
        } else {
            return .failure(unknown("view", first, Vocabulary.views))
        }
        if args.count > 1 { return .failure(extra(head, first + 1)) }
        return .success(.show(view, tokens[first].span))
    }

    /// env -> 'env' (KEY VALUE?)?
    private func env(_ head: Token, _ args: Range<Int>) -> Result<CommandKind, SyntaxError> {
        guard !args.isEmpty else { return .success(.env(nil, nil)) }
        let first = args.lowerBound
        guard let key = EnvKey(rawValue: text(first)) else {
            return .failure(unknown("env key", first, Vocabulary.envKeys))
        }
        if args.count == 1 { return .success(.env(key, nil)) }
        if args.count > 2 { return .failure(extra(head, first + 2)) }
        return .success(.env(key, argument(first + 1)))
    }

    /// edit -> 'edit' ('on'|'off'|'toggle')? ; trace -> 'trace' ('on'|'off'|'toggle')?
    private func onOff(_ head: Token, _ args: Range<Int>) -> Result<Switch, SyntaxError> {
        guard !args.isEmpty else { return .success(.toggle) }
        let first = args.lowerBound
        let value: Switch
        if isWord(first, "on") {
            value = .on
        } else if isWord(first, "off") {
            value = .off
        } else if isWord(first, "toggle") {
            value = .toggle
        } else {
            return .failure(unknown("'\(line.text(of: head))' mode", first, Vocabulary.editWords))
        }
        if args.count > 1 { return .failure(extra(head, first + 1)) }
        return .success(value)
    }

    /// done -> 'done' '--force'? ; reset -> 'reset' '--force'?
    private func force(_ head: Token, _ args: Range<Int>) -> Result<Bool, SyntaxError> {
        guard !args.isEmpty else { return .success(false) }
        guard isWord(args.lowerBound, "--force") else {
            return .failure(unknown("option", args.lowerBound, ["--force"]))
        }
        if args.count > 1 { return .failure(extra(head, args.lowerBound + 1)) }
        return .success(true)
    }

    /// help -> 'help' TOPIC?
    private func help(_ head: Token, _ args: Range<Int>) -> Result<CommandKind, SyntaxError> {
        guard !args.isEmpty else { return .success(.help(topic: nil)) }
        guard Vocabulary.helpTopics.contains(text(args.lowerBound)) else {
            return .failure(unknown("help topic", args.lowerBound, Vocabulary.helpTopics))
        }
        if args.count > 1 { return .failure(extra(head, args.lowerBound + 1)) }
        return .success(.help(topic: argument(args.lowerBound)))
    }

    /// source -> 'source' FILE
    private func source(_ head: Token, _ args: Range<Int>) -> Result<CommandKind, SyntaxError> {
        guard !args.isEmpty else {
            return .failure(usage(head, "is missing a file", "source FILE"))
        }
        if args.count > 1 { return .failure(extra(head, args.lowerBound + 1)) }
        return .success(.source(argument(args.lowerBound)))
    }

    /// history -> 'history' N?
    private func history(_ head: Token, _ args: Range<Int>) -> Result<CommandKind, SyntaxError> {
        guard !args.isEmpty else { return .success(.history(nil)) }
        if args.count > 1 { return .failure(extra(head, args.lowerBound + 1)) }
        return .success(.history(argument(args.lowerBound)))
    }

    private func noArguments(_ head: Token, _ args: Range<Int>, _ kind: CommandKind)
        -> Result<CommandKind, SyntaxError>
    {
        if !args.isEmpty { return .failure(extra(head, args.lowerBound)) }
        return .success(kind)
    }

    // MARK: - Names

    /// target -> ('profile.'|'draft.')? FIELD | 'mode'
    private func target(_ index: Int, alsoAccepted: [String]) -> Result<Target, SyntaxError> {
        if isWord(index, "mode") { return .success(.mode) }
        let token = tokens[index]
        let full = line.text(of: token)
        guard let dot = full.utf8.firstIndex(of: UInt8(ascii: ".")) else {
            return fieldName(index, forSet: false, alsoAccepted: alsoAccepted).map { .field(nil, $0) }
        }
        let scopeText = String(full[..<dot])
        let fieldText = String(full[full.utf8.index(after: dot)...])
        let dotOffset = full.utf8.distance(from: full.startIndex, to: dot)
        let bodyStart = token.span.start + (token.kind == .string ? 1 : 0)
        guard let scope = Scope(rawValue: scopeText) else {
            return .failure(
                SyntaxError(
                    "unknown profile '\(scopeText)' (write profile.FIELD or draft.FIELD)"
                        + Suggestion.hint(for: scopeText, among: Vocabulary.scopes),
                    at: Span(line: token.span.line, start: bodyStart, end: bodyStart + dotOffset)))
        }
        guard let field = FieldName(rawValue: fieldText) else {
            return .failure(
                SyntaxError(
                    "unknown field '\(fieldText)'"
                        + Suggestion.hint(for: fieldText, among: Vocabulary.fields),
                    at: Span(line: token.span.line, start: bodyStart + dotOffset + 1, end: token.span.end)))
        }
        return .success(.field(scope, field))
    }

    private func fieldName(_ index: Int, forSet: Bool, alsoAccepted: [String] = [])
        -> Result<FieldName, SyntaxError>
    {
        let token = tokens[index]
        switch line.firstByte(of: token) {
        case UInt8(ascii: "s") where isWord(index, "season"): return .success(.season)
        case UInt8(ascii: "g") where isWord(index, "goal"): return .success(.goal)
        case UInt8(ascii: "n") where isWord(index, "notifications"): return .success(.notifications)
        case UInt8(ascii: "u") where isWord(index, "username"): return .success(.username)
        default: break
        }
        let typed = line.text(of: token)
        if forSet && (typed.hasPrefix("profile.") || typed.hasPrefix("draft.")) {
            return .failure(
                SyntaxError("'set' writes the draft: name the field alone (set FIELD VALUE)", at: token.span))
        }
        if forSet && typed == "mode" {
            return .failure(
                SyntaxError("the mode changes with 'edit on', 'done' and 'cancel', not 'set'", at: token.span))
        }
        let candidates = forSet ? Vocabulary.fields : Vocabulary.fields + ["mode"] + alsoAccepted
        return .failure(unknown("field", index, candidates))
    }

    // MARK: - Errors

    private func unknown(_ what: String, _ index: Int, _ candidates: [String]) -> SyntaxError {
        let typed = text(index)
        return SyntaxError(
            "unknown \(what) '\(typed)'" + Suggestion.hint(for: typed, among: candidates),
            at: tokens[index].span)
    }

    private func usage(_ head: Token, _ problem: String, _ form: String) -> SyntaxError {
        SyntaxError("'\(line.text(of: head))' \(problem) (usage: \(form))", at: head.span)
    }

    private func extra(_ head: Token, _ index: Int) -> SyntaxError {
        let name = line.text(of: head)
        return SyntaxError("too many arguments to '\(name)' (see 'help \(name)')", at: tokens[index].span)
    }

    /// The index of the `expect` that goes past `Parser.maxExpectNesting` in a chain of
    /// `expect error` starting at `range`, if any.
    private func nestedTooDeep(_ range: Range<Int>) -> Int? {
        var i = range.lowerBound
        var depth = 1
        while i + 1 < range.upperBound, isWord(i, "expect"), isWord(i + 1, "error") {
            depth += 1
            if depth > Parser.maxExpectNesting { return i }
            i += 2
        }
        return nil
    }
}

extension Parser {
    /// The deepest `expect error expect error …` chain; deeper ones would only exhaust the
    /// stack (each level is a nested parse and a nested run).
    public static let maxExpectNesting = 8
}
