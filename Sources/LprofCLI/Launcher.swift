import LprofHelp
import LprofInteractive
import LprofModel
import LprofShell
import LprofStore
import LprofSystem
import LprofText

/// Puts a session together from the command line and the environment, and runs it.
public struct Launcher {
    var environment: [String: String]
    /// Makes the terminal's line editor; nil reads stdin as a stream even at a terminal.
    public var lineEditor: ((HistoryFile, Completer) -> LineReader)?
    /// The locale variables `main` replaced before ICU saw them, as they were, for a warning.
    public var replacedLocaleVariables: [(name: String, value: String)] = []
    /// `TERM` as it was, when `main` found it unusable and made it `dumb`.
    public var replacedTerminalType: String?

    public init(environment: [String: String]) {
        self.environment = environment
    }

    /// Runs the command line, refusing `rawArguments` that are not UTF-8 (SPEC §3).
    public func run(_ arguments: [String], rawArguments: [[UInt8]] = []) -> ExitStatus {
        if let invalid = Self.invalidArgument(rawArguments) {
            report(Diagnostic(.error, invalid))
            return .usage
        }
        let options: CommandLineOptions
        do {
            options = try CommandLineOptions.parse(arguments, environment: environment)
        } catch {
            report(Diagnostic(.error, error.message))
            let hint = "Try 'lprof --help' for more information."
            StandardError.write(terminalWidth(2).map { TextWrap.block(hint, width: $0) } ?? hint)
            StandardError.write("\n")
            return .usage
        }
        warnAboutLocale(options)
        switch options.mode {
        case .help:
            return printed(HelpText.fitted(CommandLineOptions.helpText, width: outputWidth) + "\n")
        case .version:
            return printed(UsageText.version + "\n")
        case .completionScript(let shell):
            return printed(CompletionScript.text(for: shell))
        case .editorFile(let file):
            return printed(EditorSyntax.text(for: file))
        case .helpTopic(let topic):
            let text =
                topic.map { HelpText.text(for: $0, options: CommandLineOptions.helpText) }
                ?? HelpText.overview
            return printed(HelpText.fitted(text, width: outputWidth) + "\n")
        case .check(let paths):
            return check(paths, color: options.color)
        case .learn(let lesson):
            return learn(options, lesson: lesson)
        case .test(let paths):
            return test(paths, options)
        case .script(let path):
            // Read before the store is opened: a script that cannot be read is a usage error
            // (exit 2) whatever the store holds.
            let sink = DiagnosticSink(
                .standardError, printer: diagnosticPrinter(options.color), output: nil)
            guard let source = Runner.readScript(path: path, into: sink) else { return .usage }
            // A recording is refused on the store the user did not name.
            let unnamed = !options.memory && options.storePath == nil
            return withRunner(options) {
                $0.runScript(source, path: path, refusingRecordings: unnamed)
            }
        case .commandText(let text):
            return withRunner(options) { $0.runText(text) }
        case .standardInput:
            if lineEditor != nil, isTerminal(0), isTerminal(1) {
                let home = BaseDirectories(environment: environment).home
                let reader = makeLineEditor(
                    HistoryFile(environment: environment),
                    Completer { FileSystemDirectory.list($0, home: home) }, color: options.color)
                return runInteractive(options, reader: reader)
            }
            return withRunner(options) { $0.runStream(descriptor: 0) }
        }
    }

    /// The usage error for the first argument that is not UTF-8, placed in -c text as parsed.
    static func invalidArgument(_ raw: [[UInt8]]) -> String? {
        let dash = UInt8(ascii: "-")
        var textNext = false
        var optionsEnded = false
        for (index, bytes) in raw.enumerated() {
            // Where this argument's -c text starts, if it holds one.
            var textStart: Int? = textNext ? 0 : nil
            textNext = false
            if textStart == nil, !optionsEnded, bytes.count > 1, bytes[0] == dash {
                if bytes == [dash, dash] {
                    optionsEnded = true
                } else if bytes[1] != dash,
                    let c = bytes.dropFirst().firstIndex(of: UInt8(ascii: "c"))
                {
                    if c == bytes.count - 1 { textNext = true } else { textStart = c + 1 }
                }
            }
            guard let bad = UTF8Check.firstInvalidByte(in: bytes) else { continue }
            let hex = String(bytes[bad], radix: 16, uppercase: true)
            let byte = "byte 0x" + (hex.count == 1 ? "0" + hex : hex)
            let place: String
            if let start = textStart, bad >= start {
                place = "-c text, at its byte \(bad - start + 1)"
            } else {
                place = "argument \(index + 1), at its byte \(bad + 1)"
            }
            return "invalid UTF-8 (\(byte)) in \(place): lprof reads its arguments as UTF-8;"
                + " nothing ran"
        }
        return nil
    }

