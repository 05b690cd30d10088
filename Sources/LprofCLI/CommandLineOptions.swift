import LprofLanguage
import LprofModel
import LprofSystem
import LprofText

/// What the command line asked for, after parsing (SPEC §6).
struct CommandLineOptions: Equatable, Sendable {
    enum Mode: Equatable, Sendable {
        /// No script: interactive at a terminal, else commands from stdin.
        case standardInput
        case script(String)
        case commandText(String)
        case test([String])
        case check([String])
        /// `lprof learn [LESSON]`: guided lessons at the prompt.
        case learn(String?)
        /// `lprof help [TOPIC]`: what `help TOPIC` prints at the prompt.
        case helpTopic(String?)
        case help
        case version
        /// `lprof --completion SHELL` (hidden).
        case completionScript(CompletionShell)
        /// `lprof --editor-file NAME` (hidden).
        case editorFile(EditorFile)
    }

    enum ColorChoice: String, CaseIterable, Sendable {
        case auto, always, never
    }

    var mode: Mode = .standardInput
    var storePath: String?
    var memory = false
    var now: CalendarDay?
    var edition: Edition = .release
    var keepGoing = false
    var echo = false
    var trace = false
    var color: ColorChoice = .auto
    var size: SizeCategory?
    var locale: String?
    var noRC = false
    var quiet = false
    /// `-1`: a script's or `-c` text's commits are saved once, at its successful end.
    var singleTransaction = false

    /// Parses the arguments after the program name; `environment` supplies LPROF_NOW.
    static func parse(_ arguments: [String], environment: [String: String])
        throws(UsageError)
        -> CommandLineOptions
    {
        let words = try read(arguments)
        var options = words.options
        // A mode option prints and exits: nothing else matters.
        if options.mode != .standardInput { return options }
        // LPROF_NOW counts only when --now is not given.
        if options.now == nil, let envNow = environment["LPROF_NOW"], !envNow.isEmpty {
            guard let day = CalendarDay(writtenISO: envNow) else {
                throw UsageError(
                    "LPROF_NOW must be a day as YYYY-MM-DD (years \(CalendarDay.writtenYearsText)), "
                        + "not '\(envNow)'")
            }
            options.now = day
        }
        if options.memory && options.storePath != nil {
            throw UsageError("--memory and --store cannot be used together")
        }
        options.mode = try mode(of: words)
        if options.singleTransaction {
            // As psql's -1: only for -c and scripts, whose end is known.
            switch options.mode {
            case .commandText, .script: break
            default:
                throw UsageError(
                    "-1 (--single-transaction) applies to a script or -c text only; piped "
                        + "stdin and the prompt save at every commit (for stdin as one "
                        + "transaction, give - as the script)")
            }
        }
        return options
    }

