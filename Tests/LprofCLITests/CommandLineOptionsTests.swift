import Glibc
import LprofModel
import Testing

@testable import LprofCLI

@Suite struct RunnerCommandLineTests {
    static func parse(_ args: [String], env: [String: String] = [:]) throws(UsageError)
        -> CommandLineOptions
    {
        try CommandLineOptions.parse(args, environment: env)
    }

    static func usage(_ args: [String], env: [String: String] = [:]) -> String? {
        do {
            _ = try parse(args, env: env)
            return nil
        } catch {
            return error.message
        }
    }

    @Test func defaults() throws {
        let o = try Self.parse([])
        #expect(o == CommandLineOptions())
        #expect(o.mode == .standardInput)
        #expect(o.edition == .release)
        #expect(o.color == .auto)
    }

    @Test func everyOption() throws {
        let o = try Self.parse([
            "--store", "/tmp/p.json", "--now", "2026-01-02", "--edition", "BETA", "--keep-going",
            "--echo", "--trace", "--color", "always", "--size", "ax3", "--locale", "ko-KR.UTF-8",
            "--no-rc", "-q", "s.lprof",
        ])
        #expect(o.storePath == "/tmp/p.json")
        #expect(o.now == CalendarDay(year: 2026, month: 1, day: 2))
        #expect(o.edition == .beta)
        #expect(o.keepGoing && o.echo && o.trace && o.noRC && o.quiet)
        #expect(o.color == .always)
        #expect(o.size == .accessibilityExtraLarge)
        #expect(o.locale == "ko_KR")
        #expect(o.mode == .script("s.lprof"))
        #expect(try Self.parse(["--memory"]).memory)
        #expect(try Self.parse(["--quiet"]).quiet)
        #expect(try Self.parse(["--color=never"]).color == .never)
        #expect(try Self.parse(["--store=x.json"]).storePath == "x.json")
        #expect(try Self.parse(["--size", "accessibilityMedium"]).size == .accessibilityMedium)
    }

