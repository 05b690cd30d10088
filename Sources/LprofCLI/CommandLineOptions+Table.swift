import LprofLanguage
import LprofModel

extension CommandLineOptions {
    /// Every option, in `--help`'s order (SPEC §6): the one table everything about options reads.
    static let table: [CommandLineOption] = [
        .value(
            "--store", "PATH", completion: .files,
            help: "the profile store (default $XDG_DATA_HOME/lprof/profile.json)"
        ) { state, path throws(UsageError) in
            guard !path.isEmpty else {
                throw UsageError("--store takes a file's path, not an empty word (or use --memory)")
            }
            state.options.storePath = path
        },
        .flag(
            "--memory",
            help:
                "keep the store in memory: commits last until lprof ends, and no file is read or written"
        ) { $0.options.memory = true },
        .value("--now", "YYYY-MM-DD", completion: .today, help: "today's date (also LPROF_NOW)") {
            state, text throws(UsageError) in
            guard let day = CalendarDay(writtenISO: text) else {
                throw UsageError(
                    "--now takes a day as YYYY-MM-DD (years \(CalendarDay.writtenYearsText)), not '\(text)'"
                )
            }
            state.options.now = day
        },
        .choice(
            "--edition", "EDITION", of: Edition.self,
            help: "release (default), or beta: the 2019 beta's wiring"
        ) { $0.options.edition = $1 },
        .flag(
            "--keep-going", help: "go on after a failure (exit status: the first failure's)"
        ) { $0.options.keepGoing = true },
        .flag("--echo", help: "print each command before running it") { $0.options.echo = true },
        .flag("--trace", help: "print lifecycle events (editMode, onAppear, onDisappear)") {
            $0.options.trace = true
        },
        .choice("--color", "WHEN", of: ColorChoice.self, help: "auto (default), always or never") {
            $0.options.color = $1
        },
        .value(
            "--size", "CATEGORY",
            completion: .words(SizeCategory.allNames),
            help: "Dynamic Type size: xs s m l xl xxl xxxl ax1 … ax5"
        ) { state, text throws(UsageError) in
            guard let size = SizeCategory(parsing: text) else {
                throw UsageError(
                    "--size takes a size category (xs s m l xl xxl xxxl ax1 … ax5, or the long names), not '\(text)'"
                )
            }
            state.options.size = size
        },
        .value(
            "--locale", "ID", completion: .words(LocaleSetting.examples),
            help: "the locale for dates, such as en_US or ko_KR"
        ) { state, text throws(UsageError) in
            guard let id = LocaleSetting.normalize(text) else {
                throw UsageError("--locale takes a locale ID such as en_US or ko-KR, not '\(text)'")
            }
            state.options.locale = id
        },
        .flag("--no-rc", help: "do not run $XDG_CONFIG_HOME/lprof/lprofrc at the prompt") {
            $0.options.noRC = true
        },
        .flag("--quiet", short: "-q", help: "no banner at the prompt") { $0.options.quiet = true },
        .flag(
            "--single-transaction", short: "-1",
            help: "save a script's or -c text's commits once, at its end, if it succeeds"
        ) { $0.options.singleTransaction = true },
        CommandLineOption(long: "--help", short: "-h", help: "this help", action: .mode(.help)),
        CommandLineOption(
            long: "--version", short: "-V", help: "the version", action: .mode(.version)),
        // Several -c texts are one text joined by line feeds (SPEC §6), so none may end in `\`.
        .value(
            nil, short: "-c", "COMMANDS", completion: .words(Vocabulary.commands),
            help: "run commands given inline", listed: false, accumulates: true
        ) { state, text throws(UsageError) in
            guard let earlier = state.commandText else { return state.commandText = text }
            if earlier.hasSuffix("\\") {
                throw UsageError(
                    "a -c text ends with a backslash, which would join the next -c to it; "
                        + "put both in one -c, or end the first otherwise")
            }
            state.commandText = earlier + "\n" + text
        },
        .choice(
            "--completion", "SHELL", of: CompletionShell.self,
            help: "print the completion script for bash, zsh or fish"
        ) { $0.options.mode = .completionScript($1) },
        .choice(
            "--editor-file", "NAME", of: EditorFile.self,
            help: "print an editor file for .lprof files: vim, vim-ftdetect, tmlanguage or "
                + "sublime-syntax"
        ) { $0.options.mode = .editorFile($1) },
    ]

    /// A subcommand: the first word of a command line, and its line in `--help`'s usage.
    struct Subcommand {
        var name: String
        var synopsis: String
        var help: String
        /// A few words, for completion menus.
        var summary: String
    }

    /// The subcommands, in the order `--help` lists them.
    static let subcommandTable = [
        Subcommand(
            name: "test", synopsis: "lprof test [OPTIONS] SCRIPT…",
            help:
                "run scripts as tests, each on a fresh profile in memory (with --store, the"
                + " store as it was at the start: no script sees another's commits, and the"
                + " store is never written); last line: N passed, N failed. Exit status 0:"
                + " all passed; 1: any failed (a syntax error fails its script); 2: a script"
                + " unreadable; 3: a store error",
            summary: "run scripts as tests"),
        Subcommand(
            name: "check", synopsis: "lprof check SCRIPT…",
            help: "check syntax, names and values only; runs nothing", summary: "check scripts only"
        ),
        Subcommand(
            name: "learn", synopsis: "lprof learn [LESSON]",
            help:
                "guided lessons at the prompt (in memory; a LESSON is a name, a number or a lesson file)",
            summary: "guided lessons"),
        Subcommand(
            name: "help", synopsis: "lprof help [TOPIC]",
            help: "what 'help TOPIC' prints at the prompt", summary: "help on the language"),
    ]

    /// The forms of the command line without a subcommand, for `--help`'s usage.
    static let plainForms: [(synopsis: String, help: String)] = [
        ("lprof [OPTIONS]", "the prompt at a terminal, else reads stdin"),
        ("lprof [OPTIONS] SCRIPT.lprof", "run a script (checked whole first; - is stdin)"),
        (
            "lprof [OPTIONS] -c 'COMMANDS'",
            "run commands given inline (several -c run in order, checked whole first)"
        ),
    ]

    /// The row named `name` (`--store` or `-q`).
    static func option(named name: String) -> CommandLineOption? {
        table.first { $0.long == name || $0.short == name }
    }

    static let optionNames = table.flatMap(\.names)

    static let subcommands = subcommandTable.map(\.name)
}
