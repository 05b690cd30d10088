import LprofModel
import LprofText

/// Turns the tokens of one logical line into commands. Unknown names and wrong argument
/// counts are syntax errors; values are left for the interpreter to check when it runs.
/// One error is reported per command, and parsing goes on with the next command, so a
/// checker can list every problem in a file. Names are matched on bytes: parsing a command
/// allocates only the text of its arguments.
public enum Parser {
    /// Parses the next `;`-separated command of `line` at or after token `position`,
    /// moving `position` past it (also when it throws, so the caller can go on with the
    /// next command); nil when the line has no more commands.
    ///
    ///     line -> command? (';' command?)*
    public static func next(in line: SourceLine, at position: inout Int) throws(SyntaxError)
        -> Command?
    {
        guard let range = commandRange(in: line, at: &position) else { return nil }
        let command = try Parse(line, setValueText: true).command(range)
        withExtendedLifetime(line) {}
        return command
    }

    /// Parses the command in `range` (from `commandRange`) of `line`. With `next`, the
    /// command comes back optional; a runner that loops over a line's commands uses this
    /// pair instead, so that no optional command is made and destroyed per command. With
    /// `setValueText` false, a `set`'s value is left without its text, for a compiler that
    /// reads it as bytes where it is written (`SourceLine.withText(ofTokenAt:)`).
    public static func command(
        in line: SourceLine, _ range: Range<Int>, setValueText: Bool = true
    ) throws(SyntaxError) -> Command {
        let command = try Parse(line, setValueText: setValueText).command(range)
        withExtendedLifetime(line) {}
        return command
    }

    /// The token range of the next command at or after `position`, moving `position` past
    /// it; nil when the line has no more commands.
    @inlinable
    public static func commandRange(in line: SourceLine, at position: inout Int) -> Range<Int>? {
        let count = line.tokenBuffer.count
        // The line is borrowed for the whole call, so its buffers stay put: parse straight
        // from their storage, with no closure and no result to wrap.
        let tokens = line.tokenBuffer.base
        while position < count && tokens[position].kind == .separator { position += 1 }
        guard position < count else { return nil }
        let start = position
        while position < count && tokens[position].kind != .separator { position += 1 }
        return start..<position
    }

    /// Parses every command of `line` in order, calling `body` with each command or error;
    /// `body` returns false to stop.
    public static func parse(_ line: SourceLine, _ body: (Result<Command, SyntaxError>) -> Bool) {
        var position = 0
        while true {
            let result: Result<Command, SyntaxError>
            do throws(SyntaxError) {
                guard let command = try next(in: line, at: &position) else { return }
                result = .success(command)
            } catch {
                result = .failure(error)
            }
            if !body(result) { return }
        }
    }
}

/// The parser's working state for one line: its tokens and bytes (borrowed for the length
/// of `Parser.parse`, so that parsing copies and retains nothing), and whether to keep
/// argument text.
private struct Parse {
    let tokens: UnsafeBufferPointer<Token>
    let bytes: UnsafeBufferPointer<UInt8>
    /// The line's decoded strings, indexed by `Token.decodedIndex`.
    let decoded: UnsafePointer<String>
    /// Whether a `set`'s value gets its text (every other argument does, and so does the
    /// value of a `set` inside `expect error`, which runs as a command).
    var setValueText: Bool

    /// The parser over `line`'s buffers, which must outlive it (`line` is borrowed by the
    /// caller for as long as it parses).
    @inline(__always)
    init(_ line: SourceLine, setValueText: Bool) {
        tokens = UnsafeBufferPointer(start: line.tokenBuffer.base, count: line.tokenBuffer.count)
        bytes = UnsafeBufferPointer(start: line.byteBuffer.base, count: line.byteBuffer.count)
        decoded = line.decoded.base
        self.setValueText = setValueText
    }

    private func argument(_ index: Int) -> Argument {
        let token = tokens[index]
        return Argument(text(of: token), at: token.span)
    }

    private func text(_ index: Int) -> String { text(of: tokens[index]) }