    @Test func modes() throws {
        #expect(try Self.parse(["-c", "get mode"]).mode == .commandText("get mode"))
        #expect(try Self.parse(["--memory", "-c", "x"]).mode == .commandText("x"))
        #expect(
            try Self.parse(["test", "a.lprof", "b.lprof"]).mode == .test(["a.lprof", "b.lprof"]))
        #expect(try Self.parse(["test", "--memory", "a.lprof"]).mode == .test(["a.lprof"]))
        #expect(try Self.parse(["check", "a.lprof"]).mode == .check(["a.lprof"]))
        #expect(try Self.parse(["-h"]).mode == .help)
        #expect(try Self.parse(["--version"]).mode == .version)
        #expect(try Self.parse(["-V"]).mode == .version)
        #expect(try Self.parse(["--", "-odd.lprof"]).mode == .script("-odd.lprof"))
        #expect(try Self.parse(["--", "test"]).mode == .script("test"))
        #expect(try Self.parse(["-"]).mode == .script("-"))
        #expect(try Self.parse(["--completion", "zsh"]).mode == .completionScript(.zsh))
        #expect(try Self.parse(["test", "--completion=BASH"]).mode == .completionScript(.bash))
        #expect(try Self.parse(["--completion", "fish"]).mode == .completionScript(.fish))
    }

    @Test func shortFlagsAreSplitByTheTable() throws {
        #expect(CommandLineOptions.splitShortFlags("-qhV") == ["-q", "-h", "-V"])
        #expect(CommandLineOptions.splitShortFlags("-qc") == ["-q", "-c"])
        #expect(try Self.parse(["-qc", "-x"]).mode == .commandText("-x"))
        #expect(try Self.parse(["--store", "-qc"]).storePath == "-qc")
        #expect(CommandLineOptions.splitShortFlags("-qx") == nil)
    }

    /// As psql's: an option's value may be the rest of its word, after switches or alone.
    @Test func anAttachedValueIsTheRestOfTheWord() throws {
        #expect(CommandLineOptions.splitShortFlags("-cprint a") == ["-c", "print a"])
        #expect(CommandLineOptions.splitShortFlags("-qcget mode") == ["-q", "-c", "get mode"])
        #expect(CommandLineOptions.splitShortFlags("-c-q") == ["-c", "-q"])
        #expect(try Self.parse(["-cprint a"]).mode == .commandText("print a"))
        let options = try Self.parse(["-1qcprint a"])
        #expect(options.quiet && options.singleTransaction)
        #expect(options.mode == .commandText("print a"))
    }

    /// Several -c run in order, checked together as one text (SPEC §6).
    @Test func severalCommandTextsAreOneText() throws {
        #expect(
            try Self.parse(["-c", "edit on", "-c", "done"]).mode == .commandText("edit on\ndone"))
        #expect(
            try Self.parse(["-c", "a", "--memory", "-cb", "-qc", "c"]).mode
                == .commandText("a\nb\nc"))
        // A backslash at the end of one would join the next to its last line, unseen.
        #expect(throws: UsageError.self) { try Self.parse(["-c", "print C:\\", "-c", "done"]) }
        #expect(
            try Self.parse(["-c", "print a", "-c", "print C:\\"]).mode
                == .commandText("print a\nprint C:\\"))
    }

    /// A mistyped option or value is offered a suggestion only when it is close.
    @Test(
        arguments: [
            (["-x"], nil), (["-Q"], "-q"), (["-v"], "-V"), (["--trce"], "--trace"),
            (["--stor", "x"], "--store"), (["--colour", "never"], "--color"), (["--zz"], nil),
            (["--completion", "tcsh"], nil), (["--completion", "fihs"], "fish"),
            (["--edition", "bta"], "beta"), (["--edition", "gamma"], nil),
            (["--color", "al"], nil),
        ] as [([String], String?)])
    func suggestionsOnlyWhenClose(args: [String], suggested: String?) {
        let error = Self.usage(args) ?? "accepted"
        if let suggested {
            #expect(error.hasSuffix("; did you mean '\(suggested)'?"), "\(args): \(error)")
        } else {
            #expect(!error.contains("did you mean"), "\(args): \(error)")
        }
    }

    @Test func singleTransactionForScriptsAndCommandText() throws {
        #expect(try Self.parse(["-1", "s.lprof"]).singleTransaction)
        #expect(try Self.parse(["--single-transaction", "-c", "x"]).singleTransaction)
        #expect(try Self.parse(["-1qc", "x"]) == Self.parse(["-1", "-q", "-c", "x"]))
        #expect(try Self.parse(["-1", "/dev/stdin"]).mode == .script("/dev/stdin"))
        #expect(try !Self.parse(["s.lprof"]).singleTransaction)
    }

    @Test func shortFlagsGoTogether() throws {
        let options = try Self.parse(["-qc", "print a"])
        #expect(options.quiet && options.mode == .commandText("print a"))
        #expect(try Self.parse(["-c", "-qc"]).mode == .commandText("-qc"))
        #expect(try Self.parse(["--", "-qc"]).mode == .script("-qc"))
        #expect(CommandLineOptions.splitShortFlags("-cq") == ["-c", "q"])
        #expect(Self.usage(["-qz"], env: [:])?.contains("unknown option '-qz'") == true)
    }

    @Test func lprofNowFromTheEnvironment() throws {
        #expect(
            try Self.parse([], env: ["LPROF_NOW": "2030-03-04"]).now
                == CalendarDay(year: 2030, month: 3, day: 4))
        #expect(
            try Self.parse(["--now", "2031-01-01"], env: ["LPROF_NOW": "2030-03-04"]).now
                == CalendarDay(year: 2031, month: 1, day: 1))
        #expect(try Self.parse([], env: ["LPROF_NOW": ""]).now == nil)
        #expect(Self.usage([], env: ["LPROF_NOW": "tomorrow"])?.contains("LPROF_NOW") == true)
        // --now wins over the environment, even over a bad LPROF_NOW.
        #expect(
            try Self.parse(["--now", "2031-01-01"], env: ["LPROF_NOW": "tomorrow"]).now
                == CalendarDay(year: 2031, month: 1, day: 1))
        #expect(Self.usage(["--store", ""], env: [:])?.contains("--store takes a file") == true)
        #expect(Self.usage(["--store="], env: [:])?.contains("--store takes a file") == true)
    }

    @Test(
        arguments: [
            (["--trce"], "did you mean '--trace'?"),
            (["--bogus"], "unknown option '--bogus'"),
            (["-x"], "unknown option '-x'"),
            (["--store"], "needs a value"),
            (["--now"], "needs a value"),
            (["-c"], "needs a value"),
            (["--now", "2026-13-01"], "--now takes a day"),
            (["--now", "0999-01-01"], "--now takes a day"),
            (["--edition", "gamma"], "--edition takes release or beta"),
            (["--edition", "bta"], "did you mean 'beta'?"),
            (["--color", "sometimes"], "--color takes auto, always or never"),
            (["--size", "huge"], "--size takes a size category"),
            (["--locale", "1234"], "--locale takes a locale ID"),
            (["--memory", "--store", "x"], "cannot be used together"),
            (["-c", "a", "-c"], "option '-c' needs a value"),
            (["--completion", "tcsh"], "--completion takes bash, zsh or fish, not 'tcsh'"),
            (["--completion"], "option '--completion' needs a value"),
            (["--completon", "zsh"], "unknown option '--completon'"),
            (["-c", "a", "s.lprof"], "not both"),
            (
                ["a.lprof", "b.lprof"],
                "a script takes no arguments, but 'b.lprof' follows 'a.lprof'"
            ),
            (
                ["s.lprof", "a", "b"],
                "a script takes no arguments, but 'a' and 'b' follow 's.lprof'"
            ),
            (["s.lprof", "a", "b", "c", "d"], "but 'a', 'b' and 2 more follow 's.lprof'"),
            (["-c", "a", "-c", "b", "s.lprof"], "not both"),
            (["test"], "needs at least one script"),
            (["check"], "needs at least one script"),
            (["test", "-c", "x"], "takes scripts, not -c"),
            (["check", "-c", "x"], "takes scripts, not -c"),
            (["--keep-going=yes"], "takes no value"),
            (["--memory=no"], "takes no value"),
            (["--single-transaction=yes"], "takes no value"),
            (["-1"], "-1 (--single-transaction) applies to a script or -c text only"),
            (["-1", "--memory"], "give - as the script"),
            (["-1", "test", "a.lprof"], "applies to a script or -c text only"),
            (["test", "-1", "a.lprof"], "applies to a script or -c text only"),
            (["-1", "check", "a.lprof"], "applies to a script or -c text only"),
            (["-1", "learn"], "applies to a script or -c text only"),
        ] as [([String], String)])
    func usageErrors(args: [String], message: String) {
        let error = Self.usage(args)
        #expect(error?.contains(message) == true, "\(args): \(error ?? "accepted")")
    }
}

