import LprofLanguage
import LprofModel
import LprofText

/// What a command's values name, read once, so that running a compiled step reads no text.
enum CommandValue: Equatable {
    case expected(CommandValues.Expected)
    case setting(CommandValues.Setting)
    case wiring(WiringSetting)
    /// `history N`: the most entries to list.
    case count(Int)
}

/// A command's values read without any state: the one place these rules live, so that the
/// compiler and an uncompiled command (a lesson's, `expect error`'s) judge them alike.
enum CommandValues {
    /// What the values in `command` name, nil for a command without any; `set` is read
    /// elsewhere, after the state is checked, and `expect error`'s command may be wrong on purpose.
    static func read(_ command: Command) throws(CommandFailure) -> CommandValue? {
        switch command.kind {
        case .expect(let target, let value):
            return .expected(try expected(target, value))
        case .env(let key?, let value?):
            return .setting(try environment(key, value))
        case .rewire(let piece, let value?):
            return .wiring(try wiringSetting(piece, value))
        case .history(let count?):
            // A whole number: the parser took no other.
            guard let n = Int(count.text) else {
                throw CommandFailure("history takes a count of entries", at: count.span)
            }
            return .count(n)
        default:
            return nil
        }
    }

    /// What `set FIELD VALUE` names, before the draft it goes to.
    static func setValue(_ name: ProfileField, _ value: Argument) throws(CommandFailure) -> SetValue
    {
        try withBytes(of: value.text) { bytes throws(CommandFailure) in
            try setValue(name, bytes: bytes, at: value.span)
        }
    }

    /// What `set FIELD VALUE` names, from the value's UTF-8 bytes as written at `span`.
    static func setValue(_ name: ProfileField, bytes: UnsafeBufferPointer<UInt8>, at span: Span)
        throws(CommandFailure) -> SetValue
    {
        do {
            return try ValueParser.setValue(name, bytes)
        } catch {
            throw failure(error, at: span)
        }
    }

    /// What `expect TARGET VALUE` compares with; a goal of `today` is the day it runs on.
    enum Expected: Equatable {
        case mode(EditMode)
        case sheet(SheetState)
        case field(ExpectedValue)
        case wiring(WiringSetting)
    }

    /// What `env wiring PIECE VALUE` or `expect wiring PIECE VALUE` names.
    static func wiringSetting(_ piece: WiringPiece, _ value: Argument) throws(CommandFailure)
        -> WiringSetting
    {
        guard let setting = WiringSetting(piece, value.text) else {
            throw CommandFailure(
                "unknown value '\(value.text)' for the wiring piece \(piece.rawValue) (expected \(Suggestion.alternatives(piece.values)))"
                    + Suggestion.hint(for: value.text, among: piece.values),
                at: value.span)
        }
        return setting
    }

    static func expected(_ target: Target, _ value: Argument) throws(CommandFailure) -> Expected {
        switch target {
        case .mode:
            return .mode(try word(value, "mode", among: Vocabulary.modes, as: EditMode.self))
        case .wiring(let piece):
            return .wiring(try wiringSetting(piece, value))
        case .sheet:
            return .sheet(
                try word(value, "sheet state", among: Vocabulary.sheetStates, as: SheetState.self))
        case .field(_, let name):
            do {
                return .field(
                    try withBytes(of: value.text) { bytes throws(ValueError) in
                        try ValueParser.expectedValue(name, bytes)
                    })
            } catch {
                throw failure(error, at: value.span)
            }
        }
    }

    /// What `env KEY VALUE` sets.
    enum Setting: Equatable {
        case sizeCategory(SizeCategory)
        case locale(String)
        /// nil: back to the clock's today.
        case now(CalendarDay?)
        case edition(Edition)
    }

    static func environment(_ key: EnvKey, _ value: Argument) throws(CommandFailure) -> Setting {
        switch key {
        case .editMode:
            throw CommandFailure(
                "editMode is read-only; change it with 'edit on', 'done' or 'cancel'",
                at: value.span)
        case .sizeCategory:
            guard let category = SizeCategory(parsing: value.text) else {
                throw CommandFailure(
                    "unknown size category '\(value.text)'"
                        + Suggestion.hint(for: value.text, among: SizeCategory.allNames)
                        + " (xs s m l xl xxl xxxl ax1 … ax5)", at: value.span)
            }
            return .sizeCategory(category)
        case .locale:
            guard let id = LocaleSetting.normalize(value.text) else {
                throw CommandFailure(
                    "unknown locale '\(value.text)' (write it as en_US, ko-KR or ko_KR.UTF-8)",
                    at: value.span)
            }
            return .locale(id)
        case .now:
            if asciiEqualsIgnoringCase(value.text.utf8, GoalExpression.todayWord) {
                return .now(nil)
            }
            guard let day = CalendarDay(writtenISO: value.text) else {
                throw CommandFailure(
                    "env now takes a day as YYYY-MM-DD (years \(CalendarDay.writtenYearsText)) or 'today', not '\(value.text)'",
                    at: value.span)
            }
            return .now(day)
        case .wiring:
            throw CommandFailure(
                "'env wiring' takes a piece and its value (usage: env wiring PIECE VALUE)",
                at: value.span)
        case .edition:
            return .edition(
                try word(
                    value, "edition", among: Vocabulary.editions, as: Edition.self,
                    saying: ""))
        }
    }

    /// One of an enum's words, in any case; else the error that names them all and the nearest.
    private static func word<Value: RawRepresentable<String>>(
        _ value: Argument, _ kind: String, among words: [String], as type: Value.Type,
        saying lead: String = "expected "
    ) throws(CommandFailure) -> Value {
        guard let word = Value(rawValue: value.text.lowercased()) else {
            throw CommandFailure(
                "unknown \(kind) '\(value.text)' (\(lead)\(Suggestion.alternatives(words)))"
                    + Suggestion.hint(for: value.text, among: words),
                at: value.span)
        }
        return word
    }

    /// A value error as a located failure: the suggestion, or the values there are.
    static func failure(_ error: ValueError, at span: Span?) -> CommandFailure {
        var message = error.message
        var reason: FailureReason? = nil
        if case .outOfRange = error { reason = .outOfRange }
        if case .unknown(_, let text, let expected) = error {
            message += Suggestion.hint(for: text, among: expected)
            if Suggestion.nearest(to: text, among: expected) == nil {
                message += " (expected one of: \(expected.joined(separator: ", ")))"
            }
        }
        return CommandFailure(message, at: span, reason: reason)
    }
}