    /// The name in `table` that token `index` spells exactly, if any; no allocation.
    @inline(__always)
    private func name<Name: CaseIterable & RawRepresentable<String>>(
        _ index: Int, in table: NameTable<Name>
    ) -> Name? {
        name(of: tokens[index], in: table)
    }

    /// The name in `table` that `token` spells exactly: its bytes, or a string's decoded
    /// contents, matched against the table's names.
    @inline(__always)
    private func name<Name: CaseIterable & RawRepresentable<String>>(
        of token: Token, in table: NameTable<Name>
    ) -> Name? {
        if _slowPath(token.decodedIndex >= 0) { return table.name(decoded[token.decodedIndex]) }
        return table.name(
            UnsafeBufferPointer(
                start: bytes.baseAddress! + token.textStart, count: token.textEnd - token.textStart)
        )
    }

    @inline(__always)
    private func isKeyword(_ index: Int, _ keyword: Keyword) -> Bool {
        name(index, in: NameTables.keywords) == keyword
    }

    /// The token's text: its bytes, or a string's decoded contents.
    func text(of token: Token) -> String {
        if token.decodedIndex >= 0 { return decoded[token.decodedIndex] }
        let count = token.textEnd - token.textStart
        if count <= 15 {
            // Up to 15 bytes make a small string: this initialiser fills it in place and,
            // when it is ASCII, skips validating it again (the lexer checked the line).
            let source = bytes.baseAddress! + token.textStart
            return String(unsafeUninitializedCapacity: count) { target in
                target.baseAddress!.update(from: source, count: count)
                return count
            }
        }
        return String(
            decoding: UnsafeBufferPointer(rebasing: bytes[token.textStart..<token.textEnd]),
            as: UTF8.self)
    }

    /// True when the token's text is exactly `word`; no allocation. The hot path's matcher:
    /// a command's name and a field's are matched with it (see `commandName(_:)`).
    @inline(__always)
    func matches(_ token: Token, _ word: StaticString) -> Bool {
        let count = token.textEnd - token.textStart
        if _slowPath(token.decodedIndex >= 0) {
            return decoded[token.decodedIndex] == word.description
        }
        guard count == word.utf8CodeUnitCount else { return false }
        // Keywords are short: a loop inlined here beats a call to memcmp.
        let text = bytes.baseAddress! + token.textStart
        let expected = word.utf8Start
        var i = 0
        while i < count {
            if text[i] != expected[i] { return false }
            i += 1
        }
        return true
    }

    @inline(__always)
    func firstByte(of token: Token) -> UInt8 {
        token.textEnd > token.textStart ? bytes[token.textStart] : 0
    }

    /// command -> NAME argument*
    func command(_ range: Range<Int>) throws(SyntaxError) -> Command {
        let head = tokens[range.lowerBound]
        let args = range.lowerBound + 1..<range.upperBound
        guard let name = commandName(head) ?? alias(head) else { throw unknownCommand(head) }
        let place = head.span
        let last = args.isEmpty ? place : tokens[args.upperBound - 1].span
        // Each case builds its command in place: the kind is never copied.
        switch name {
        case .set: return Command(try set(head, args), at: place, lastSpan: last)
        case .get: return Command(try get(head, args), at: place, lastSpan: last)
        case .edit: return Command(.edit(try onOff(head, args)), at: place, lastSpan: last)
        case .trace: return Command(.trace(try onOff(head, args)), at: place, lastSpan: last)
        case .done: return Command(.done(force: try force(head, args)), at: place, lastSpan: last)
        case .reset: return Command(.reset(force: try force(head, args)), at: place, lastSpan: last)
        case .dismiss:
            return Command(.dismiss(force: try force(head, args)), at: place, lastSpan: last)
        case .present:
            return Command(try noArguments(head, args, .present), at: place, lastSpan: last)
        case .cancel:
            return Command(try noArguments(head, args, .cancel), at: place, lastSpan: last)
        case .reload:
            return Command(try noArguments(head, args, .reload), at: place, lastSpan: last)
        case .quit, .exit:
            return Command(try noArguments(head, args, .quit), at: place, lastSpan: last)
        case .show: return Command(try show(head, args), at: place, lastSpan: last)
        case .expect: return Command(try expect(head, args), at: place, lastSpan: last)
        case .print: return Command(.print(args.map(argument)), at: place, lastSpan: last)
        case .env: return Command(try env(head, args), at: place, lastSpan: last)
        case .help: return Command(try help(head, args), at: place, lastSpan: last)
        case .source: return Command(try source(head, args), at: place, lastSpan: last)
        case .record: return Command(try record(head, args), at: place, lastSpan: last)
        case .history: return Command(try history(head, args), at: place, lastSpan: last)
        case .why: return Command(try why(head, args), at: place, lastSpan: last)
        }
    }

