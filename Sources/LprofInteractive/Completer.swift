import LprofHelp
import LprofLanguage
import LprofModel
import LprofSystem

/// Tab completion, a pure function of the text before the cursor that reads `Grammar`.
public struct Completer: Sendable {
    /// Lists a folder as typed (`""` or a path ending in `/`); nil when it cannot be read.
    public typealias ListDirectory = @Sendable (_ folder: String) -> [DirectoryEntry]?

    private let listDirectory: ListDirectory
    /// Words offered as commands besides the language's own (a lesson's `skip`, `hint`…).
    private let extraCommands: [String]

    /// A completer reading folders through `listDirectory` that also offers `extraCommands`.
    public init(
        extraCommands: [String] = [],
        listDirectory: @escaping ListDirectory = { FileSystemDirectory.list($0, home: nil) }
    ) {
        self.extraCommands = extraCommands
        self.listDirectory = listDirectory
    }

    /// What Tab does with `text`, the buffer up to the cursor: one match is finished, several
    /// give their common prefix and a list; names match exactly, values ignoring case.
    public func complete(_ text: String) -> Completion {
        guard let line = PartialCommand(text) else { return .none }
        switch source(for: line.words, typing: line.current) {
        case .nothing:
            return .none
        case .words(let words, let ignoringCase):
            guard line.openQuote == nil else { return .none }
            let matches = words.filter {
                ignoringCase
                    ? $0.lowercased().hasPrefix(line.current.lowercased())
                    : $0.hasPrefix(line.current)
            }
            return completion(
                of: line, matches: matches.map { ($0, $0, $0.hasSuffix(".")) })
        case .paths(let words):
            let named = words.filter { $0.hasPrefix(line.current) }.map { ($0, $0, false) }
            return completion(of: line, matches: named + pathMatches(line.current))
        }
    }

    /// Where a word's candidates come from.
    private enum Source {
        case nothing
        case words([String], ignoringCase: Bool)
        case paths(also: [String])
    }

    /// The candidates after the command's finished `words`, from the next slot of each form.
    private func source(for words: [String], typing current: String) -> Source {
        guard let first = words.first else {
            return .words(Vocabulary.commands + extraCommands, ignoringCase: false)
        }
        guard let command = CommandName(naming: first) else { return .nothing }
        let typed = words.dropFirst()
        var offered: [String] = []
        var values = false
        var paths = false
        for form in Grammar.forms(of: command) {
            for slot in Self.next(form.slots[...], after: typed) {
                switch slot {
                case .word(let word): offered.append(word)
                case .name(let kind): offered += kind.words
                case .target:
                    // Before a scope is typed, `profile.` and `draft.` too.
                    offered +=
                        scopedFields(current)
                        ?? Vocabulary.fields + Vocabulary.scopes.map { $0 + "." }
                case .field: offered += Vocabulary.fields
                case .value(let kind):
                    offered += Self.values(kind, after: typed.last ?? "")
                    values = true
                case .file: paths = true
                case .command:
                    // `expect error COMMAND`: the words after `error` are a command of their own.
                    let rest = Array(typed.drop { $0 != Keyword.error.rawValue }.dropFirst())
                    return source(for: rest, typing: current)
                case .count, .text: break
                }
            }
        }
        offered = unique(offered)
        if paths { return .paths(also: offered) }
        return offered.isEmpty ? .nothing : .words(offered, ignoringCase: values)
    }

    /// The slots that could take the word after `words`, optional ones possibly left out.
    static func next(_ slots: ArraySlice<FormSlot>, after words: ArraySlice<String>) -> [Slot] {
        guard let first = slots.first else { return [] }
        let slot = first.required
        var found: [Slot] = []
        if first.isOptional && slots.dropFirst().contains(where: { !$0.isOptional }) {
            found = next(slots.dropFirst(), after: words)
        }
        guard let word = words.first else { return [slot] + found }
        switch slot {
        case .command: return [slot]
        case .text: return found
        case .word(let expected) where word != expected: return found
        case .name(let kind) where !kind.words.contains(word): return found
        case .target where fieldName(word) == nil: return found
        case .field where ProfileField(rawValue: word) == nil: return found
        default: return next(slots.dropFirst(), after: words.dropFirst()) + found
        }
    }

