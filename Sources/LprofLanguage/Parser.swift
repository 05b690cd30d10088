/// Turns the tokens of one logical line into commands. Unknown names and wrong argument
/// counts are syntax errors; values are left for the interpreter to check when it runs.
/// One error is reported per command, and parsing goes on with the next command, so a
/// checker can list every problem in a file. Names are matched on bytes: parsing a command
/// allocates only the text of its arguments (and nothing at all when only checking).
public enum Parser {
    /// Parses the next `;`-separated command of `line` at or after token `position`,
    /// moving `position` past it (also when it throws, so the caller can go on with the
    /// next command); nil when the line has no more commands. With `materialize` false
    /// (checking only), arguments are left without their text.
    ///
    ///     line -> command? (';' command?)*
    public static func next(
        in line: SourceLine, at position: inout Int, materialize: Bool = true
    ) throws(SyntaxError) -> Command? {
        let count = line.tokenBuffer.count
        let range: Range<Int>? = line.tokenBuffer.withUnsafeBufferPointer { tokens in
            while position < count && tokens[position].kind == .separator { position += 1 }
            guard position < count else { return nil }
            let start = position
            while position < count && tokens[position].kind != .separator { position += 1 }
            return start..<position
        }
        guard let range else { return nil }
        let result: Result<Command, SyntaxError> = line.tokenBuffer.withUnsafeBufferPointer {
            tokens in
            line.byteBuffer.withUnsafeBufferPointer { bytes in
                let parse = Parse(
                    tokens: tokens, bytes: bytes, decoded: line.decoded, materialize: materialize)
                return Result { () throws(SyntaxError) in try parse.command(range) }
            }
        }
        return try result.get()
    }

    /// Checks the next command of `line` without keeping it: true when there was one,
    /// false at the end of the line; throws its syntax error. Moves `position` past it.
    public static func checkNext(in line: SourceLine, at position: inout Int) throws(SyntaxError)
        -> Bool
    {
        if case .some = try next(in: line, at: &position, materialize: false) { return true }
        return false
    }