    /// The command a word from another shell runs as (`?` is `help`); off the hot path,
    /// read only for a word that is no command's name.
    @inline(never)
    private func alias(_ head: Token) -> CommandName? {
        guard case .alias(let command) = name(of: head, in: NameTables.foreignCommands)?.meaning
        else { return nil }
        return command
    }

    /// An unknown command, with the known one it is closest to; a word from another shell
    /// (`\q`, `:q`, `.quit`) is answered with lprof's word for it.
    @inline(never)
    private func unknownCommand(_ head: Token) -> SyntaxError {
        let typed = text(of: head)
        if case .suggests(let command) = name(of: head, in: NameTables.foreignCommands)?.meaning {
            return SyntaxError(
                "unknown command '\(typed)'; did you mean '\(command.rawValue)'?", at: head.span)
        }
        // Julia's `?set`: help on a topic, written as one word.
        for alias in ForeignCommand.aliases where typed.hasPrefix(alias.rawValue) {
            let topic = typed.dropFirst(alias.rawValue.count)
            if Vocabulary.helpTopics.contains(String(topic)) {
                return SyntaxError(
                    "unknown command '\(typed)'; did you mean '\(alias.rawValue) \(topic)'?",
                    at: head.span)
            }
        }
        return SyntaxError(
            "unknown command '\(typed)'" + Suggestion.hint(for: typed, among: Vocabulary.commands),
            at: head.span)
    }

    /// The command `token` names: `CommandName`'s names, spelt out by length for the hot
    /// path (a table lookup cost the parser 3% of its instructions). A name missing here
    /// fails `VocabularyTests.everyCommandParses`; the table stays the one list of names
    /// that completion, suggestions, help and the documentation read.
    func commandName(_ token: Token) -> CommandName? {
        switch token.textEnd - token.textStart {
        case 3:
            if matches(token, "set") { return .set }
            if matches(token, "get") { return .get }
            if matches(token, "env") { return .env }
            if matches(token, "why") { return .why }
        case 4:
            if matches(token, "edit") { return .edit }
            if matches(token, "done") { return .done }
            if matches(token, "show") { return .show }
            if matches(token, "help") { return .help }
            if matches(token, "quit") { return .quit }
            if matches(token, "exit") { return .exit }
        case 5:
            if matches(token, "reset") { return .reset }
            if matches(token, "trace") { return .trace }
            if matches(token, "print") { return .print }
        case 6:
            if matches(token, "cancel") { return .cancel }
            if matches(token, "expect") { return .expect }
            if matches(token, "source") { return .source }
            if matches(token, "reload") { return .reload }
            if matches(token, "record") { return .record }
        case 7:
            if matches(token, "history") { return .history }
            if matches(token, "dismiss") { return .dismiss }
            if matches(token, "present") { return .present }
        default:
            break
        }
        return nil
    }

    // MARK: - Commands

    /// set -> 'set' FIELD VALUE
    private func set(_ head: Token, _ args: Range<Int>) throws(SyntaxError) -> CommandKind {
        let field = try setField(head, args)
        let value = args.lowerBound + 1
        return .set(field, setValueText ? argument(value) : Argument("", at: tokens[value].span))
    }

    /// The field of `set FIELD VALUE`, whose value is then the token after it.
    @inline(__always)
    private func setField(_ head: Token, _ args: Range<Int>) throws(SyntaxError) -> ProfileField {
        if args.count == 2, let field = knownField(tokens[args.lowerBound]) { return field }
        throw setError(head, args)
    }

