import LprofLanguage
import LprofModel
import LprofText

/// Reads a lesson's conditions from the words of one directive line, each atom of a fixed
/// shape so that a guard ends where its last atom does and the words left are its text:
///
///     guard  -> 'if' atom ('and' atom)*
///     atom   -> ['not'] ( 'mode' MODE | 'sheet' SHEET | [profile.|draft.]FIELD VALUE
///                       | 'env' KEY VALUE | 'trace' ('on'|'off') | 'pending' ('yes'|'no')
///                       | ('event'|'traced') EVENT ['by' COMMAND('|'COMMAND)*]
///                       | 'shown' VIEW ['of' SEEN] ('with' KEY VALUE)*
///                       | 'read' (mode|sheet|json|[profile.|draft.]FIELD)
///                       | 'explained' (mode|sheet|view|[profile.|draft.]FIELD)
///                       | 'failed' COMMAND REASON )
///
/// Keywords (`and`, `not`, `by`, `of`, `with`) are bare words: a quoted "and" is text.
struct LessonConditionReader {
    struct Failure: Error {
        var message: String
        var span: Span
    }

    let tokens: [Token]
    let words: [String]
    /// Where errors with no token of their own point.
    let fallback: Span
    private(set) var position = 0

    /// The views `shown` takes: `show`'s, plus `home` (CategoryHome while dismissed).
    static let views = Vocabulary.views + [ScreenName.home.rawValue]
    /// The screens `shown voiceover of` names.
    static let screens = Vocabulary.words(ScreenName.self)
    static let atoms = [
        "mode", "sheet", "env", "trace", "pending", "event", "traced", "shown", "read", "failed",
        "explained",
    ]

    var atEnd: Bool { position >= tokens.count }
    var rest: [String] { Array(words[min(position, words.count)...]) }

    /// A bare word at the cursor equal to `keyword`, taken if so.
    private mutating func take(_ keyword: String) -> Bool {
        guard !atEnd, tokens[position].kind == .word, words[position] == keyword else {
            return false
        }
        position += 1
        return true
    }

    private mutating func next(_ what: String) throws(Failure) -> (String, Span) {
        guard !atEnd else {
            throw Failure(
                message: "\(what) is missing",
                span: position > 0 ? tokens[position - 1].span : fallback)
        }
        position += 1
        return (words[position - 1], tokens[position - 1].span)
    }

    /// `if atom (and atom)*`, when the line has one; else no guards.
    mutating func guards() throws(Failure) -> [LessonCondition] {
        guard take("if") else { return [] }
        var result = [try atom()]
        while take("and") { result.append(try atom()) }
        return result
    }

    mutating func atom() throws(Failure) -> LessonCondition {
        let negated = take("not")
        let (head, span) = try next("a condition")
        return LessonCondition(try atom(head, at: span), negated: negated)
    }

