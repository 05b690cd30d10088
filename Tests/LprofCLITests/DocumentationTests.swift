import Foundation
import LprofLanguage
import LprofLessonLanguage
import Testing

@testable import LprofCLI
@testable import LprofHelp
@testable import LprofLessons
@testable import LprofModel

/// lprof on a real system: the man page, `--help` and `help` name every command and option;
/// the man page renders; the bash, zsh and fish completions load and know every option,
/// value, lesson and help topic.
@Suite struct DocumentationTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func file(_ path: String) -> String {
        (try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)) ?? ""
    }

    /// The man page's text with roff's escaped hyphens and font changes removed.
    static let manText: String = file("man/lprof.1")
        .replacingOccurrences(of: "\\-", with: "-")
        .replacingOccurrences(of: "\\fI", with: "").replacingOccurrences(of: "\\fR", with: "")
        .replacingOccurrences(of: "\\fB", with: "")

    /// Everything `help` can say: the overview and every topic.
    static let helpText: String =
        ([HelpText.overview]
        + Vocabulary.helpTopics.map { HelpText.text(for: $0, options: CommandLineOptions.helpText) })
        .joined(
            separator: "\n")

    /// True when `word` stands alone in `text` (not inside a longer word or option).
    static func mentions(_ text: String, _ word: String) -> Bool {
        let escaped = NSRegularExpression.escapedPattern(for: word)
        return text.range(
            of: "(?<![A-Za-z0-9_-])" + escaped + "(?![A-Za-z0-9_-])", options: .regularExpression)
            != nil
    }

    static let everyName =
        Vocabulary.commands + CommandLineOptions.optionNames + CommandLineOptions.subcommands

    @Test("man page, --help and help name it", arguments: everyName)
    func documentedEverywhere(_ name: String) {
        #expect(Self.mentions(Self.manText, name), "man/lprof.1 does not mention \(name)")
        #expect(Self.mentions(CommandLineOptions.helpText, name), "--help does not mention \(name)")
        #expect(Self.mentions(Self.helpText, name), "help does not mention \(name)")
    }

    /// The language's names beyond its commands, from its tables.
    static let everyLanguageName =
        Vocabulary.fields + Vocabulary.scopes + Vocabulary.views + Vocabulary.hikeGraphs
        + Vocabulary.envKeys + Vocabulary.switches + Keyword.allCases.map(\.rawValue)
        + Vocabulary.helpTopics + LessonWord.all

    @Test("man page and help name it", arguments: everyLanguageName)
    func languageNameDocumented(_ name: String) {
        #expect(Self.mentions(Self.manText, name), "man/lprof.1 does not mention \(name)")
        #expect(Self.mentions(Self.helpText, name), "help does not mention \(name)")
    }

    /// Every value word the language takes, from the model's tables (of a goal's examples,
    /// only `today`: help explains offsets by their form).
    static let everyValueWord =
        ProfileField.allCases.flatMap { ValueParser.words(for: $0, forExpect: $0 == .goal) }
        + ValueParser.words(for: .notifications) + Vocabulary.modes + Vocabulary.editions
        + ["xs", "xxxl", "ax1", "ax5"]

    @Test("help names it", arguments: everyValueWord)
    func valueWordDocumented(_ word: String) {
        #expect(Self.mentions(Self.helpText, word), "help does not mention \(word)")
    }

    /// `text` with every run of white space one space.
    static func flattened(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// The README's command summary: the indented block under "The language at a glance"
    /// that starts with `help [TOPIC]`.
    static let readmeCommands: String = {
        let readme = file("README.md")
        guard let start = readme.range(of: "\n    help [TOPIC]") else { return "" }
        let rest = readme[start.lowerBound...].dropFirst()
        let end = rest.range(of: "\n\n")?.lowerBound ?? rest.endIndex
        return String(rest[..<end])
    }()

    /// Every form of the grammar that a word after the command's name tells apart
    /// (`get wiring`, `expect error`, `record off`), as its first two words.
    static let alsoForms: [String] = CommandName.allCases.flatMap { command in
        Grammar.forms(of: command).compactMap { form -> String? in
            guard let first = form.slots.first, !first.isOptional,
                case .word(let word) = first.required
            else { return nil }
            return command.rawValue + " " + word
        }
    }

    /// The README's summary writes every form of the grammar as help does; the man page's
    /// synopses name every form a second word tells apart (`get wiring`, `expect error`),
    /// and its `show` every view; both name every command. So neither falls behind the
    /// table.
    @Test func readmeAndManPageListEveryCommandForm() {
        #expect(Self.alsoForms.contains("get wiring") && Self.alsoForms.contains("expect error"))
        let readme = Self.flattened(Self.readmeCommands)
        for command in CommandName.allCases where command != .exit {
            for form in Grammar.forms(of: command) {
                #expect(
                    readme.contains(form.synopsis),
                    "README's command summary lacks \(form.synopsis)")
            }
        }
        let man = Self.flattened(Self.manText).replacingOccurrences(of: "\" ", with: " ")
            .replacingOccurrences(of: "\"", with: "")
        for form in Self.alsoForms {
            #expect(man.contains(form), "man/lprof.1 lacks \(form)")
        }
        for command in Vocabulary.commands {
            #expect(
                Self.mentions(Self.readmeCommands, command), "README's summary lacks \(command)")
        }
        let manShow = Self.manText.split(separator: "\n").first { $0.hasPrefix(".BR show ") } ?? ""
        for view in Vocabulary.views {
            #expect(Self.mentions(String(manShow), view), "man page's show lacks \(view)")
        }
    }

    /// The man page's `help` entry lists every help topic beyond the commands.
    @Test func manPageListsEveryHelpTopic() {
        let man = Self.flattened(Self.manText)
        let entry = man.range(of: "The commands, or one command or topic (").map {
            String(man[$0.upperBound...].prefix { $0 != ")" })
        }
        for topic in HelpTopic.allCases {
            #expect(
                entry.map { Self.mentions($0, topic.rawValue) } == true,
                "man page's help topics lack \(topic.rawValue)")
        }
    }

    /// The README's `lprof test` line gives every status `lprof test` can end with.
    @Test func readmeGivesEveryStatusOfLprofTest() {
        let readme = Self.flattened(Self.file("README.md"))
        let entry = readme.range(of: "lprof test [OPTIONS] SCRIPT… run scripts as tests").map {
            String(readme[$0.upperBound...].prefix(400))
        }
        // Launcher.testStatus(of:) picks among these, and 0 when all passed.
        for status in [0, 1, 2, 3] {
            #expect(
                entry?.contains(" \(status) ") == true, "README's lprof test lacks status \(status)"
            )
        }
    }

    /// The username rules are one list (`Username.rules`): help set, help limits, the
    /// README and the man page say all of them, in its words.
    @Test func everyUsernameRuleIsDocumented() {
        let sentence = Self.flattened(Username.rulesSentence)
        for rule in Username.rules {
            #expect(sentence.contains(Self.flattened(rule)), "\(rule)")
        }
        for topic in ["set", "limits"] {
            let text = Self.flattened(HelpText.text(for: topic, options: ""))
            #expect(text.contains(sentence), "help \(topic)")
        }
        #expect(Self.flattened(Self.file("README.md")).contains(sentence), "README.md")
        let man = Self.flattened(Self.manText.replacingOccurrences(of: "\\(en", with: "–"))
        #expect(man.contains(sentence), "man/lprof.1")
    }

    @Test func manPageNamesEveryLessonAndEnvironmentVariable() {
        for lesson in BuiltInLessons.all {
            #expect(Self.mentions(Self.manText, lesson.id), "\(lesson.id)")
        }
        for variable in [
            "LPROF_NOW", "LPROF_HISTORY", "LPROF_HISTSIZE", "LPROF_LESSONS",
            "XDG_DATA_HOME",
            "XDG_STATE_HOME", "XDG_CONFIG_HOME", "COLUMNS", "NO_COLOR", "COLORTERM", "TERM",
        ] {
            #expect(Self.mentions(Self.manText, variable), "\(variable)")
        }
        for section in [
            "NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "COMMANDS", "FILES", "ENVIRONMENT",
            "EXIT STATUS", "EXAMPLES",
        ] {
            #expect(Self.manText.contains(".SH \(section)\n"), "\(section)")
        }
    }

    @Test("completions know it", arguments: CompletionShell.allCases.map(\.file.checkedIn))
    func completionsKnowEverything(_ path: String) {
        let text = Self.file(path)
        #expect(!text.isEmpty)
        for option in CommandLineOptions.optionNames {
            // fish names an option by its letter or word: `-s q`, `-l store`.
            let spelled =
                !path.hasSuffix(".fish")
                ? option
                : option.hasPrefix("--") ? "-l " + option.dropFirst(2) : "-s " + option.dropFirst()
            #expect(Self.mentions(text, spelled), "\(path): \(option)")
        }
        for sub in CommandLineOptions.subcommands {
            #expect(Self.mentions(text, sub), "\(path): \(sub)")
        }
        for lesson in BuiltInLessons.all {
            #expect(Self.mentions(text, lesson.id), "\(path): \(lesson.id)")
        }
        for size in SizeCategory.allNames { #expect(Self.mentions(text, size), "\(path): \(size)") }
        for locale in LocaleSetting.examples {
            #expect(Self.mentions(text, locale), "\(path): \(locale)")
        }
        for command in Vocabulary.commands {
            #expect(Self.mentions(text, command), "\(path): \(command)")
        }
        for topic in Vocabulary.helpTopics {
            #expect(Self.mentions(text, topic), "\(path): \(topic)")
        }
        for value in Vocabulary.editions + ["auto", "always", "never", ".lprof"] {
            #expect(text.contains(value), "\(path): \(value)")
        }
    }

    /// Runs a shell command line; its exit status and output.
    static func shell(_ command: String) -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.currentDirectoryURL = root
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        do { try process.run() } catch { return (127, "\(error)") }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    static func have(_ tool: String) -> Bool { shell("command -v \(tool)").status == 0 }

    @Test(.enabled(if: have("groff"))) func manPageRendersWithoutWarnings() {
        let r = Self.shell("groff -man -Tutf8 -ww -z man/lprof.1")
        #expect(r.status == 0 && r.output.isEmpty, "\(r.output)")
    }

    /// mandoc's lint finds nothing: no warnings (such as a `.TH` date it cannot read) and no
    /// style notes.
    @Test(.enabled(if: have("mandoc"))) func manPageLintsCleanWithMandoc() {
        let r = Self.shell("mandoc -Tlint man/lprof.1")
        #expect(r.status == 0 && r.output.isEmpty, "\(r.output)")
    }

    /// The man page's date is a full date (YYYY-MM-DD), which mandoc and man-db can read.
    @Test func manPageDateIsAFullDate() {
        let th = Self.file("man/lprof.1").split(separator: "\n").first { $0.hasPrefix(".TH ") }
        let fields = th?.split(separator: "\"").map(String.init) ?? []
        #expect(fields.count > 1)
        let date = fields.count > 1 ? fields[1] : ""
        #expect(
            date.range(of: #"^[0-9]{4}-[0-9]{2}-[0-9]{2}$"#, options: .regularExpression) != nil,
            "\(th ?? "no .TH")")
    }

    @Test(.enabled(if: have("man"))) func manPageRendersWithMan() {
        let r = Self.shell("MANWIDTH=80 man -l man/lprof.1 2>&1")
        #expect(r.status == 0)
        #expect(r.output.contains("lprof learn [LESSON]"))
        #expect(r.output.contains("EXIT STATUS"))
    }

    @Test func bashCompletionLoadsAndCompletes() {
        #expect(Self.shell("bash -n completions/lprof.bash").status == 0)
        let r = Self.shell(
            #"bash -c 'source completions/lprof.bash && complete -p lprof && COMP_WORDS=(lprof --edition b) COMP_CWORD=2 && _lprof && echo "[${COMPREPLY[*]}]" && COMP_WORDS=(lprof learn g) COMP_CWORD=2 && _lprof && echo "[${COMPREPLY[*]}]" && COMP_WORDS=(lprof --color "") COMP_CWORD=2 && _lprof && echo "[${COMPREPLY[*]}]"'"#
        )
        #expect(r.status == 0, "\(r.output)")
        #expect(r.output.contains("complete -F _lprof lprof"))
        #expect(r.output.contains("[beta]"))
        #expect(r.output.contains("[goal-range]"))
        #expect(r.output.contains("[auto always never]"))
    }

    /// The installed bash script is read only by the bash-completion package: the README and
    /// the man page say so, and how to load it without (issue 35 item 10).
    @Test func bashCompletionsNeedOfBashCompletionIsDocumented() {
        let readme = Self.flattened(Self.file("README.md"))
        #expect(readme.contains("only through the bash-completion package"))
        #expect(readme.contains("source <(lprof --completion bash)"))
        let man = Self.file("man/lprof.1")
        #expect(man.contains("only through the bash\\-completion package"))
        #expect(man.contains("source <(lprof \\-\\-completion bash)"))
    }

    @Test func bashCompletionOffersTheLanguageAfterC() {
        let r = Self.shell(
            #"bash -c 'source completions/lprof.bash && COMP_WORDS=(lprof -c dis) COMP_CWORD=2 && _lprof && echo "[${COMPREPLY[*]}]" && COMP_WORDS=(lprof --memory -c p) COMP_CWORD=3 && _lprof && echo "[${COMPREPLY[*]}]"'"#
        )
        #expect(r.status == 0, "\(r.output)")
        #expect(r.output == "[dismiss]\n[present print]\n")
    }

    @Test(.enabled(if: CompletionShellTests.runnable(.zsh))) func zshCompletionLoads() throws {
        try #require(Self.have("zsh"), "zsh is not installed")
        #expect(Self.shell("zsh -n completions/_lprof").status == 0)
        let r = Self.shell(
            #"zsh -f -c 'fpath=($PWD/completions $fpath); autoload -U compinit; compinit -u -D; print -r -- ${_comps[lprof]}; autoload +X _lprof && print loaded'"#
        )
        #expect(r.output == "_lprof\nloaded\n", "\(r.output)")
    }
}