    /// What is wrong with a `set` that is not FIELD VALUE (kept out of the hot path).
    @inline(never)
    private func setError(_ head: Token, _ args: Range<Int>) -> SyntaxError {
        guard !args.isEmpty else {
            return usage(head, "is missing a field", "set FIELD VALUE")
        }
        let field: ProfileField
        do throws(SyntaxError) {
            field = try fieldName(args.lowerBound, forSet: true)
        } catch {
            return error
        }
        guard args.count >= 2 else {
            return usage(
                head, "is missing a value for \(field.rawValue)", "set FIELD VALUE",
                commentAfter: args.lowerBound)
        }
        return SyntaxError(
            "'set' takes one value; quote a value that has spaces (set \(field.rawValue) \"…\")",
            at: tokens[args.lowerBound + 2].span)
    }

    /// get -> 'get' ((profile.|draft.)? FIELD | 'mode' | 'sheet' | '--json' ('profile'|'draft')?)
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
        if isKeyword(first, .wiring) {
            guard args.count > 1 else {
                throw (usage(head, "is missing the wiring piece", "get wiring PIECE"))
            }
            let piece = try wiringPiece(first + 1)
            if args.count > 2 { throw (extra(head, first + 2)) }
            return .get(.wiring(piece))
        }
        if args.count > 1 { throw (extra(head, first + 1)) }
        return .get(try target(first, alsoAccepted: [Keyword.json.rawValue]))
    }

    /// why -> 'why' ((profile.|draft.)? FIELD | 'mode' | 'sheet' | 'view')
    private func why(_ head: Token, _ args: Range<Int>) throws(SyntaxError) -> CommandKind {
        guard !args.isEmpty else {
            throw (usage(head, "is missing what to explain", "why [profile.|draft.]FIELD"))
        }
        let first = args.lowerBound
        if args.count > 1 { throw (extra(head, first + 1)) }
        if isKeyword(first, .view) { return .why(.view) }
        switch try target(first, alsoAccepted: [Keyword.view.rawValue]) {
        case .field(let scope, let field): return .why(.field(scope, field))
        case .mode: return .why(.mode)
        case .sheet: return .why(.sheet)
        case .wiring: throw (unknown("field", first, Vocabulary.fields))
        }
    }

    /// expect -> 'expect' ((profile.|draft.)? FIELD | 'mode' | 'sheet') VALUE
    ///         | 'expect' 'error' command
    private func expect(_ head: Token, _ args: Range<Int>) throws(SyntaxError) -> CommandKind {
        guard !args.isEmpty else {
            throw (usage(head, "is missing what to check", "expect FIELD VALUE"))
        }
        let first = args.lowerBound
        if isKeyword(first, .error) {
            guard args.count > 1 else {
                throw SyntaxError(
                    "'expect error' is missing a command (usage: expect error COMMAND …)",
                    at: head.span)
            }
            if let deep = nestedTooDeep(first + 1..<args.upperBound) {
                throw SyntaxError(
                    "'expect error' nests too deeply (at most \(Limits.expectNesting) levels)",
                    at: tokens[deep].span)
            }
            var inner = self
            inner.setValueText = true
            return .expectError(try inner.command(first + 1..<args.upperBound))
        }
        if isKeyword(first, .wiring) {
            guard args.count > 2 else {
                throw
                    (usage(head, "is missing the piece or its value", "expect wiring PIECE VALUE"))
            }
            let piece = try wiringPiece(first + 1)
            if args.count > 3 { throw (extra(head, first + 3)) }
            return .expect(.wiring(piece), argument(first + 2))
        }
        let what = try target(first, alsoAccepted: [Keyword.error.rawValue])
        guard args.count >= 2 else {
            throw (usage(head, "is missing the expected value", "expect FIELD VALUE"))
        }
        if args.count > 2 { throw (extra(head, first + 2)) }
        return (.expect(what, argument(first + 1)))
    }

    /// show -> 'show' ('summary'|'editor'|'diff'|'badges'|'env'|'voiceover'|'code'|'hike' GRAPH?)?
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
        case .voiceover: view = .voiceover
        case .code: view = .code
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

    /// env -> 'env' (KEY VALUE?)? | 'env' 'wiring' (PIECE VALUE?)?
    private func env(_ head: Token, _ args: Range<Int>) throws(SyntaxError) -> CommandKind {
        guard !args.isEmpty else { return (.env(nil, nil)) }
        let first = args.lowerBound
        guard let key = name(first, in: NameTables.envKeys) else {
            throw (unknown("env key", first, Vocabulary.envKeys))
        }
        if args.count == 1 { return (.env(key, nil)) }
        if key == .wiring {
            let piece = try wiringPiece(first + 1)
            if args.count == 2 { return .rewire(piece, nil) }
            if args.count > 3 { throw (extra(head, first + 3)) }
            return .rewire(piece, argument(first + 2))
        }
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

    /// done -> 'done' '--force'? ; reset -> 'reset' '--force'? ; dismiss -> 'dismiss' '--force'?
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
        return (.source(try file(head, args.lowerBound, "source FILE")))
    }

    /// record -> 'record' '--force'? FILE | 'record' 'off'
    ///
    /// A FILE that starts with `--` is taken for a mistyped option; `./off` and `./--x`
    /// name such files.
    private func record(_ head: Token, _ args: Range<Int>) throws(SyntaxError) -> CommandKind {
        let form = "record [--force] FILE | record off"
        guard !args.isEmpty else { throw usage(head, "is missing a file", form) }
        var index = args.lowerBound
        let force = isKeyword(index, .force)
        if force {
            index += 1
            guard index < args.upperBound else {
                throw usage(head, "--force is missing a file", form)
            }
        } else if args.count == 1, name(index, in: NameTables.switches) == .off {
            return .recordOff
        }
        if force && isKeyword(index, .force) { throw extra(head, index) }
        if text(index).hasPrefix("--") {
            throw unknown("option", index, [Keyword.force.rawValue])
        }
        if index + 1 < args.upperBound { throw extra(head, index + 1) }
        return .record(path: try file(head, index, form), force: force)
    }

    /// history -> 'history' N?, N a whole number (a count of entries, whatever the state).
    private func history(_ head: Token, _ args: Range<Int>) throws(SyntaxError) -> CommandKind {
        guard !args.isEmpty else { return (.history(nil)) }
        if args.count > 1 { throw (extra(head, args.lowerBound + 1)) }
        let count = argument(args.lowerBound)
        guard let n = Int(count.text), n >= 0 else {
            throw SyntaxError(
                "history takes a count of entries, not '\(count.text)'", at: count.span)
        }
        return (.history(count))
    }

    /// A FILE argument: a name, never empty (no file has an empty name).
    private func file(_ head: Token, _ index: Int, _ form: String) throws(SyntaxError) -> Argument {
        let file = argument(index)
        guard !file.text.isEmpty else {
            throw SyntaxError(
                "'\(text(of: head))' needs a file name, not \"\" (usage: \(form))", at: file.span)
        }
        return file
    }

    /// cancel | reload | quit | exit -> NAME
    private func noArguments(_ head: Token, _ args: Range<Int>, _ kind: CommandKind)
        throws(SyntaxError) -> CommandKind
    {
        if !args.isEmpty { throw (extra(head, args.lowerBound)) }
        return (kind)
    }

    // MARK: - Names

    /// A piece of ProfileHost's wiring, by its exact name.
    private func wiringPiece(_ index: Int) throws(SyntaxError) -> WiringPiece {
        guard let piece = name(index, in: NameTables.wiringPieces) else {
            throw (unknown("wiring piece", index, Vocabulary.wiringPieces))
        }
        return piece
    }

    /// target -> ('profile.'|'draft.')? FIELD | 'mode' | 'sheet'
    private func target(_ index: Int, alsoAccepted: [String]) throws(SyntaxError) -> Target {
        switch name(index, in: NameTables.keywords) {
        case .mode: return (.mode)
        case .sheet: return (.sheet)
        default: break
        }
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
        guard let field = ProfileField(rawValue: fieldText) else {
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
        throws(SyntaxError) -> ProfileField
    {
        if let field = knownField(tokens[index]) { return field }
        throw fieldNameError(index, forSet: forSet, alsoAccepted: alsoAccepted)
    }

    /// The field `token` names, if it names one: `ProfileField`'s names, spelt out for the hot
    /// path as `commandName(_:)` is (`VocabularyTests.everyFieldParses` holds the two equal).
    @inline(__always)
    private func knownField(_ token: Token) -> ProfileField? {
        switch firstByte(of: token) {
        case UInt8(ascii: "s") where matches(token, "season"): return .season
        case UInt8(ascii: "g") where matches(token, "goal"): return .goal
        case UInt8(ascii: "n") where matches(token, "notifications"): return .notifications
        case UInt8(ascii: "u") where matches(token, "username"): return .username
        default: return nil
        }
    }

    /// Why the token at `index` is not a field.
    @inline(never)
    private func fieldNameError(_ index: Int, forSet: Bool, alsoAccepted: [String])
        -> SyntaxError
    {
        let token = tokens[index]
        let typed = text(of: token)
        if forSet && Vocabulary.scopes.contains(where: { typed.hasPrefix($0 + ".") }) {
            return SyntaxError(
                "'set' writes the draft: name the field alone (set FIELD VALUE)", at: token.span)
        }
        if forSet && typed == Keyword.mode.rawValue {
            return SyntaxError(
                "the mode changes with 'edit on', 'done' and 'cancel', not 'set'", at: token.span)
        }
        if forSet && typed == Keyword.sheet.rawValue {
            return SyntaxError(
                "the sheet changes with 'dismiss' and 'present', not 'set'", at: token.span)
        }
        let candidates =
            forSet
            ? Vocabulary.fields
            : Vocabulary.fields + [Keyword.mode.rawValue, Keyword.sheet.rawValue]
                + alsoAccepted
        return unknown("field", index, candidates)
    }

    // MARK: - Errors

    private func unknown(_ what: String, _ index: Int, _ candidates: [String]) -> SyntaxError {
        let typed = text(index)
        return SyntaxError(
            "unknown \(what) '\(typed)'" + Suggestion.hint(for: typed, among: candidates),
            at: tokens[index].span)
    }

    /// A command used wrongly: the problem and the command's form. When a comment follows
    /// token `commentAfter` (`set username #hiker`), the value was probably meant to
    /// start with `#`: the message says how to write it.
    private func usage(
        _ head: Token, _ problem: String, _ form: String, commentAfter last: Int? = nil
    ) -> SyntaxError {
        var message = "'\(text(of: head))' \(problem) (usage: \(form))"
        if let last, last == tokens.count - 1, commentFollows(tokens[last]) {
            message += "; '#' starts a comment: quote a value that starts with it (\"#…\")"
        }
        return SyntaxError(message, at: head.span)
    }

    /// Whether the rest of the line after `token` is a comment.
    private func commentFollows(_ token: Token) -> Bool {
        var i = token.textEnd
        if i < bytes.count, bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") {
            i += 1
        }
        while i < bytes.count, bytes[i] == UInt8(ascii: " ") || bytes[i] == UInt8(ascii: "\t") {
            i += 1
        }
        return i < bytes.count && bytes[i] == UInt8(ascii: "#")
    }

    private func extra(_ head: Token, _ index: Int) -> SyntaxError {
        let name = text(of: head)
        return SyntaxError(
            "too many arguments to '\(name)' (see 'help \(name)')", at: tokens[index].span)
    }

    /// The index of the `expect` that goes past `Limits.expectNesting` in a chain of
    /// `expect error` starting at `range`, if any.
    private func nestedTooDeep(_ range: Range<Int>) -> Int? {
        var i = range.lowerBound
        var depth = 1
        while i + 1 < range.upperBound, commandName(tokens[i]) == .expect,
            isKeyword(i + 1, .error)
        {
            depth += 1
            if depth > Limits.expectNesting { return i }
            i += 2
        }
        return nil
    }
}