    /// Parses every command of `line` in order, calling `body` with each command or error;
    /// `body` returns false to stop.
    public static func parse(
        _ line: SourceLine, materialize: Bool = true,
        _ body: (Result<Command, SyntaxError>) -> Bool
    ) {
        var position = 0
        while true {
            let result: Result<Command, SyntaxError>
            do throws(SyntaxError) {
                guard let command = try next(in: line, at: &position, materialize: materialize)
                else {
                    return
                }
                result = .success(command)
            } catch {
                result = .failure(error)
            }
            if !body(result) { return }
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

/// The parser's working state for one line: its tokens and bytes (borrowed for the length
/// of `Parser.parse`, so that parsing copies and retains nothing), and whether to keep
/// argument text.
private struct Parse {
    let tokens: UnsafeBufferPointer<Token>
    let bytes: UnsafeBufferPointer<UInt8>
    let decoded: [String]
    let materialize: Bool

    private func argument(_ index: Int) -> Argument {
        let token = tokens[index]
        return Argument(materialize ? text(of: token) : "", at: token.span)
    }

    private func text(_ index: Int) -> String { text(of: tokens[index]) }

    /// The name in `table` that token `index` spells exactly, if any; no allocation.
    private func name<Name: CaseIterable & RawRepresentable<String>>(
        _ index: Int, in table: NameTable<Name>
    ) -> Name? {
        name(of: tokens[index], in: table)
    }

    @inline(__always)
    private func name<Name: CaseIterable & RawRepresentable<String>>(
        of token: Token, in table: NameTable<Name>
    ) -> Name? {
        if token.decodedIndex >= 0 { return table.name(decoded[token.decodedIndex]) }
        return table.name(UnsafeBufferPointer(rebasing: bytes[token.textStart..<token.textEnd]))
    }

    private func isKeyword(_ index: Int, _ keyword: Keyword) -> Bool {
        name(index, in: NameTables.keywords) == keyword
    }

    /// The token's text: its bytes, or a string's decoded contents.
    func text(of token: Token) -> String {
        if token.decodedIndex >= 0 { return decoded[token.decodedIndex] }
        return String(
            decoding: UnsafeBufferPointer(rebasing: bytes[token.textStart..<token.textEnd]),
            as: UTF8.self)
    }

    /// command -> NAME argument*
    func command(_ range: Range<Int>) throws(SyntaxError) -> Command {
        let head = tokens[range.lowerBound]
        let args = range.lowerBound + 1..<range.upperBound
        guard let name = name(of: head, in: NameTables.commands) else {
            let typed = text(of: head)
            throw
                (SyntaxError(
                    "unknown command '\(typed)'"
                        + Suggestion.hint(for: typed, among: Vocabulary.commands),
                    at: head.span))
        }
        let kind: CommandKind
        switch name {
        case .set: kind = try set(head, args)
        case .get: kind = try get(head, args)
        case .edit: kind = .edit(try onOff(head, args))
        case .trace: kind = .trace(try onOff(head, args))
        case .done: kind = .done(force: try force(head, args))
        case .reset: kind = .reset(force: try force(head, args))
        case .cancel: kind = try noArguments(head, args, .cancel)
        case .quit, .exit: kind = try noArguments(head, args, .quit)
        case .show: kind = try show(head, args)
        case .expect: kind = try expect(head, args)
        case .print: kind = .print(args.map(argument))
        case .env: kind = try env(head, args)
        case .help: kind = try help(head, args)
        case .source: kind = try source(head, args)
        case .history: kind = try history(head, args)
        }
        let last = args.isEmpty ? head.span : tokens[args.upperBound - 1].span
        return Command(kind, at: head.span, lastSpan: last)
    }

    // MARK: - Commands

    /// set -> 'set' FIELD VALUE
    private func set(_ head: Token, _ args: Range<Int>) throws(SyntaxError) -> CommandKind {
        guard !args.isEmpty else {
            throw (usage(head, "is missing a field", "set FIELD VALUE"))
        }
        let field = try fieldName(args.lowerBound, forSet: true)
        guard args.count >= 2 else {
            throw (usage(head, "is missing a value for \(field.rawValue)", "set FIELD VALUE"))
        }
        guard args.count == 2 else {
            throw
                (SyntaxError(
                    "'set' takes one value; quote a value that has spaces (set \(field.rawValue) \"…\")",
                    at: tokens[args.lowerBound + 2].span))
        }
        return (.set(field, argument(args.lowerBound + 1)))
    }

    /// get -> 'get' ((profile.|draft.)? FIELD | 'mode' | '--json' ('profile'|'draft')?)
    private func get(_ head: Token, _ args: Range<Int>) throws(SyntaxError) -> CommandKind {
        guard !args.isEmpty else {
            throw (usage(head, "is missing what to get", "get [profile.|draft.]FIELD"))
        }
        let first = args.lowerBound
        if isKeyword(first, .json) {
            if args.count == 1 { return (.getJSON(nil)) }
            guard let scope = name(first + 1, in: NameTables.scopes) else {
                throw (unknown("profile", first + 1, Vocabulary.scopes))
            }
            if args.count > 2 { throw (extra(head, first + 2)) }
            return (.getJSON(scope))
        }
        if args.count > 1 { throw (extra(head, first + 1)) }
        return .get(try target(first, alsoAccepted: [Keyword.json.rawValue]))
    }

    /// expect -> 'expect' ((profile.|draft.)? FIELD | 'mode') VALUE | 'expect' 'error' command
    private func expect(_ head: Token, _ args: Range<Int>) throws(SyntaxError) -> CommandKind {
        guard !args.isEmpty else {
            throw (usage(head, "is missing what to check", "expect FIELD VALUE"))
        }
        let first = args.lowerBound
        if isKeyword(first, .error) {
            guard args.count > 1 else {
                throw (usage(head, "error is missing a command", "expect error COMMAND …"))
            }
            if let deep = nestedTooDeep(first + 1..<args.upperBound) {
                throw SyntaxError(
                    "'expect error' nests too deeply (at most \(Parser.maxExpectNesting) levels)",
                    at: tokens[deep].span)
            }
            return .expectError(try command(first + 1..<args.upperBound))
        }
        let what = try target(first, alsoAccepted: [Keyword.error.rawValue])
        guard args.count >= 2 else {
            throw (usage(head, "is missing the expected value", "expect FIELD VALUE"))
        }
        if args.count > 2 { throw (extra(head, first + 2)) }
        return (.expect(what, argument(first + 1)))
    }

    /// show -> 'show' ('summary'|'editor'|'diff'|'badges'|'env'|'hike' GRAPH?)?
    private func show(_ head: Token, _ args: Range<Int>) throws(SyntaxError) -> CommandKind {
        guard !args.isEmpty else { return (.show(nil, nil)) }
        let first = args.lowerBound
        guard let name = name(first, in: NameTables.views) else {
            throw (unknown("view", first, Vocabulary.views))
        }
        let view: ViewTarget
        switch name {
        case .summary: view = .summary
        case .editor: view = .editor
        case .diff: view = .diff
        case .badges: view = .badges
        case .env: view = .env
        case .hike:
            if args.count >= 2 {
                guard let graph = self.name(first + 1, in: NameTables.hikeGraphs) else {
                    throw (unknown("hike graph", first + 1, Vocabulary.hikeGraphs))
                }
                if args.count > 2 { throw (extra(head, first + 2)) }
                return (.show(.hike(graph: graph), tokens[first].span))
            }
            view = .hike(graph: nil)
        }
        if args.count > 1 { throw (extra(head, first + 1)) }
        return (.show(view, tokens[first].span))
    }

    /// env -> 'env' (KEY VALUE?)?
    private func env(_ head: Token, _ args: Range<Int>) throws(SyntaxError) -> CommandKind {
        guard !args.isEmpty else { return (.env(nil, nil)) }
        let first = args.lowerBound
        guard let key = name(first, in: NameTables.envKeys) else {
            throw (unknown("env key", first, Vocabulary.envKeys))
        }
        if args.count == 1 { return (.env(key, nil)) }
        if args.count > 2 { throw (extra(head, first + 2)) }
        return (.env(key, argument(first + 1)))
    }

    /// edit -> 'edit' ('on'|'off'|'toggle')? ; trace -> 'trace' ('on'|'off'|'toggle')?
    private func onOff(_ head: Token, _ args: Range<Int>) throws(SyntaxError) -> Switch {
        guard !args.isEmpty else { return (.toggle) }
        let first = args.lowerBound
        guard let value = name(first, in: NameTables.switches) else {
            throw (unknown("'\(text(of: head))' mode", first, Vocabulary.switches))
        }
        if args.count > 1 { throw (extra(head, first + 1)) }
        return (value)
    }

    /// done -> 'done' '--force'? ; reset -> 'reset' '--force'?
    private func force(_ head: Token, _ args: Range<Int>) throws(SyntaxError) -> Bool {
        guard !args.isEmpty else { return (false) }
        guard isKeyword(args.lowerBound, .force) else {
            throw (unknown("option", args.lowerBound, [Keyword.force.rawValue]))
        }
        if args.count > 1 { throw (extra(head, args.lowerBound + 1)) }
        return (true)
    }

    /// help -> 'help' TOPIC?
    private func help(_ head: Token, _ args: Range<Int>) throws(SyntaxError) -> CommandKind {
        guard !args.isEmpty else { return (.help(topic: nil)) }
        guard Vocabulary.helpTopics.contains(text(args.lowerBound)) else {
            throw (unknown("help topic", args.lowerBound, Vocabulary.helpTopics))
        }
        if args.count > 1 { throw (extra(head, args.lowerBound + 1)) }
        return (.help(topic: argument(args.lowerBound)))
    }

    /// source -> 'source' FILE
    private func source(_ head: Token, _ args: Range<Int>) throws(SyntaxError) -> CommandKind {
        guard !args.isEmpty else {
            throw (usage(head, "is missing a file", "source FILE"))
        }
        if args.count > 1 { throw (extra(head, args.lowerBound + 1)) }
        return (.source(argument(args.lowerBound)))
    }

    /// history -> 'history' N?
    private func history(_ head: Token, _ args: Range<Int>) throws(SyntaxError) -> CommandKind {
        guard !args.isEmpty else { return (.history(nil)) }
        if args.count > 1 { throw (extra(head, args.lowerBound + 1)) }
        return (.history(argument(args.lowerBound)))
    }

    private func noArguments(_ head: Token, _ args: Range<Int>, _ kind: CommandKind)
        throws(SyntaxError) -> CommandKind
    {
        if !args.isEmpty { throw (extra(head, args.lowerBound)) }
        return (kind)
    }

    // MARK: - Names

    /// target -> ('profile.'|'draft.')? FIELD | 'mode'
    private func target(_ index: Int, alsoAccepted: [String]) throws(SyntaxError) -> Target {
        if isKeyword(index, .mode) { return (.mode) }
        let token = tokens[index]
        let full = text(of: token)
        guard let dot = full.utf8.firstIndex(of: UInt8(ascii: ".")) else {
            return .field(nil, try fieldName(index, forSet: false, alsoAccepted: alsoAccepted))
        }
        let scopeText = String(full[..<dot])
        let fieldText = String(full[full.utf8.index(after: dot)...])
        let dotOffset = full.utf8.distance(from: full.startIndex, to: dot)
        let bodyStart = token.span.start + (token.kind == .string ? 1 : 0)
        guard let scope = Scope(rawValue: scopeText) else {
            throw
                (SyntaxError(
                    "unknown profile '\(scopeText)' (write profile.FIELD or draft.FIELD)"
                        + Suggestion.hint(for: scopeText, among: Vocabulary.scopes),
                    at: Span(line: token.span.line, start: bodyStart, end: bodyStart + dotOffset)))
        }
        guard let field = FieldName(rawValue: fieldText) else {
            throw
                (SyntaxError(
                    "unknown field '\(fieldText)'"
                        + Suggestion.hint(for: fieldText, among: Vocabulary.fields),
                    at: Span(
                        line: token.span.line, start: bodyStart + dotOffset + 1, end: token.span.end
                    )))
        }
        return (.field(scope, field))
    }

    private func fieldName(_ index: Int, forSet: Bool, alsoAccepted: [String] = [])
        throws(SyntaxError) -> FieldName
    {
        let token = tokens[index]
        if let field = name(of: token, in: NameTables.fields) { return field }
        let typed = text(of: token)
        if forSet && Vocabulary.scopes.contains(where: { typed.hasPrefix($0 + ".") }) {
            throw
                (SyntaxError(
                    "'set' writes the draft: name the field alone (set FIELD VALUE)", at: token.span
                ))
        }
        if forSet && typed == Keyword.mode.rawValue {
            throw
                (SyntaxError(
                    "the mode changes with 'edit on', 'done' and 'cancel', not 'set'",
                    at: token.span))
        }
        let candidates =
            forSet ? Vocabulary.fields : Vocabulary.fields + [Keyword.mode.rawValue] + alsoAccepted
        throw (unknown("field", index, candidates))
    }

    // MARK: - Errors

    private func unknown(_ what: String, _ index: Int, _ candidates: [String]) -> SyntaxError {
        let typed = text(index)
        return SyntaxError(
            "unknown \(what) '\(typed)'" + Suggestion.hint(for: typed, among: candidates),
            at: tokens[index].span)
    }

    private func usage(_ head: Token, _ problem: String, _ form: String) -> SyntaxError {
        SyntaxError("'\(text(of: head))' \(problem) (usage: \(form))", at: head.span)
    }

    private func extra(_ head: Token, _ index: Int) -> SyntaxError {
        let name = text(of: head)
        return SyntaxError(
            "too many arguments to '\(name)' (see 'help \(name)')", at: tokens[index].span)
    }

    /// The index of the `expect` that goes past `Parser.maxExpectNesting` in a chain of
    /// `expect error` starting at `range`, if any.
    private func nestedTooDeep(_ range: Range<Int>) -> Int? {
        var i = range.lowerBound
        var depth = 1
        while i + 1 < range.upperBound, name(i, in: NameTables.commands) == .expect,
            isKeyword(i + 1, .error)
        {
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