    private mutating func atom(_ head: String, at span: Span) throws(Failure) -> LessonAtom {
        switch head {
        case "mode":
            return .state(.mode, try value(among: Vocabulary.modes, "a mode"))
        case "sheet":
            return .state(.sheet, try value(among: Vocabulary.sheetStates, "a sheet state"))
        case "env":
            let pair = try envValue()
            return .env(pair.key, pair.value)
        case "trace":
            return .trace(try value(among: ["on", "off"], "'on' or 'off'").text == "on")
        case "pending":
            return .pending(try value(among: ["yes", "no"], "'yes' or 'no'").text == "yes")
        case "event", "traced":
            let (text, at) = try next("the event")
            guard let event = EventPattern.parse(text) else {
                throw Failure(message: "'\(text)' is not an event: \(EventPattern.forms)", span: at)
            }
            var by: [String] = []
            if take("by") {
                let (names, at) = try next("the command after 'by'")
                by = names.split(separator: "|").map(String.init)
                for name in by where !Vocabulary.commands.contains(name) {
                    throw Failure(
                        message: "unknown command '\(name)'"
                            + Suggestion.hint(for: name, among: Vocabulary.commands), span: at)
                }
            }
            return .deed(.event(event, by: by, traced: head == "traced"))
        case "shown":
            let view = try value(among: Self.views, "a view").text
            var seen: String? = nil
            if take("of") { seen = try value(among: Self.screens, "a screen").text }
            var environment: [EnvValue] = []
            while take("with") { environment.append(try envValue()) }
            return .deed(.shown(ShownPattern(view: view, seen: seen, environment: environment)))
        case "read":
            let (text, at) = try next("what was read")
            if text == "json" { return .deed(.read(.json)) }
            guard let target = Self.target(text) else {
                throw Failure(
                    message: "'read' takes mode, sheet, json or a field, not '\(text)'", span: at)
            }
            return .deed(.read(.target(target)))
        case "explained":
            let (text, at) = try next("what was explained")
            if text == "view" { return .deed(.explained(.view)) }
            switch Self.target(text) {
            case .field(let scope, let field)?: return .deed(.explained(.field(scope, field)))
            case .mode?: return .deed(.explained(.mode))
            case .sheet?: return .deed(.explained(.sheet))
            case .wiring?, nil:
                throw Failure(
                    message: "'explained' takes mode, sheet, view or a field, not '\(text)'",
                    span: at)
            }
        case "failed":
            let command = try value(among: Vocabulary.commands, "a command").text
            let names = FailureReason.allCases.map(\.rawValue)
            guard !atEnd else {
                throw Failure(
                    message: "'failed' takes a command and the reason it failed (failed"
                        + " \(command) REASON; reasons: \(names.joined(separator: ", ")))",
                    span: tokens[position - 1].span)
            }
            let (reason, at) = try next("the reason it failed")
            guard let why = FailureReason(rawValue: reason) else {
                throw Failure(
                    message: "unknown reason '\(reason)'"
                        + Suggestion.hint(for: reason, among: names)
                        + " (reasons: \(names.joined(separator: ", ")))", span: at)
            }
            return .deed(.failed(command: command, reason: why))
        default:
            guard let target = Self.target(head), case .field = target else {
                throw Failure(
                    message: "unknown condition '\(head)'"
                        + Suggestion.hint(for: head, among: Self.atoms + Vocabulary.fields)
                        + " (conditions: mode, sheet, FIELD, env, trace, pending, event, traced,"
                        + " shown, read, explained, failed)", span: span)
            }
            let (text, at) = try next("the value")
            return .state(target, Argument(text, at: at))
        }
    }

    /// One of `names`, as an argument.
    private mutating func value(among names: [String], _ what: String) throws(Failure)
        -> Argument
    {
        let (text, at) = try next(what)
        guard names.contains(text) else {
            throw Failure(
                message: "expected \(what), not '\(text)'"
                    + Suggestion.hint(for: text, among: names)
                    + " (\(names.joined(separator: ", ")))", span: at)
        }
        return Argument(text, at: at)
    }

    private mutating func envValue() throws(Failure) -> EnvValue {
        let (name, at) = try next("an environment key")
        guard let key = EnvKey(rawValue: name) else {
            throw Failure(
                message: "unknown environment key '\(name)'"
                    + Suggestion.hint(for: name, among: Vocabulary.envKeys), span: at)
        }
        let (text, valueAt) = try next("the value of \(name)")
        return EnvValue(key, Argument(text, at: valueAt))
    }

    /// `mode`, `sheet`, `FIELD`, `profile.FIELD` or `draft.FIELD`.
    static func target(_ text: String) -> Target? {
        if text == "mode" { return .mode }
        if text == "sheet" { return .sheet }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        if parts.count == 1, let field = ProfileField(rawValue: text) { return .field(nil, field) }
        if parts.count == 2, let scope = Scope(rawValue: String(parts[0])),
            let field = ProfileField(rawValue: String(parts[1]))
        {
            return .field(scope, field)
        }
        return nil
    }
}
