import LprofText

/// One row of the table of options (`CommandLineOptions.table`): its names, the value it
/// takes, its line in `--help`, what completion offers for it, and what it sets. The
/// parser, `--help`, the completion scripts, suggestions and the man-page test all read
/// the table, so an option is added by adding its row.
struct CommandLineOption: Sendable {
    /// What completion offers for an option's value.
    enum ValueCompletion: Equatable {
        /// Nothing: the value is free text.
        case none
        /// File names.
        case files
        /// Today's date, as YYYY-MM-DD.
        case today
        /// These words.
        case words([String])
    }

    /// What an option does when given.
    enum Action {
        /// A switch: sets something, and takes no value.
        case flag(@Sendable (inout OptionState) -> Void)
        /// Picks what lprof does and stands alone (`--help`): nothing else given matters,
        /// except a word that is not an option at all.
        case mode(CommandLineOptions.Mode)
        /// Takes a value, the next word or `--name=VALUE`, and checks it.
        case value(@Sendable (inout OptionState, String) throws(UsageError) -> Void)
    }

    /// `--store`; nil for an option with only a short name.
    var long: String?
    /// `-q`; nil for an option with only a long name.
    var short: String?
    /// The value's name in `--help` (`PATH`); nil for an option that takes none.
    var argument: String?
    /// What completion offers for the value.
    var completion = ValueCompletion.none
    /// Its line in `--help`.
    var help: String
    /// False for an option that `--help` shows in its usage lines instead of its list of
    /// options (`-c`); every option is shown everywhere else.
    var listed = true
    /// True for an option that adds to what it was given before (`-c`: several run in
    /// order), so that completion offers it again; another given twice keeps its last value.
    var accumulates = false
    var action: Action

    /// Its names, the short one first, as `--help` lists them.
    var names: [String] { [short, long].compactMap { $0 } }

    var takesValue: Bool { argument != nil }

    /// Its first column in `--help`: `-q, --quiet`, `--store PATH`, `-c COMMANDS`.
    var label: String {
        names.joined(separator: ", ") + (argument.map { " " + $0 } ?? "")
    }
}

/// What the words read so far have set: the options, and the words that pick the mode once
/// every word is read (`lprof test -c x` is an error, `lprof -h -c x` is help).
struct OptionState {
    var options = CommandLineOptions()
    /// `-c`'s text.
    var commandText: String?
    var subcommand: String?
    /// The words that are not options: scripts, or a lesson.
    var positionals: [String] = []
}

extension CommandLineOption {
    /// A switch.
    static func flag(
        _ long: String?, short: String? = nil, help: String,
        _ set: @escaping @Sendable (inout OptionState) -> Void
    ) -> CommandLineOption {
        CommandLineOption(long: long, short: short, help: help, action: .flag(set))
    }

    /// An option with a value, which `set` checks and stores.
    static func value(
        _ long: String?, short: String? = nil, _ argument: String,
        completion: ValueCompletion = .none, help: String, listed: Bool = true,
        accumulates: Bool = false,
        _ set: @escaping @Sendable (inout OptionState, String) throws(UsageError) -> Void
    ) -> CommandLineOption {
        CommandLineOption(
            long: long, short: short, argument: argument, completion: completion, help: help,
            listed: listed, accumulates: accumulates, action: .value(set))
    }

    /// An option whose value is one of a few words, the cases of `Choice`, in any case;
    /// another word is an error that lists them and suggests the nearest.
    static func choice<Choice: CaseIterable & RawRepresentable & Sendable>(
        _ long: String, _ argument: String, of _: Choice.Type, help: String,
        _ set: @escaping @Sendable (inout OptionState, Choice) -> Void
    ) -> CommandLineOption where Choice.RawValue == String {
        let words = Choice.allCases.map(\.rawValue)
        return .value(long, argument, completion: .words(words), help: help) {
            state, text throws(UsageError) in
            guard let choice = Choice(rawValue: text.lowercased()) else {
                throw UsageError(
                    "\(long) takes \(Suggestion.alternatives(words)), not '\(text)'"
                        + CommandLineOptions.hint(for: text, among: words))
            }
            set(&state, choice)
        }
    }
}
