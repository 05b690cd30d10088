import LprofLanguage
import LprofModel
import LprofViews

/// What the command line asked for, after parsing (SPEC §6).
public struct CommandLineOptions: Equatable {
    public enum Mode: Equatable {
        /// No script: interactive at a terminal, else commands from stdin.
        case standardInput
        case script(String)
        case commandText(String)
        case test([String])
        case check([String])
        /// `lprof learn [LESSON]`: guided lessons at the prompt.
        case learn(String?)
        case help
        case version
    }

    public enum ColorChoice: String, Equatable, CaseIterable {
        case auto, always, never
    }

    public var mode: Mode = .standardInput
    public var storePath: String?
    public var memory = false
    public var now: CalendarDay?
    public var edition: Edition = .release
    public var keepGoing = false
    public var echo = false
    public var trace = false
    public var color: ColorChoice = .auto
    public var size: SizeCategory?
    public var locale: String?
    public var noRC = false
    public var quiet = false
    /// `-1`: a script's or `-c` text's commits are saved once, at its successful end.
    public var singleTransaction = false

    public init() {}

    /// Every option, for suggestions and completion.
    public static let optionNames = [
        "--store", "--memory", "--now", "--edition", "--keep-going", "--echo", "--trace",
        "--color", "--size", "--locale", "--no-rc", "-q", "--quiet", "-1",
        "--single-transaction", "-h", "--help", "-V", "--version", "-c",
    ]

    /// The subcommands, the first word of a command line.
    public static let subcommands = ["test", "check", "learn"]

    /// Parses the arguments after the program name; `environment` supplies LPROF_NOW.
    public static func parse(_ arguments: [String], environment: [String: String])
        throws(UsageError)
        -> CommandLineOptions
    {
        let arguments = splittingShortFlags(arguments)
        var options = CommandLineOptions()
        var positionals: [String] = []
        var commandText: String?
        var subcommand: String?
        var index = 0
        var onlyPositionals = false

        // LPROF_NOW is read after the options, and only when --now is not given.
        var nowGiven = false

        func value(_ name: String, _ inline: String?) throws(UsageError) -> String {
            if let inline { return inline }
            index += 1
            guard index < arguments.count else {
                throw UsageError("option '\(name)' needs a value")
            }
            return arguments[index]
        }

        while index < arguments.count {
            let argument = arguments[index]
            defer { index += 1 }
            if onlyPositionals || !argument.hasPrefix("-") || argument == "-" {
                if subcommand == nil && positionals.isEmpty && commandText == nil
                    && subcommands.contains(argument) && !onlyPositionals
                {
                    subcommand = argument
                } else {
                    positionals.append(argument)
                }
                continue
            }
            if argument == "--" {
                onlyPositionals = true
                continue
            }
            var name = argument
            var inline: String?
            if argument.hasPrefix("--"), let eq = argument.firstIndex(of: "=") {
                name = String(argument[..<eq])
                inline = String(argument[argument.index(after: eq)...])
            }
            let flags = [
                "--memory", "--keep-going", "--echo", "--trace", "--no-rc", "--quiet", "--help",
                "--version", "--single-transaction",
            ]
            if inline != nil, flags.contains(name) {
                throw UsageError("option '\(name)' takes no value")
            }
            switch name {
            case "--store":
                let path = try value(name, inline)
                guard !path.isEmpty else {
                    throw UsageError(
                        "--store takes a file's path, not an empty word (or use --memory)")
                }
                options.storePath = path
            case "--memory": options.memory = true
            case "--now":
                let text = try value(name, inline)
                guard let day = parseDay(text) else {
                    throw UsageError(
                        "--now takes a day as YYYY-MM-DD (years 1000–9999), not '\(text)'")
                }
                options.now = day
                nowGiven = true
            case "--edition":
                let text = try value(name, inline)
                guard let edition = Edition(rawValue: text.lowercased()) else {
                    throw UsageError(
                        "--edition takes release or beta, not '\(text)'"
                            + Suggestion.hint(for: text, among: ["release", "beta"]))
                }
                options.edition = edition
            case "--keep-going": options.keepGoing = true
            case "--echo": options.echo = true
            case "--trace": options.trace = true
            case "--color":
                let text = try value(name, inline)
                guard let choice = ColorChoice(rawValue: text.lowercased()) else {
                    throw UsageError(
                        "--color takes auto, always or never, not '\(text)'"
                            + Suggestion.hint(for: text, among: ["auto", "always", "never"]))
                }
                options.color = choice
            case "--size":
                let text = try value(name, inline)
                guard let size = SizeCategory(parsing: text) else {
                    throw UsageError(
                        "--size takes a size category (xs s m l xl xxl xxxl ax1 … ax5, or the long names), not '\(text)'"
                    )
                }
                options.size = size
            case "--locale":
                let text = try value(name, inline)
                guard let id = LocaleSetting.normalize(text) else {
                    throw UsageError(
                        "--locale takes a locale ID such as en_US or ko-KR, not '\(text)'")
                }
                options.locale = id
            case "--no-rc": options.noRC = true
            case "-q", "--quiet": options.quiet = true
            case "-1", "--single-transaction": options.singleTransaction = true
            case "-h", "--help": options.mode = .help
            case "-V", "--version": options.mode = .version
            case "-c":
                guard commandText == nil else { throw UsageError("-c may be given only once") }
                commandText = try value(name, inline)
            default:
                throw UsageError(
                    "unknown option '\(name)'" + Suggestion.hint(for: name, among: optionNames))
            }
        }
        if options.mode == .help || options.mode == .version { return options }
        if !nowGiven, let envNow = environment["LPROF_NOW"], !envNow.isEmpty {
            guard let day = parseDay(envNow) else {
                throw UsageError("LPROF_NOW must be a day as YYYY-MM-DD, not '\(envNow)'")
            }
            options.now = day
        }
        if options.memory && options.storePath != nil {
            throw UsageError("--memory and --store cannot be used together")
        }
        if options.singleTransaction {
            // As psql's -1: only for -c and script files, whose end is known; stdin and the
            // prompt commit at each done.
            let applies: Bool
            switch (subcommand, commandText, positionals.count) {
            case (nil, .some, _): applies = true
            case (nil, nil, 1): applies = positionals[0] != "-"
            default: applies = false
            }
            if !applies {
                throw UsageError(
                    "-1 (--single-transaction) applies to a script or -c text only; piped "
                        + "stdin and the prompt save at every commit (for stdin as one "
                        + "transaction, give /dev/stdin as the script)")
            }
        }
        switch subcommand {
        case "test":
            guard commandText == nil else { throw UsageError("'lprof test' takes scripts, not -c") }
            guard !positionals.isEmpty else {
                throw UsageError("'lprof test' needs at least one script")
            }
            options.mode = .test(positionals)
        case "check":
            guard commandText == nil else {
                throw UsageError("'lprof check' takes scripts, not -c")
            }
            guard !positionals.isEmpty else {
                throw UsageError("'lprof check' needs at least one script")
            }
            options.mode = .check(positionals)
        case "learn":
            guard commandText == nil else {
                throw UsageError("'lprof learn' takes a lesson, not -c")
            }
            guard options.storePath == nil else {
                throw UsageError("'lprof learn' never touches a store: its lessons run in memory")
            }
            guard positionals.count <= 1 else {
                throw UsageError(
                    "'lprof learn' takes at most one lesson (got \(positionals.count))")
            }
            options.mode = .learn(positionals.first)
        default:
            if let commandText {
                guard positionals.isEmpty else {
                    throw UsageError("give either -c COMMANDS or a script, not both")
                }
                options.mode = .commandText(commandText)
            } else if positionals.count == 1 {
                options.mode = .script(positionals[0])
            } else if positionals.count > 1 {
                throw UsageError(
                    "one script at a time (got \(positionals.count)); use 'lprof test' to run several"
                )
            }
        }
        return options
    }

