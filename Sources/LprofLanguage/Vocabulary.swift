import LprofModel
import LprofText

/// The command names, in the order completion and `lprof --help` list them: the one table of
/// commands. Completion, suggestions, `help` and the documentation tests read it, and the
/// parser looks names up in it (`NameTables.commands`). Adding a command is one case here
/// and its forms in `Grammar`; the compiler then asks for its meaning (`CommandKind`,
/// `Interpreter`) and its help text (`HelpText`), each an exhaustive switch.
public enum CommandName: String, CaseIterable, Sendable {
    case help, show, get, set, edit, done, cancel, reset, reload, dismiss, present, expect, env
    case trace, print, source, record, history, why, quit, exit
}

/// Words people type in other shells, and what lprof makes of each (SPEC §3): `?` and
/// `\?` are `help` (Julia's `?`, psql's `\?`); the words that leave or help elsewhere
/// (psql's `\q`, vi's `:q`, sqlite3's `.quit` and `.help`) are unknown commands whose
/// error names lprof's own. The parser reads this table only when a word is no command.
public enum ForeignCommand: String, CaseIterable, Sendable {
    case question = "?"
    case backslashQuestion = "\\?"
    case backslashQ = "\\q"
    case colonQ = ":q"
    case dotQuit = ".quit"
    case dotHelp = ".help"

    /// What the word is, or what its error suggests.
    enum Meaning: Equatable, Sendable {
        /// Runs as this command.
        case alias(CommandName)
        /// An unknown command whose error says to type this one.
        case suggests(CommandName)
    }

    var meaning: Meaning {
        switch self {
        case .question, .backslashQuestion: .alias(.help)
        case .backslashQ, .colonQ, .dotQuit: .suggests(.quit)
        case .dotHelp: .suggests(.help)
        }
    }

    /// The words that run as a command, in the order help lists them.
    public static var aliases: [ForeignCommand] {
        allCases.filter { if case .alias = $0.meaning { true } else { false } }
    }
}

extension CommandName {
    /// The command `word` runs as: its own name, or a word from another shell that is
    /// lprof's command too (`?`: `help`).
    public init?(naming word: String) {
        if let name = CommandName(rawValue: word) {
            self = name
        } else if case .alias(let name) = ForeignCommand(rawValue: word)?.meaning {
            self = name
        } else {
            return nil
        }
    }
}

/// What `show` can render, by name, in the order completion offers them.
public enum ViewKind: String, CaseIterable, Sendable {
    case summary, editor, diff, badges, hike, env, voiceover, code
}

/// What is on screen, as a deed names it and a lesson's `shown … voiceover of` takes it:
/// CategoryHome while the sheet is dismissed, else ProfileHost's summary or editor.
public enum ScreenName: String, CaseIterable, Sendable {
    case summary, editor, home
}

/// The option words and keywords commands take besides names: `get --json`, `done --force`,
/// `reset --force`, `dismiss --force` and `record --force`, `get mode` and `expect mode`,
/// `get sheet` and `expect sheet`, `expect error`, `get wiring` and `expect wiring`.
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

/// Every name the language knows, as lists of words, each derived from its table: above, in
/// `Command.swift` (`Scope`, `EnvKey`) or in the model (`ProfileField`, `Switch`,
/// `SheetState`, `EditMode`, `Edition`, `HikeGraphKind`): the lists that completion offers
/// and suggestions pick from.
public enum Vocabulary {
    /// Command names, in the order `help` lists them.
    public static let commands = words(CommandName.self)
    /// Profile fields, as `set`, `get` and `expect` name them.
    public static let fields = words(ProfileField.self)
    /// The prefixes that pick a profile for `get` and `expect`.
    public static let scopes = words(Scope.self)
    /// What `show` can render.
    public static let views = words(ViewKind.self)
    /// The graphs `show hike` can draw.
    public static let hikeGraphs = words(HikeGraphKind.self)
    /// Environment keys, in the order `env` lists them.
    public static let envKeys = words(EnvKey.self)
    /// What `get sheet` prints and `expect sheet` takes.
    public static let sheetStates = words(SheetState.self)
    /// The modes `get mode` prints and `expect mode` takes.
    public static let modes = words(EditMode.self)
    /// The editions `env edition` and `--edition` take.
    public static let editions = words(Edition.self)
    /// The pieces of ProfileHost's wiring, as `env wiring` takes them.
    public static let wiringPieces = words(WiringPiece.self)
    /// The words after `edit` and after `trace`.
    public static let switches = words(Switch.self)
    /// `help` topics: the commands, then the other topics.
    public static let helpTopics = commands + words(HelpTopic.self)

    /// What an unknown help topic's error adds: the overview lists the fields, so `help
    /// season` is a likely try, pointed at the topic that has them; else the nearest topic.
    public static func helpTopicHint(for topic: String) -> String {
        ProfileField(rawValue: topic) != nil
            ? "; the fields and their values are under the topic 'values'"
            : Suggestion.hint(for: topic, among: helpTopics)
    }

    /// The names of a table, in its order.
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
