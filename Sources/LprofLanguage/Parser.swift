import LprofModel
import LprofText

/// Turns a logical line's tokens into commands, one error per command, so `check` lists them all.
public enum Parser {
    /// Parses the next command at or after `position`, moving past it even when it throws so
    /// that the caller can go on.
    ///
    ///     line -> command? (';' command?)*
    public static func next(in line: SourceLine, at position: inout Int) throws(SyntaxError)
        -> Command?
    {
        guard let range = commandRange(in: line, at: &position) else { return nil }
        return try command(in: line, range)
    }

    /// Parses the command in `range` (from `commandRange`), so that a runner's loop makes no
    /// optional per command; `setValueText` false leaves a `set`'s value for the compiler.
    public static func command(
        in line: SourceLine, _ range: Range<Int>, setValueText: Bool = true
    ) throws(SyntaxError) -> Command {
        let command = try Parse(line, setValueText: setValueText).command(range)
        withExtendedLifetime(line) {}
        return command
    }

    /// The token range of the next command at or after `position`, moving `position` past it.
    @inlinable
    public static func commandRange(in line: SourceLine, at position: inout Int) -> Range<Int>? {
        let count = line.tokenBuffer.count
        // The line is borrowed for the call, so parse straight from its buffers' storage.
        let tokens = line.tokenBuffer.base
        while position < count && tokens[position].kind == .separator { position += 1 }
        guard position < count else { return nil }
        let start = position
        while position < count && tokens[position].kind != .separator { position += 1 }
        return start..<position
    }

    /// Parses every command of `line` in order, until `body` returns false.
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

/// The parser's working state for one line, its buffers borrowed so that parsing copies and
/// retains nothing.
private struct Parse {
    let tokens: UnsafeBufferPointer<Token>
    let bytes: UnsafeBufferPointer<UInt8>
    /// The line's decoded strings, indexed by `Token.decodedIndex`.
    let decoded: UnsafePointer<String>
    /// Whether a `set`'s value gets its text (always inside `expect error`, run as a command).
    var setValueText: Bool

    /// The parser over `line`'s buffers, which must outlive it.
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

    /// The name in `table` that `token` spells exactly.
    @inline(__always)
    private func name<Name>(
        of token: Token, in table: NameTable<Name>
    ) -> Name? {
        if _slowPath(token.decodedIndex >= 0) { return table.name(decoded[token.decodedIndex]) }
        return table.name(
            UnsafeBufferPointer(
                start: bytes.baseAddress! + token.textStart, count: token.textEnd - token.textStart)
        )
    }