/// Arguments that are not UTF-8 are found in the raw argv, and -c text is found as the
/// parser finds it, grouped short options and `--` included.
@Suite struct InvalidArgumentTests {
    static func bytes(_ text: String, _ bad: UInt8 = 0xFF) -> [UInt8] { Array(text.utf8) + [bad] }

    @Test func cTextInEveryForm() {
        let text = "print a"
        for raw in [
            [Array("-c".utf8), Self.bytes(text)], [Array("-qc".utf8), Self.bytes(text)],
            [Self.bytes("-c" + text)], [Self.bytes("-1c" + text)],
        ] {
            #expect(
                Launcher.invalidArgument(raw)?.hasPrefix(
                    "invalid UTF-8 (byte 0xFF) in -c text, at its byte 8:") == true, "\(raw)")
        }
    }

    @Test func otherArguments() {
        #expect(
            Launcher.invalidArgument([Array("--".utf8), Self.bytes("-c")])?.hasPrefix(
                "invalid UTF-8 (byte 0xFF) in argument 2, at its byte 3:") == true)
        #expect(
            Launcher.invalidArgument([Array("--memory".utf8), Self.bytes("s", 0xC3)])?.hasPrefix(
                "invalid UTF-8 (byte 0xC3) in argument 2, at its byte 2:") == true)
        #expect(Launcher.invalidArgument([Array("-c".utf8), Array("print é".utf8)]) == nil)
    }
}