    /// The prompt over `reader`, after the banner and the rc file.
    func runInteractive(_ options: CommandLineOptions, reader: LineReader) -> ExitStatus {
        let store = storage(options)
        // Ctrl-C while `done` waits for another session's lock ends the wait.
        (store as? FileProfileStorage)?.interrupted = { reader.takeInterrupt() }
        return withRunner(options, storage: store) { runner in
            let color = runner.interpreter.settings.color != .none
            runner.diagnostics.printer.color = color
            let session = InteractiveSession(runner: runner, reader: reader, color: color)
            if !options.quiet {
                // At a narrow terminal, broken between words as every message is.
                runner.interpreter.out.writeLine(
                    TextWrap.block(InteractiveSession.banner(), width: outputWidth))
            }
            if !options.noRC,
                let rc = BaseDirectories(environment: environment).file("lprofrc", .config)
            {
                runner.runStartupFile(rc)
            }
            return session.run()
        }
    }

    /// `lprof check`: every syntax error in every script or lesson file.
    func check(_ paths: [String], color: CommandLineOptions.ColorChoice) -> ExitStatus {
        let sink = DiagnosticSink(.standardError, printer: diagnosticPrinter(color), output: nil)
        // Every path is checked, after an error too.
        let clean = !paths.map { path in
            Self.isLessonFile(path)
                ? loadLesson(path: path, reportingTo: sink) != nil
                : Runner.checkScript(path: path, into: sink)
        }.contains(false)
        // Silence means success to a script; a person at a terminal is told so.
        if clean && isTerminal(1) {
            let files = paths.count == 1 ? "1 file" : "\(paths.count) files"
            return printed("\(files) checked: no errors\n")
        }
        return clean ? .success : .usage
    }

    /// The line editor, after the warning that `TERM` was unusable (SPEC §4).
    func makeLineEditor(
        _ history: HistoryFile, _ completer: Completer, color: CommandLineOptions.ColorChoice
    ) -> LineReader {
        if let term = replacedTerminalType {
            let shown = TerminalSafe.escape(term, .swift) { $0 == "\t" }
            let message =
                "TERM='\(shown)' names no terminal type; the prompt uses dumb terminal settings"
            report(Diagnostic(.warning, message), color: color)
        }
        return lineEditor!(history, completer)
    }

    /// Writes `text` to stdout: success, unless stdout cannot take it.
    func printed(_ text: String) -> ExitStatus {
        let out = OutputBuffer(.descriptor(1))
        out.write(text)
        return out.finish(status: .success)
    }

    /// A positive `COLUMNS`, cut to 16 bits as a window's size, so a huge one lays views out.
    var columns: Int? {
        environment["COLUMNS"].flatMap { Int($0) }.flatMap {
            $0 > 0 ? min($0, Int(UInt16.max)) : nil
        }
    }

    /// The width output is fitted to: the terminal's, else `COLUMNS`, else 80.
    var outputWidth: Int {
        terminalWidth(1) ?? columns ?? 80
    }

    /// Runs `body` with a runner on stdout and stderr; `.store` when the store cannot be read.
    func withRunner(
        _ options: CommandLineOptions, storage store: ProfileStorage? = nil,
        _ body: (Runner) -> ExitStatus
    ) -> ExitStatus {
        let out = OutputBuffer(.descriptor(1))
        let sink = DiagnosticSink(
            .standardError, printer: diagnosticPrinter(options.color), output: out)
        guard
            let runner = makeRunner(
                options, out: out, diagnostics: sink, storage: store ?? storage(options))
        else {
            return .store
        }
        return body(runner)
    }