    /// The field `word` names, bare or as `profile.FIELD` or `draft.FIELD`.
    private static func fieldName(_ word: String) -> ProfileField? {
        let name = word.split(separator: ".", maxSplits: 1).last.map(String.init) ?? word
        return ProfileField(rawValue: name)
    }

    private static func values(_ kind: ValueKind, after previous: String) -> [String] {
        switch kind {
        case .new: return fieldName(previous).map { ValueParser.words(for: $0) } ?? []
        case .environment:
            return EnvKey(rawValue: previous).map { Vocabulary.values(of: $0) } ?? []
        case .wiring: return WiringPiece(rawValue: previous)?.values ?? []
        case .expected:
            if previous == Keyword.mode.rawValue { return Vocabulary.modes }
            if previous == Keyword.sheet.rawValue { return Vocabulary.sheetStates }
            if let piece = WiringPiece(rawValue: previous) { return piece.values }
            return fieldName(previous).map { ValueParser.words(for: $0, forExpect: true) } ?? []
        }
    }

    /// Every `SCOPE.FIELD` when `current` already names a scope and its dot.
    private func scopedFields(_ current: String) -> [String]? {
        guard let scope = Vocabulary.scopes.first(where: { current.hasPrefix($0 + ".") })
        else { return nil }
        return Vocabulary.fields.map { scope + "." + $0 }
    }

    /// `.lprof` files and folders matching the typed path, hidden ones only when asked.
    private func pathMatches(_ typed: String) -> [(word: String, shown: String, open: Bool)] {
        let slash = typed.lastIndex(of: "/")
        let folder = slash.map { String(typed[...$0]) } ?? ""
        let base = slash.map { typed[typed.index(after: $0)...] } ?? typed[...]
        guard let entries = listDirectory(folder) else { return [] }
        return
            entries
            .filter { entry in
                entry.name != "." && entry.name != ".." && entry.name.hasPrefix(base)
                    && (base.hasPrefix(".") || !entry.name.hasPrefix("."))
                    && (entry.isDirectory || entry.name.hasSuffix(".lprof"))
            }
            .sorted { $0.name < $1.name }
            .map { entry in
                let shown = entry.name + (entry.isDirectory ? "/" : "")
                return (folder + shown, shown, entry.isDirectory)
            }
    }

    /// The matches as an edit of the typed word, an `open` one (a folder) without closing space.
    private func completion(
        of line: PartialCommand, matches: [(word: String, shown: String, open: Bool)]
    ) -> Completion {
        guard let first = matches.first else { return .none }
        let unique = matches.count == 1
        let text = unique ? first.word : Self.commonPrefix(matches.map(\.word))
        let finished = unique && !first.open
        let raw = Self.quoted(text, quote: line.openQuote, finished: finished)
        let listed = unique ? [] : matches.map(\.shown)
        let typed = Array(line.currentRaw.unicodeScalars)
        let wanted = Array(raw.unicodeScalars)
        if wanted.starts(with: typed) {
            var insertion = String.UnicodeScalarView()
            insertion.append(contentsOf: wanted[typed.count...])
            return Completion(insertion: String(insertion), candidates: listed)
        }
        return Completion(replacing: typed.count, insertion: raw, candidates: listed)
    }

    /// The longest prefix, in whole characters, that all of `words` share.
    static func commonPrefix(_ words: [String]) -> String {
        guard var prefix = words.first else { return "" }
        for word in words.dropFirst() {
            prefix = String(zip(prefix, word).prefix { $0 == $1 }.map(\.0))
        }
        return prefix
    }

    /// `text` as it must be typed, quoted when the lexer would split it; `finished` closes it.
    static func quoted(_ text: String, quote: Character?, finished: Bool) -> String {
        var quote = quote
        if quote == nil && !WordQuoting.isBare(text) && !text.isEmpty {
            // Single quotes take the text as it is, when it has no quote or control.
            let asIs = text.unicodeScalars.allSatisfy {
                $0 != "'" && $0.value >= 0x20 && $0.value != 0x7F
                    && !(0x80...0x9F).contains($0.value)
            }
            quote = asIs ? "'" : "\""
        }
        guard let quote else { return finished ? text + " " : text }
        let body = quote == "\"" ? WordQuoting.doubleQuotedBody(text) : text
        return String(quote) + body + (finished ? String(quote) + " " : "")
    }

    private func unique(_ words: [String]) -> [String] {
        var seen = Set<String>()
        return words.filter { seen.insert($0).inserted }
    }
}
