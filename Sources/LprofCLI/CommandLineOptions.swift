import LprofInteractive
import LprofLanguage
import LprofLessons
import LprofModel
import LprofShell
import LprofStore
import LprofSystem
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

    public init() {}

    /// Every option, for suggestions and completion.
    public static let optionNames = [
        "--store", "--memory", "--now", "--edition", "--keep-going", "--echo", "--trace",
        "--color", "--size", "--locale", "--no-rc", "-q", "--quiet", "-h", "--help", "-V",
        "--version", "-c",
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
                "--version",
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
                guard let day = CalendarDay(writtenISO: text) else {
                    throw UsageError(
                        "--now takes a day as YYYY-MM-DD (years \(CalendarDay.writtenYearsText)), not '\(text)'"
                    )
                }
                options.now = day
                nowGiven = true
            case "--edition":
                let text = try value(name, inline)
                guard let edition = Edition(rawValue: text.lowercased()) else {
                    throw UsageError(
                        "--edition takes \(Vocabulary.alternatives(Vocabulary.editions)), not '\(text)'"
                            + Suggestion.hint(for: text, among: Vocabulary.editions))
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
            guard let day = CalendarDay(writtenISO: envNow) else {
                throw UsageError("LPROF_NOW must be a day as YYYY-MM-DD, not '\(envNow)'")
            }
            options.now = day
        }
        if options.memory && options.storePath != nil {
            throw UsageError("--memory and --store cannot be used together")
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
                letters.allSatisfy({ "qhVc".contains($0) }),
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
    public static var helpText: String { UsageText.text }
}

/// A bad command line: exit status 2 with a hint.
public struct UsageError: Error, Equatable {
    public var message: String

    public init(_ message: String) { self.message = message }
}