    /// The token's text: its bytes, or a string's decoded contents.
    func text(of token: Token) -> String {
        if token.decodedIndex >= 0 { return decoded[token.decodedIndex] }
        let count = token.textEnd - token.textStart
        if count <= 15 {
            // A small string (up to 15 bytes) filled in place skips validating ASCII again.
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

    /// True when the token's text is exactly `word`; no allocation.
    func matches(_ token: Token, _ word: String) -> Bool {
        if token.decodedIndex >= 0 { return decoded[token.decodedIndex] == word }
        let count = token.textEnd - token.textStart
        guard word.utf8.count == count else { return false }
        var word = word
        return word.withUTF8 { expected in
            let text = bytes.baseAddress! + token.textStart
            var i = 0
            while i < count {
                if text[i] != expected[i] { return false }
                i += 1
            }
            return true
        }
    }

    /// command -> NAME argument*, the arguments matched against `Grammar`'s forms.
    func command(_ range: Range<Int>) throws(SyntaxError) -> Command {
        let head = tokens[range.lowerBound]
        let args = range.lowerBound + 1..<range.upperBound
        guard let name = commandName(head) ?? alias(head) else { throw unknownCommand(head) }
        let place = head.span
        let last = args.isEmpty ? place : tokens[args.upperBound - 1].span
        // `set`, the hot path, is matched by hand: its form is Grammar's `set FIELD VALUE`.
        if name == .set { return Command(try set(head, args), at: place, lastSpan: last) }
        return Command(try match(name, head, args), at: place, lastSpan: last)
    }

    /// The command a word from another shell runs as (`?` is `help`), off the hot path.
    @inline(never)
    private func alias(_ head: Token) -> CommandName? {
        name(of: head, in: NameTables.foreignCommands)?.runsAs
    }

    /// An unknown command, with the nearest one or lprof's word for another shell's (`\q`).
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

    @inline(__always)
    func commandName(_ token: Token) -> CommandName? { name(of: token, in: NameTables.commands) }

    // MARK: - Forms

    /// Matches `args` against the form whose first slot is the first word, else the first
    /// that takes any word there, so that an error names the word or slot that went wrong.
    private func match(_ name: CommandName, _ head: Token, _ args: Range<Int>)
        throws(SyntaxError) -> CommandKind
    {
        let forms = Grammar.forms(of: name)
        guard !args.isEmpty else {
            if let bare = forms.first(where: { $0.required == 0 }) {
                return bare.build(Matched(pieces: bare.slots.map { _ in .absent }))
            }
            throw usage(head, "is missing \(forms[0].missing ?? "a word")", Grammar.usage(of: name))
        }
        let first = tokens[args.lowerBound]
        let form =
            forms.first {
                if case .word(let word) = $0.slots.first?.required {
                    matches(first, word)
                } else {
                    false
                }
            }
            ?? forms.first { form in
                guard let first = form.slots.first, !first.isOptional, case .word = first.required
                else { return true }
                return false
            } ?? forms[0]
        var pieces: [Matched.Piece] = []
        pieces.reserveCapacity(form.slots.count)
        var index = args.lowerBound
        var skipped: String? = nil
        for slot in form.slots {
            guard index < args.upperBound else {
                if slot.isOptional {
                    pieces.append(.absent)
                    continue
                }
                throw missing(slot.required, of: form, head, given: args.lowerBound..<index)
            }
            if slot.isOptional, case .word(let word) = slot.required, !matches(tokens[index], word)
            {
                skipped = word
                pieces.append(.absent)
                continue
            }
            pieces.append(try read(slot.required, of: form, among: forms, head, at: &index, args))
        }
        if index < args.upperBound {
            if let skipped, index == args.lowerBound {
                throw unknown("option", index, [skipped])
            }
            throw extra(head, index)
        }
        return form.build(Matched(pieces: pieces))
    }

    /// Reads the words slot `slot` takes at `index`, moving `index` past them.
    private func read(
        _ slot: Slot, of form: CommandForm, among forms: [CommandForm], _ head: Token,
        at index: inout Int, _ args: Range<Int>
    ) throws(SyntaxError) -> Matched.Piece {
        let at = index
        index += 1
        switch slot {
        case .word(let word):
            guard matches(tokens[at], word) else { throw unknown("option", at, [word]) }
            return .word(tokens[at].span)
        case .name(.helpTopics):
            guard Vocabulary.helpTopics.contains(text(at)) else {
                throw SyntaxError(
                    "unknown help topic '\(text(at))'" + Vocabulary.helpTopicHint(for: text(at)),
                    at: tokens[at].span)
            }
            return .argument(argument(at))
        case .name(let kind):
            guard let position = name(of: tokens[at], in: NameTables.table(kind)) else {
                throw unknown(kind.what(in: text(of: head)), at, kind.words)
            }
            return .name(position, tokens[at].span)
        case .target:
            // The other forms' first words are what else the word could have been.
            let others = forms.compactMap { other -> String? in
                guard case .word(let word) = other.slots.first?.required,
                    other.slots.first?.isOptional == false,
                    word != Keyword.mode.rawValue && word != Keyword.sheet.rawValue
                else { return nil }
                return word
            }
            return .target(try target(at, alsoAccepted: others))
        case .field:
            return .field(try fieldName(at, forSet: form.command == .set))
        case .value:
            return .argument(argument(at))
        case .file:
            let options = form.slots.compactMap { slot -> String? in
                if slot.isOptional, case .word(let word) = slot.required { word } else { nil }
            }
            let file = argument(at)
            if options.contains(file.text) { throw extra(head, at) }
            if !options.isEmpty && file.text.hasPrefix("--") {
                throw unknown("option", at, options)
            }
            guard !file.text.isEmpty else {
                throw SyntaxError(
                    "'\(text(of: head))' needs a file name, not \"\" (usage: \(Grammar.usage(of: form.command)))",
                    at: file.span)
            }
            return .argument(file)
        case .count:
            let count = argument(at)
            guard let n = Int(count.text), n >= 0 else {
                throw SyntaxError(
                    "\(text(of: head)) takes a count of entries, not '\(count.text)'",
                    at: count.span)
            }
            return .argument(count)
        case .command:
            index = args.upperBound
            if let deep = nestedTooDeep(at..<args.upperBound) {
                throw SyntaxError(
                    "'expect error' nests too deeply (at most \(Limits.expectNesting) levels)",
                    at: tokens[deep].span)
            }
            var inner = self
            inner.setValueText = true
            return .command(try inner.command(at..<args.upperBound))
        case .text:
            index = args.upperBound
            return .arguments((at..<args.upperBound).map(argument))
        }
    }

    /// What is missing where `slot` found no word: `'get' is missing the wiring piece`.
    private func missing(
        _ slot: Slot, of form: CommandForm, _ head: Token, given: Range<Int>
    ) -> SyntaxError {
        if case .command = slot {
            let words = ([head] + given.map { tokens[$0] }).map(text(of:)).joined(separator: " ")
            return SyntaxError(
                "'\(words)' is missing a command (usage: \(form.synopsis))", at: head.span)
        }
        // An option given before (`record --force`) is named after the command.
        let options = given.map { text($0) }.filter { $0.hasPrefix("--") }
        let what = form.then ?? "a word"
        let problem = (options.map { $0 + " " }.joined()) + "is missing \(what)"
        return usage(
            head, problem, form.missing != nil ? Grammar.usage(of: form.command) : form.synopsis)
    }

    // MARK: - set
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

    // MARK: - Names

    /// target -> ('profile.'|'draft.')? FIELD | 'mode' | 'sheet'
    private func target(_ index: Int, alsoAccepted: [String]) throws(SyntaxError) -> Target {
        switch name(of: tokens[index], in: NameTables.keywords) {
        case .mode: return .mode
        case .sheet: return .sheet
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
            throw SyntaxError(
                "unknown profile '\(scopeText)' (write profile.FIELD or draft.FIELD)"
                    + Suggestion.hint(for: scopeText, among: Vocabulary.scopes),
                at: Span(line: token.span.line, start: bodyStart, end: bodyStart + dotOffset))
        }
        guard let field = ProfileField(rawValue: fieldText) else {
            throw SyntaxError(
                "unknown field '\(fieldText)'"
                    + Suggestion.hint(for: fieldText, among: Vocabulary.fields),
                at: Span(
                    line: token.span.line, start: bodyStart + dotOffset + 1, end: token.span.end))
        }
        return .field(scope, field)
    }

    private func fieldName(_ index: Int, forSet: Bool, alsoAccepted: [String] = [])
        throws(SyntaxError) -> ProfileField
    {
        if let field = knownField(tokens[index]) { return field }
        throw fieldNameError(index, forSet: forSet, alsoAccepted: alsoAccepted)
    }

    @inline(__always)
    private func knownField(_ token: Token) -> ProfileField? {
        name(of: token, in: NameTables.fields)
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

    /// A command used wrongly, with its form, and how to quote a value meant to start with
    /// `#` when a comment follows token `commentAfter` (`set username #hiker`).
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

    /// The index of the `expect` past `Limits.expectNesting` in an `expect error` chain.
    private func nestedTooDeep(_ range: Range<Int>) -> Int? {
        var i = range.lowerBound
        var depth = 1
        while i + 1 < range.upperBound, commandName(tokens[i]) == .expect,
            name(of: tokens[i + 1], in: NameTables.keywords) == .error
        {
            depth += 1
            if depth > Limits.expectNesting { return i }
            i += 2
        }
        return nil
    }
}