    private static func parseDay(_ text: String) -> CalendarDay? {
        guard let day = CalendarDay(iso: text), (1000...9999).contains(day.year) else { return nil }
        return day
    }

    /// Short flags given together, as POSIX tools take them: `-qc TEXT` is `-q -c TEXT`.
    /// Only words made of the short flags (`-c` last, as it takes the next word) are split;
    /// the words after `--` and the values of options are left alone.
    static func splittingShortFlags(_ arguments: [String]) -> [String] {
        let takesValue: Set<String> = [
            "--store", "--now", "--edition", "--color", "--size", "--locale", "-c",
        ]
        var result: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" {
                result += arguments[(index - 1)...]
                break
            }
            if takesValue.contains(argument) {
                result.append(argument)
                if index < arguments.count { result.append(arguments[index]) }
                index += 1
                continue
            }
            let letters = argument.dropFirst()
            guard argument.hasPrefix("-"), !argument.hasPrefix("--"), letters.count >= 2,
                letters.allSatisfy({ "qhVc1".contains($0) }),
                !letters.dropLast().contains("c")
            else {
                result.append(argument)
                continue
            }
            result += letters.map { "-" + String($0) }
            if letters.last == "c", index < arguments.count {
                result.append(arguments[index])
                index += 1
            }
        }
        return result
    }

    /// `lprof --help`.
    public static let helpText = """
        lprof — edit a profile with the edit-mode semantics of SwiftUI's Landmarks tutorial

        Usage:
          lprof [OPTIONS]                 interactive at a terminal, else commands from stdin
          lprof [OPTIONS] SCRIPT.lprof    run a script (checked whole first; - is stdin)
          lprof [OPTIONS] -c 'COMMANDS'   run commands given inline
          lprof test [OPTIONS] SCRIPT…    run scripts as tests; last line: N passed, N failed
          lprof check SCRIPT…             check syntax and names only; runs nothing
          lprof learn [LESSON]            guided lessons at the prompt (in memory; a LESSON
                                          is a name, a number or a lesson file)

        Options:
          --store PATH          the profile store (default $XDG_DATA_HOME/lprof/profile.json)
          --memory              no store is read or written
          --now YYYY-MM-DD      today's date (also LPROF_NOW)
          --edition EDITION     release (default) or beta: the tutorial's two wirings
          --keep-going          go on after a failed command (exit status: the first failure)
          --echo                print each command before running it
          --trace               print lifecycle events (edit mode, onAppear, onDisappear…)
          --color WHEN          auto (default), always or never
          --size CATEGORY       Dynamic Type size: xs s m l xl xxl xxxl ax1 … ax5
          --locale ID           the locale for dates, such as en_US or ko_KR
          --no-rc               do not run $XDG_CONFIG_HOME/lprof/lprofrc at the prompt
          -q, --quiet           no banner at the prompt
          -1, --single-transaction
                                save a script's or -c text's commits once, at its end,
                                if it succeeds; if it fails, the store is untouched
          -h, --help            this help
          -V, --version         the version

        Commands at the prompt: help show get set edit done cancel reset reload expect
        env trace print source history quit exit ('help COMMAND' explains one).

        Exit status: 0 success; 1 a command or expectation failed; 2 a usage or syntax
        error, or an unreadable script; 3 a store error.
        Type 'help' at the prompt for the command language.
        """
}

/// A bad command line: exit status 2 with a hint.
public struct UsageError: Error, Equatable {
    public var message: String

    public init(_ message: String) { self.message = message }
}
