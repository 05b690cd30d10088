import LprofModel
import LprofText

/// The one table of command names, in the order completion and `lprof --help` list them, so
/// that adding one makes every exhaustive switch ask for its meaning and help.
public enum CommandName: String, CaseIterable, Sendable {
    case help, show, get, set, edit, done, cancel, reset, reload, dismiss, present, expect, env
    case trace, print, source, record, history, why, quit, exit
}

/// Words people type in other shells (SPEC §3), run as `help` or answered with lprof's word.
public enum ForeignCommand: String, CaseIterable, Sendable {
    case question = "?"
    case backslashQuestion = "\\?"
    case backslashQ = "\\q"
    case colonQ = ":q"
    case dotQuit = ".quit"
    case dotHelp = ".help"

    /// What the word runs as, or what its error suggests.
    enum Meaning: Equatable, Sendable {
        case alias(CommandName)
        case suggests(CommandName)
    }

    var meaning: Meaning {
        switch self {
        case .question, .backslashQuestion: .alias(.help)
        case .backslashQ, .colonQ, .dotQuit: .suggests(.quit)
        case .dotHelp: .suggests(.help)
        }
    }

    /// The command the word runs as, if it is an alias.
    var runsAs: CommandName? {
        if case .alias(let command) = meaning { command } else { nil }
    }

    /// The words that run as a command, in the order help lists them.
    public static var aliases: [ForeignCommand] { allCases.filter { $0.runsAs != nil } }
}

extension CommandName {
    /// The command `word` runs as: its own name, or a word from another shell (`?`: `help`).
    public init?(naming word: String) {
        guard let name = CommandName(rawValue: word) ?? ForeignCommand(rawValue: word)?.runsAs
        else { return nil }
        self = name
    }
}

/// What `show` can render, by name, in the order completion offers them.
public enum ViewKind: String, CaseIterable, Sendable {
    case summary, editor, diff, badges, hike, env, voiceover, code
}

/// What is on screen, as a deed names it and a lesson's `shown … voiceover of` takes it.
public enum ScreenName: String, CaseIterable, Sendable {
    case summary, editor, home
}

/// The option words and keywords commands take besides names (`get --json`, `expect error`).
public enum Keyword: String, CaseIterable, Sendable {
    case json = "--json"
    case force = "--force"
    case mode, sheet, error, wiring
    /// `why view`.
    case view
}

/// The `help` topics beyond the commands, in the order completion offers them.
public enum HelpTopic: String, CaseIterable, Sendable {
    case values, goal, language, limits, learn, options, interactive, wiring
}

/// Every name the language knows, derived from its table, for completion and suggestions.
public enum Vocabulary {
    public static let commands = words(CommandName.self)
    public static let fields = words(ProfileField.self)
    public static let scopes = words(Scope.self)
    public static let views = words(ViewKind.self)
    public static let hikeGraphs = words(HikeGraphKind.self)
    public static let envKeys = words(EnvKey.self)
    public static let sheetStates = words(SheetState.self)
    public static let modes = words(EditMode.self)
    public static let editions = words(Edition.self)
    public static let wiringPieces = words(WiringPiece.self)
    /// The words after `edit` and after `trace`.
    public static let switches = words(Switch.self)
    /// `help` topics: the commands, then the other topics.
    public static let helpTopics = commands + words(HelpTopic.self)

    /// What an unknown help topic's error adds, pointing a field (`help season`) at `values`.
    public static func helpTopicHint(for topic: String) -> String {
        ProfileField(rawValue: topic) != nil
            ? "; the fields and their values are under the topic 'values'"
            : Suggestion.hint(for: topic, among: helpTopics)
    }

    public static func words<Name: CaseIterable & RawRepresentable<String>>(_: Name.Type)
        -> [String]
    {
        Name.allCases.map(\.rawValue)
    }
}

extension CommandKind {
    /// The command's name as typed (`exit` runs as `quit`), for messages.
    public var commandName: CommandName {
        switch self {
        case .help: return .help
        case .show: return .show
        case .get, .getJSON: return .get
        case .set: return .set
        case .edit: return .edit
        case .done: return .done
        case .cancel: return .cancel
        case .reset: return .reset
        case .reload: return .reload
        case .dismiss: return .dismiss
        case .present: return .present
        case .expect, .expectError: return .expect
        case .env, .rewire: return .env
        case .trace: return .trace
        case .print: return .print
        case .source: return .source
        case .record, .recordOff: return .record
        case .history: return .history
        case .why: return .why
        case .quit: return .quit
        }
    }
}