    /// A runner over `storage` as the options say; nil (after reporting) when it cannot be read.
    func makeRunner(
        _ options: CommandLineOptions, out: OutputBuffer, diagnostics: DiagnosticSink,
        storage: ProfileStorage
    ) -> Runner? {
        var setup = SessionSetup(settings: settings(options), edition: options.edition)
        setup.optionsHelp = { CommandLineOptions.helpText }
        setup.singleTransaction = options.singleTransaction
        setup.keepGoing = options.keepGoing
        return setup.makeRunner(out: out, diagnostics: diagnostics, storage: storage)
    }

    func storage(_ options: CommandLineOptions) -> ProfileStorage {
        if options.memory { return MemoryProfileStorage() }
        // Only the default store's own folder is made; a --store is taken as given (SPEC §7).
        guard let path = options.storePath else {
            return FileProfileStorage(
                path: StoreLocation.defaultPath(environment: environment), createsFolder: true)
        }
        return FileProfileStorage(path: path)
    }

    func settings(_ options: CommandLineOptions) -> Settings {
        var settings = Settings()
        settings.sizeCategory = options.size ?? .large
        settings.locale = options.locale ?? LocaleSetting.fromEnvironment(environment)
        settings.now = options.now
        settings.trace = options.trace
        settings.echo = options.echo
        settings.color = colorSupport(options.color, fd: 1)
        settings.width = { [columns] in terminalWidth(1) ?? columns ?? 80 }
        settings.wrapsAtTerminal = isTerminal(1)
        settings.home = BaseDirectories(environment: environment).home
        return settings
    }

    /// Colour per SPEC §5: on a terminal unless NO_COLOR or TERM=dumb, or when forced.
    func colorSupport(_ choice: CommandLineOptions.ColorChoice, fd: Int32) -> ColorSupport {
        guard
            choice == .always
                || (choice == .auto && isTerminal(fd) && (environment["NO_COLOR"] ?? "").isEmpty
                    && environment["TERM"] != "dumb")
        else { return .none }
        let colorterm = environment["COLORTERM"]?.lowercased()
        return colorterm == "truecolor" || colorterm == "24bit" ? .truecolor : .ansi256
    }

    /// The printer for stderr, coloured as output is and wrapping at a terminal's width.
    func diagnosticPrinter(_ color: CommandLineOptions.ColorChoice = .auto) -> DiagnosticPrinter {
        DiagnosticPrinter(color: colorSupport(color, fd: 2) != .none, wrapWidth: terminalWidth(2))
    }

    /// One warning when the locale variables cannot give dates their locale (SPEC §4, §5).
    func warnAboutLocale(_ options: CommandLineOptions) {
        switch options.mode {
        case .help, .version, .completionScript, .editorFile: return
        default: break
        }
        // The printer escapes every control but a tab, which is escaped here.
        func shown(_ name: String, _ value: String) -> String {
            "\(name)='\(TerminalSafe.escape(value, .swift) { $0 == "\t" })'"
        }
        var named = replacedLocaleVariables.map { shown($0.name, $0.value) }
        if options.locale == nil,
            let (name, value) = LocaleSetting.unknownInEnvironment(environment),
            !replacedLocaleVariables.contains(where: { $0.name == name })
        {
            named.append(shown(name, value))
        }
        guard !named.isEmpty else { return }
        let list = named.joined(separator: ", ")
        let verb = named.count == 1 ? "names" : "name"
        let outcome =
            options.locale == nil
            ? "dates are in \(LocaleSetting.fallback) (see 'locale -a', or give --locale ID)"
            : "lprof ignores \(named.count == 1 ? "it" : "them")"
        report(
            Diagnostic(.warning, "\(list) \(verb) no locale lprof can use; \(outcome)"),
            color: options.color)
    }

    /// Writes a message of the program's own to stderr through the printer that escapes.
    func report(_ diagnostic: Diagnostic, color: CommandLineOptions.ColorChoice = .auto) {
        StandardError.write(diagnosticPrinter(color).render(diagnostic))
    }
}
