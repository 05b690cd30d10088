import Foundation
import Testing

@testable import LprofCLI

/// The completion scripts in completions/, run in the real shells (bash, zsh through a
/// pseudo-terminal, fish) in a folder with a file name holding a space: each offers the same
/// things for the same line. A shell that is not installed skips its tests, unless
/// `LPROF_REQUIRE_PTY_TOOLS=1` (CI sets it, and `Scripts/bootstrap` installs the shells):
/// then the test fails.
@Suite struct CompletionShellTests {
    /// True when the shells must be there (CI): a missing one is a failure, not a skip.
    static let toolsRequired =
        ProcessInfo.processInfo.environment["LPROF_REQUIRE_PTY_TOOLS"] == "1"

    static func have(_ shell: CompletionShell) -> Bool {
        DocumentationTests.have(shell.rawValue)
    }

    static func runnable(_ shell: CompletionShell) -> Bool { have(shell) || toolsRequired }

    /// A folder to complete in: `.lprof` scripts (one with a space), other files (one with a
    /// space), and a folder with a space, in the temporary folder.
    static let fixture: URL = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "lprof-completion-\(UUID().uuidString)")
        let fm = FileManager.default
        try? fm.createDirectory(
            at: folder.appendingPathComponent("sub dir"), withIntermediateDirectories: true)
        for name in ["my store.json", "a b.lprof", "go.lprof", "notes.txt"] {
            _ = fm.createFile(atPath: folder.appendingPathComponent(name).path, contents: Data())
        }
        return folder
    }()

    static let home: URL = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "lprof-completion-home-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }()

    /// Runs `program` with `arguments` in the fixture folder; its output (stdout and stderr).
    static func run(_ program: String, _ arguments: [String]) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [program] + arguments
        process.currentDirectoryURL = fixture
        // A home of its own, beside the folder, for what the shells write there (fish's
        // configuration and history).
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = home.path
        environment["XDG_CONFIG_HOME"] = home.appendingPathComponent(".config").path
        environment["XDG_DATA_HOME"] = home.appendingPathComponent(".data").path
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { return "\(error)" }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// A checked-in script's full path.
    static func script(_ shell: CompletionShell) -> String {
        DocumentationTests.root.appendingPathComponent(shell.file.checkedIn).path
    }

    /// What bash's `_lprof` puts in COMPREPLY for the words (the last being completed),
    /// one a line.
    static func bashOffers(_ words: [String]) -> [String] {
        let program = #"""
            source "$1"; shift
            COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
            COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}
            _lprof
            printf '%s\n' "${COMPREPLY[@]}"
            """#
        return lines(
            run("bash", ["--norc", "--noprofile", "-c", program, "bash", script(.bash)] + words))
    }

    /// What zsh offers for `line` typed through a pseudo-terminal (zsh's zpty) and Tab, with
    /// `folder` (completions/ by default) on fpath: every match compadd is given.
    static func zshOffers(_ line: String, fpath: String? = nil) -> [String] {
        let program = #"""
            zmodload zsh/zpty
            zpty z zsh -f -i
            zpty -w z "PROMPT='> '; fpath=(${(q)2} \$fpath); autoload -U compinit; compinit -u -D"
            zpty -w z 'compadd () { builtin compadd -O __hits "$@"; print -rl -- "" ${__hits/#/HIT:}; builtin compadd "$@" }'
            zpty -w z '__done () { print -r -- "" "DO""NE:" }; comppostfuncs=(__done)'
            zpty -w z "$1"$'\t'
            out="" chunk=""
            integer waited=0
            while (( waited < 150 )) && [[ $out != *DONE:* ]]; do
                if zpty -r -t z chunk 2>/dev/null; then out+=$chunk
                else sleep 0.1; (( waited++ )); fi
            done
            zpty -d z
            [[ $out == *DONE:* ]] || print -r -- "TIMEOUT"
            print -rl -- ${(u)${(M)${(f)${out//$'\r'/}}:#HIT:*}#HIT:}
            """#
        let folder = fpath ?? DocumentationTests.root.appendingPathComponent("completions").path
        return lines(run("zsh", ["-f", "-c", program, "zsh", line, folder]))
    }

    /// What fish's `complete -C` offers for `line` with the script loaded.
    static func fishOffers(_ line: String) -> [String] {
        lines(
            run(
                "fish",
                [
                    "--no-config", "-c", "source $argv[1]; complete -C $argv[2]", script(.fish),
                    line,
                ]))
    }

    /// The offers, as the shell would insert them: no description after a tab, no quoting
    /// backslashes, no folder's trailing slash; each once.
    static func lines(_ output: String) -> [String] {
        var seen: Set<String> = []
        return output.split(separator: "\n").compactMap { line in
            var word = String(line.prefix { $0 != "\t" }).replacingOccurrences(of: "\\", with: "")
            if word.hasSuffix("/") { word.removeLast() }
            guard !word.isEmpty, seen.insert(word).inserted else { return nil }
            return word
        }
    }

    static func offers(_ shell: CompletionShell, _ words: [String]) -> Set<String> {
        let line = words.joined(separator: " ")
        switch shell {
        case .bash: return Set(bashOffers(words))
        case .zsh: return Set(zshOffers(line))
        case .fish: return Set(fishOffers(line))
        }
    }

    static let lessons = Set(CompletionScript.lessons.split(separator: " ").map(String.init))
    static let scripts: Set<String> = ["a b.lprof", "go.lprof", "sub dir"]

    /// Lines and what every shell offers for them (the last word is the one completed).
    static let cases: [(words: [String], offered: Set<String>)] = [
        // A file name with a space is one offer, not two.
        (["lprof", "--store", "my"], ["my store.json"]),
        // ... and one typed with a backslash is matched as the name it spells.
        (["lprof", "--store", #"my\ s"#], ["my store.json"]),
        (["lprof", "--edition", ""], ["release", "beta"]),
        (["lprof", "--col"], ["--color"]),
        (["lprof", "-q", "--si"], ["--single-transaction", "--size"]),
        (["lprof", "-c", "a", "-c", "p"], ["present", "print"]),
        // The first plain word: a subcommand or a script.
        (["lprof", ""], scripts.union(CommandLineOptions.subcommands)),
        // After help, help topics, not files.
        (["lprof", "help", "se"], ["set"]),
        (
            ["lprof", "help", ""],
            Set(CompletionScript.helpTopics.split(separator: " ").map(String.init))
        ),
        // After learn, lesson names and lesson files.
        (["lprof", "learn", "g"], ["goal-range", "go.lprof"]),
        (["lprof", "learn", ""], lessons.union(scripts)),
        (["lprof", "--memory", "test", ""], scripts),
        // A script takes no arguments.
        (["lprof", "go.lprof", ""], []),
    ]

    @Test(.enabled(if: runnable(.bash)), arguments: cases)
    func bashOffersIt(words: [String], offered: Set<String>) throws {
        try #require(Self.have(.bash), "bash is not installed")
        #expect(Self.offers(.bash, words) == offered, "\(words)")
    }

    @Test(.enabled(if: runnable(.zsh)), .timeLimit(.minutes(2)), arguments: cases)
    func zshOffersIt(words: [String], offered: Set<String>) throws {
        try #require(Self.have(.zsh), "zsh is not installed")
        #expect(Self.offers(.zsh, words) == offered, "\(words)")
    }

    @Test(.enabled(if: runnable(.fish)), arguments: cases)
    func fishOffersIt(words: [String], offered: Set<String>) throws {
        try #require(Self.have(.fish), "fish is not installed")
        #expect(Self.offers(.fish, words) == offered, "\(words)")
    }

    @Test(.enabled(if: runnable(.fish)))
    func fishScriptLoadsCleanly() throws {
        try #require(Self.have(.fish), "fish is not installed")
        #expect(Self.run("fish", ["--no-execute", Self.script(.fish)]) == "")
        #expect(
            Self.run("fish", ["--no-config", "-c", "source $argv[1]", Self.script(.fish)]) == "")
    }
}

/// What issue 35 item 10 found: `--opt=value` in bash, and fish's descriptions.
@Suite struct CompletionFormTests {
    /// bash breaks `--color=al` at the `=` (COMP_WORDBREAKS) into `--color`, `=`, `al`, as a
    /// real bash at a terminal does: the value after the `=` is completed, and the option's
    /// value does not count as the first plain word.
    @Test(
        .enabled(if: CompletionShellTests.runnable(.bash)),
        arguments: [
            (["lprof", "--color", "=", "al"], ["always"]),
            (["lprof", "--edition", "="], ["release", "beta"]),
            (["lprof", "--size", "=", "ax"], ["ax1", "ax2", "ax3", "ax4", "ax5"]),
            (["lprof", "--color", "=", "always", "learn", "g"], ["goal-range", "go.lprof"]),
        ] as [([String], Set<String>)])
    func bashCompletesTheValueAfterAnEquals(words: [String], offered: Set<String>) throws {
        try #require(CompletionShellTests.have(.bash), "bash is not installed")
        #expect(Set(CompletionShellTests.bashOffers(words)) == offered, "\(words)")
    }

    @Test(
        .enabled(if: CompletionShellTests.runnable(.fish)),
        arguments: [
            ("lprof --color=al", ["--color=always"]),
            ("lprof --edition=", ["--edition=release", "--edition=beta"]),
        ] as [(String, Set<String>)])
    func fishCompletesTheValueAfterAnEquals(line: String, offered: Set<String>) throws {
        try #require(CompletionShellTests.have(.fish), "fish is not installed")
        #expect(Set(CompletionShellTests.fishOffers(line)) == offered, "\(line)")
    }

    @Test(.enabled(if: CompletionShellTests.runnable(.zsh)), .timeLimit(.minutes(2)))
    func zshCompletesTheValueAfterAnEquals() throws {
        try #require(CompletionShellTests.have(.zsh), "zsh is not installed")
        #expect(Set(CompletionShellTests.zshOffers("lprof --color=al")) == ["always"])
    }

    /// fish's raw offers for `line`: each word with its description after a tab, if any.
    static func fishRaw(_ line: String) -> [Substring] {
        CompletionShellTests.run(
            "fish",
            [
                "--no-config", "-c", "source $argv[1]; complete -C $argv[2]",
                CompletionShellTests.script(.fish), line,
            ]
        ).split(separator: "\n")
    }

    /// A value or a help topic has no description, rather than the option's own (or "help
    /// topic") beside every one; the option keeps its description.
    @Test(
        .enabled(if: CompletionShellTests.runnable(.fish)),
        arguments: ["lprof --size ", "lprof --color ", "lprof -c ", "lprof help "])
    func fishDescribesNoValue(line: String) throws {
        try #require(CompletionShellTests.have(.fish), "fish is not installed")
        let offers = Self.fishRaw(line)
        #expect(offers.count > 2, "\(line)")
        for offer in offers { #expect(!offer.contains("\t"), "\(line): \(offer)") }
        #expect(
            Self.fishRaw("lprof --si").contains(
                "--size\tDynamic Type size: xs s m l xl xxl xxxl ax1 … ax5"))
    }
}