    /// Reads the words by the table: options, a subcommand first, then plain words.
    static func read(_ arguments: [String]) throws(UsageError) -> OptionState {
        var arguments = arguments
        var state = OptionState()
        var onlyPositionals = false
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositionals || !argument.hasPrefix("-") || argument == "-" {
                if state.subcommand == nil && state.positionals.isEmpty
                    && state.commandText == nil && subcommands.contains(argument)
                    && !onlyPositionals
                {
                    state.subcommand = argument
                } else {
                    state.positionals.append(argument)
                }
                continue
            }
            if argument == "--" {
                onlyPositionals = true
                continue
            }
            if let split = splitShortFlags(argument) {
                arguments.replaceSubrange(index - 1..<index, with: split)
                index -= 1
                continue
            }
            var name = argument
            var inline: String?
            if argument.hasPrefix("--"), let eq = argument.firstIndex(of: "=") {
                name = String(argument[..<eq])
                inline = String(argument[argument.index(after: eq)...])
            }
            guard let option = option(named: name) else {
                throw UsageError("unknown option '\(name)'" + hint(for: name, among: optionNames))
            }
            if !option.takesValue, inline != nil {
                throw UsageError("option '\(name)' takes no value")
            }
            switch option.action {
            case .flag(let set): set(&state)
            case .mode(let mode): state.options.mode = mode
            case .value(let set):
                if inline == nil {
                    guard index < arguments.count else {
                        throw UsageError("option '\(name)' needs a value")
                    }
                    index += 1
                }
                try set(&state, inline ?? arguments[index - 1])
            }
        }
        return state
    }

    /// What lprof is to do, from the subcommand, `-c` and the other words.
    static func mode(of words: OptionState) throws(UsageError) -> Mode {
        let (positionals, commandText) = (words.positionals, words.commandText)
        if let name = words.subcommand, commandText != nil {
            let takes = ["learn": "a lesson", "help": "a topic"][name] ?? "scripts"
            throw UsageError("'lprof \(name)' takes \(takes), not -c")
        }
        switch words.subcommand {
        case let name? where name == "test" || name == "check":
            guard !positionals.isEmpty else {
                throw UsageError("'lprof \(name)' needs at least one script")
            }
            return name == "test" ? .test(positionals) : .check(positionals)
        case "learn":
            guard words.options.storePath == nil else {
                throw UsageError("'lprof learn' never touches a store: its lessons run in memory")
            }
            guard positionals.count <= 1 else {
                throw UsageError(
                    "'lprof learn' takes at most one lesson (got \(positionals.count))")
            }
            return .learn(positionals.first)
        case "help":
            guard positionals.count <= 1 else {
                throw UsageError("'lprof help' takes at most one topic (got \(positionals.count))")
            }
            if let topic = positionals.first, !Vocabulary.helpTopics.contains(topic) {
                throw UsageError(
                    "unknown help topic '\(topic)'" + Vocabulary.helpTopicHint(for: topic))
            }
            return .helpTopic(positionals.first)
        default:
            if let commandText {
                guard positionals.isEmpty else {
                    throw UsageError("give either -c COMMANDS or a script, not both")
                }
                return .commandText(commandText)
            }
            if let first = positionals.first, let near = misspeltSubcommand(first) {
                throw UsageError(
                    "'\(first)' is neither a subcommand nor a file; did you mean 'lprof \(near)'?")
            }
            if let script = positionals.first, positionals.count > 1 {
                throw UsageError(scriptArgumentsMessage(script, positionals.dropFirst()))
            }
            return positionals.first.map { .script($0) } ?? .standardInput
        }
    }

    /// The error for a script given arguments (SPEC §6), as a shebang script run with them is.
    static func scriptArgumentsMessage(_ script: String, _ rest: ArraySlice<String>) -> String {
        let quoted = rest.prefix(3).map { "'" + TerminalSafe.escape($0) + "'" }
        let names = rest.count > 3 ? quoted.prefix(2) + ["\(rest.count - 2) more"] : quoted
        let list =
            names.count == 1
            ? names[0] : names.dropLast().joined(separator: ", ") + " and " + names.last!
        return "a script takes no arguments, but \(list) "
            + (rest.count == 1 ? "follows" : "follow") + " '\(TerminalSafe.escape(script))'; "
            + "to run several scripts as tests, use 'lprof test'"
    }

    /// "; did you mean '--trace'?", only when fewer than half the characters differ (not `-x`).
    static func hint(for word: String, among candidates: [String]) -> String {
        Suggestion.hint(for: word, among: candidates, maxDistance: (word.count - 1) / 2)
    }

    /// The subcommand or mode option `word` was meant as, unless a file by that name exists.
    static func misspeltSubcommand(_ word: String) -> String? {
        guard !word.contains("/"), !word.hasSuffix(".lprof"),
            (try? FileSystem().lstatIfPresent(word)) == nil
        else { return nil }
        if let option = option(named: "--" + word), case .mode = option.action {
            return option.long
        }
        return Suggestion.nearest(to: word, among: subcommands)
    }

    /// Short options given together as POSIX tools take them (`-qcTEXT`); nil for another word.
    static func splitShortFlags(_ word: String) -> [String]? {
        guard word.hasPrefix("-"), !word.hasPrefix("--"), word.count > 2 else { return nil }
        var flags: [String] = []
        var rest = word.dropFirst()
        while let letter = rest.first {
            let flag = "-" + String(letter)
            rest = rest.dropFirst()
            guard let option = option(named: flag) else { return nil }
            flags.append(flag)
            if option.takesValue { return flags + (rest.isEmpty ? [] : [String(rest)]) }
        }
        return flags
    }
}

/// A bad command line: `ExitStatus.usage` with a hint.
struct UsageError: Error, Equatable {
    var message: String

    init(_ message: String) { self.message = message }
}
