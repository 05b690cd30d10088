import LprofText

/// One row of `CommandLineOptions.table`, the one declaration everything about options reads.
struct CommandLineOption: Sendable {
    /// What completion offers for an option's value.
    enum ValueCompletion: Equatable {
        case none, files
        /// Today's date, as YYYY-MM-DD.
        case today
        case words([String])
    }

    /// What an option does when given.
    enum Action {
        case flag(@Sendable (inout OptionState) -> Void)
        /// Picks what lprof does (`--help`), whatever other options are given.
        case mode(CommandLineOptions.Mode)
        /// Takes a value, the next word or `--name=VALUE`, and checks it.
        case value(@Sendable (inout OptionState, String) throws(UsageError) -> Void)
    }

    var long: String?
    var short: String?
    /// The value's name in `--help` (`PATH`); nil for an option that takes none.
    var argument: String?
    var completion = ValueCompletion.none
    var help: String
    /// False for an option that `--help` shows in its usage lines instead (`-c`).
    var listed = true
    /// True for an option that adds to its earlier values (`-c`), which completion offers again.
    var accumulates = false
    var action: Action

    /// Its names, the short one first.
    var names: [String] { [short, long].compactMap { $0 } }

    var takesValue: Bool { argument != nil }

    /// Its first column in `--help`: `-q, --quiet`, `--store PATH`, `-c COMMANDS`.
    var label: String {
        names.joined(separator: ", ") + (argument.map { " " + $0 } ?? "")
    }
}

/// What the words read so far have set, the mode picked only once every word is read.
struct OptionState {
    var options = CommandLineOptions()
    var commandText: String?
    var subcommand: String?
    /// The words that are not options: scripts, or a lesson.
    var positionals: [String] = []
}

extension CommandLineOption {
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

    /// An option whose value is a case of `Choice`, in any case, with a hint for another word.
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
