import Glibc
import LprofLanguage
import LprofModel
import Testing

@testable import LprofShell

@Suite struct RunnerTests {
    // MARK: - Checking before running

    @Test func syntaxErrorRunsNothing() {
        let s = InterpSession()
        #expect(s.run("print before\nedit on\nsett season autumn\nprint after") == 2)
        #expect(s.output == "")
        #expect(s.host.editMode == .inactive)
        #expect(s.errors.count == 1)
        #expect(s.errors[0].location == .init(source: "<command-line>", line: 3, column: 1))
        #expect(s.errors[0].message.contains("did you mean 'set'?"))
    }

    @Test func everySyntaxErrorIsReported() {
        let s = InterpSession()
        #expect(s.run("sett a\nget sesaon; show nope\nprint \"open\nprint ok") == 2)
        #expect(s.errors.map { $0.location!.line } == [1, 2, 2, 3])
        #expect(s.errors.map { $0.location!.column } == [1, 5, 18, 7])
    }

    @Test func checkScriptReportsAll() {
        let dir = InterpTempFolder()
        defer { dir.remove() }
        dir.write("bad.lprof", "#!/usr/bin/env lprof\nset\nget mode extra\nprint ok\n")
        dir.write("good.lprof", "edit on\nset season monsoon\n")
        let sink = DiagnosticSink(.collect, output: nil)
        #expect(!Runner.checkScript(path: dir.path + "/bad.lprof", into: sink))
        #expect(sink.collected.count == 2)
        #expect(sink.collected[0].location?.source == dir.path + "/bad.lprof")
        let clean = DiagnosticSink(.collect, output: nil)
        #expect(Runner.checkScript(path: dir.path + "/good.lprof", into: clean))
        #expect(clean.collected.isEmpty)
        let missing = DiagnosticSink(.collect, output: nil)
        #expect(!Runner.checkScript(path: dir.path + "/none.lprof", into: missing))
        #expect(missing.collected.first?.message.contains("cannot be read") == true)
    }

    @Test func runtimeErrorStopsByDefault() {
        let s = InterpSession()
        #expect(s.run("print a\nset season autumn\nprint b") == 1)
        #expect(s.output == "a\n")
        #expect(s.errors[0].location == .init(source: "<command-line>", line: 2, column: 1))
    }

    @Test func keepGoingStatusIsTheFirstFailure() {
        let s = InterpSession(keepGoing: true)
        #expect(s.run("set season autumn\nprint a\nexpect mode active\nprint b") == 1)
        #expect(s.output == "a\nb\n")
        #expect(s.errors.count == 2)
    }

    @Test func keepGoingThenStoreErrorStopsWithTheFirstStatus() {
        let storage = InterpRecordingStorage()
        storage.failure = .conflict
        let s = InterpSession(storage: storage, keepGoing: true)
        #expect(s.run("expect mode active\nedit on\nset season fall\ndone\nprint after") == 1)
        #expect(s.errors.count == 2)
        #expect(!s.output.contains("after"))
    }

    @Test func keepGoingOverSyntaxErrorsInAStream() throws {
        let s = InterpSession(keepGoing: true)
        let status = try interpRunStream(s, "print a\nsett x\nprint b\nprint \"open\nprint c\n")
        #expect(status == 2)
        #expect(s.output == "a\nb\nc\n")
        #expect(s.errors.map { $0.location!.line } == [2, 4])
        #expect(s.errors.allSatisfy { $0.location?.source == "<stdin>" })
    }

    @Test func streamStopsAtTheFirstErrorWithoutKeepGoing() throws {
        let s = InterpSession()
        #expect(try interpRunStream(s, "print a\nset season x\nprint b\n") == 1)
        #expect(s.output == "a\n")
        let t = InterpSession()
        #expect(try interpRunStream(t, "print a\nget x\nprint b\n") == 2)
        #expect(t.output == "a\n")
    }

    @Test func quitStops() {
        let s = InterpSession()
        #expect(s.run("print a; quit; print b\nprint c") == 0)
        #expect(s.output == "a\n")
        let t = InterpSession()
        #expect(t.run("print a\nexit\nprint b") == 0)
        #expect(t.output == "a\n")
    }

    @Test func quitAfterFailureKeepsTheStatus() {
        let s = InterpSession(keepGoing: true)
        #expect(s.run("done; quit") == 1)
    }

    // MARK: - Lines

    @Test func crlfBomAndContinuation() {
        let s = InterpSession()
        #expect(s.run("\u{FEFF}print a\r\nprint \\\r\n  b c\r\nget mode\r\n") == 0)
        #expect(s.output == "a\nb c\ninactive\n")
    }

    @Test func continuationJoinsArguments() {
        let s = InterpSession()
        #expect(s.run("edit on\nset season \\\n  autumn\nget season") == 0)
        #expect(s.output == "autumn\n")
    }

    @Test func errorOnAContinuedLinePointsAtItsPhysicalLine() {
        let s = InterpSession()
        #expect(s.run("print a\nedit on; set \\\n  season \\\n    monsoon") == 1)
        #expect(s.errors.first?.location == .init(source: "<command-line>", line: 4, column: 5))
        #expect(s.errors.first?.excerpt?.text == "    monsoon")
    }

    @Test func tooLongLine() {
        let s = InterpSession()
        let long = "print " + String(repeating: "x", count: Lexer.maxLineBytes)
        #expect(s.run("print a\n" + long + "\nprint b") == 2)
        #expect(s.output == "")
        #expect(s.errors.first?.message.contains("longer than 65536 bytes") == true)
        #expect(s.errors.first?.location?.line == 2)
        let fits = InterpSession()
        let exact = "print " + String(repeating: "y", count: Lexer.maxLineBytes - 6)
        #expect(fits.run(exact) == 0)
        #expect(fits.output.utf8.count == Lexer.maxLineBytes - 6 + 1)
    }

    @Test func columnsAfterWideTextInARuntimeError() {
        let s = InterpSession()
        #expect(s.run("print 한글🍂; edit on; set season é") == 1)
        #expect(s.errors.first?.location?.column == 32)
        #expect(s.errors.first?.excerpt?.caretColumn == 34)
    }

    @Test func echoShowsThePrompt() {
        let s = InterpSession(echo: true)
        s.run("get mode ; edit on;set season fall # note\ncancel")
        #expect(
            s.output == """
                lprof> get mode
                inactive
                lprof> edit on
                lprof edit> set season fall
                lprof edit*> cancel

                """)
    }

    // MARK: - Pending draft

    @Test func pendingDraftWarningAtTheEnd() {
        let s = InterpSession()
        #expect(s.run("edit on\nset season fall\n# trailing comment") == 0)
        #expect(s.errors.isEmpty)
        #expect(s.warnings.count == 1)
        #expect(s.warnings[0].location == .init(source: "<command-line>", line: 3, column: 1))
        #expect(s.warnings[0].message.contains("(season)"))
    }

    @Test func pendingDraftWarningAtQuitAndAfterFailure() {
        let s = InterpSession()
        #expect(s.run("edit on; set season fall; set notifications off\nquit\nprint never") == 0)
        #expect(s.warnings.count == 1)
        #expect(s.warnings[0].location?.line == 2)
        #expect(
            s.warnings[0].message.contains("season, notifications")
                || s.warnings[0].message.contains("notifications, season"))
        let f = InterpSession()
        #expect(f.run("edit on; set season fall\nexpect season winter") == 1)
        #expect(f.warnings.count == 1)
    }

    @Test func noWarningWithoutChanges() {
        let s = InterpSession()
        #expect(s.run("edit on; set season winter") == 0)
        #expect(s.warnings.isEmpty)
        let t = InterpSession()
        #expect(t.run("edit on; set season fall; done") == 0)
        #expect(t.warnings.isEmpty)
    }

    // MARK: - source

    @Test func sourceRunsInlineRelativeToTheScript() {
        let dir = InterpTempFolder()
        defer { dir.remove() }
        dir.write("main.lprof", "print main\nsource lib/a.lprof\nget season\n")
        dir.write("lib/a.lprof", "edit on\nset season fall\nsource b.lprof\n")
        dir.write("lib/b.lprof", "done\nprint b\n")
        let s = InterpSession()
        #expect(s.runner.runScript(path: dir.path + "/main.lprof") == 0)
        #expect(s.output == "main\nb\nautumn\n")
    }

    @Test func sourceDepthLimit() {
        let dir = InterpTempFolder()
        defer { dir.remove() }
        dir.write("self.lprof", "print x\nsource self.lprof\n")
        let s = InterpSession()
        #expect(s.run("source \(dir.path)/self.lprof\nprint after") == 1)
        #expect(s.output == String(repeating: "x\n", count: Runner.maxSourceDepth))
        #expect(s.errors.count == 1)
        #expect(s.errors[0].message.contains("nests too deeply"))
        #expect(s.errors[0].location == .init(source: dir.path + "/self.lprof", line: 2, column: 8))
    }

    @Test func sourceThirtyTwoLevelsIsFine() {
        let dir = InterpTempFolder()
        defer { dir.remove() }
        for level in 1...32 {
            dir.write(
                "l\(level).lprof", level == 32 ? "print deepest\n" : "source l\(level + 1).lprof\n")
        }
        let s = InterpSession()
        #expect(s.run("source \(dir.path)/l1.lprof") == 0)
        #expect(s.output == "deepest\n")
    }

    @Test func sourceErrors() {
        let dir = InterpTempFolder()
        defer { dir.remove() }
        dir.write("syntax.lprof", "print a\nsett x\n")
        dir.write("fails.lprof", "print a\nexpect mode active\nprint b\n")
        let missing = InterpSession()
        #expect(missing.run("print 0; source \(dir.path)/none.lprof; print 1") == 1)
        #expect(missing.errors.first?.location?.column == 17)
        #expect(missing.errors.first?.message.contains("cannot be read") == true)
        #expect(missing.output == "0\n")
        let syntax = InterpSession()
        #expect(syntax.run("source \(dir.path)/syntax.lprof; print 1") == 2)
        #expect(syntax.output == "")
        #expect(
            syntax.errors.first?.location
                == .init(source: dir.path + "/syntax.lprof", line: 2, column: 1))
        let fails = InterpSession()
        #expect(fails.run("source \(dir.path)/fails.lprof; print 1") == 1)
        #expect(fails.output == "a\n")
        #expect(fails.errors.count == 1)
        #expect(fails.errors.first?.location?.source == dir.path + "/fails.lprof")
        let folder = InterpSession()
        #expect(folder.run("source \(dir.path)") == 1)
    }

    @Test func sourceKeepGoing() {
        let dir = InterpTempFolder()
        defer { dir.remove() }
        dir.write("fails.lprof", "print a\nexpect mode active\nprint b\n")
        let s = InterpSession(keepGoing: true)
        #expect(s.run("source \(dir.path)/fails.lprof; print 1") == 1)
        #expect(s.output == "a\nb\n1\n")
        #expect(s.errors.count == 1)
    }

    @Test func quitInsideSourceStopsEverything() {
        let dir = InterpTempFolder()
        defer { dir.remove() }
        dir.write("q.lprof", "print a\nquit\nprint b\n")
        let s = InterpSession()
        #expect(s.run("source \(dir.path)/q.lprof; print after") == 0)
        #expect(s.output == "a\n")
    }

    @Test func unreadableScript() {
        let s = InterpSession()
        #expect(s.runner.runScript(path: "/nonexistent/lprof/x.lprof") == 2)
        #expect(s.errors.first?.message.contains("cannot be read") == true)
    }
}

/// Runs `text` through `Runner.runStream` from a pipe, as piped stdin is.
func interpRunStream(_ s: InterpSession, _ text: String) throws -> Int32 {
    var fds: [Int32] = [0, 0]
    guard pipe(&fds) == 0 else { throw InterpPipeError() }
    let bytes = Array(text.utf8)
    precondition(bytes.count < 60_000, "stays within the pipe buffer")
    _ = bytes.withUnsafeBytes { write(fds[1], $0.baseAddress!, $0.count) }
    close(fds[1])
    defer { close(fds[0]) }
    return s.runner.runStream(descriptor: fds[0])
}

struct InterpPipeError: Error {}

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
    }

    @Test func shortFlagsGoTogether() throws {
        let options = try Self.parse(["-qc", "print a"])
        #expect(options.quiet && options.mode == .commandText("print a"))
        #expect(CommandLineOptions.splittingShortFlags(["-c", "-qc"]) == ["-c", "-qc"])
        #expect(CommandLineOptions.splittingShortFlags(["--", "-qc"]) == ["--", "-qc"])
        #expect(CommandLineOptions.splittingShortFlags(["-cq", "x"]) == ["-cq", "x"])
        #expect(Self.usage(["-qz"], env: [:])?.contains("unknown option '-qz'") == true)
    }

    @Test func singleTransactionForScriptsAndCommandText() throws {
        #expect(try Self.parse(["-1", "s.lprof"]).singleTransaction)
        #expect(try Self.parse(["--single-transaction", "-c", "x"]).singleTransaction)
        #expect(try Self.parse(["-1qc", "x"]) == Self.parse(["-1", "-q", "-c", "x"]))
        #expect(try Self.parse(["-1", "/dev/stdin"]).mode == .script("/dev/stdin"))
        #expect(try !Self.parse(["s.lprof"]).singleTransaction)
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
            (["-c", "a", "-c", "b"], "only once"),
            (["-c", "a", "s.lprof"], "not both"),
            (["a.lprof", "b.lprof"], "one script at a time"),
            (["test"], "needs at least one script"),
            (["check"], "needs at least one script"),
            (["test", "-c", "x"], "takes scripts, not -c"),
            (["check", "-c", "x"], "takes scripts, not -c"),
            (["--keep-going=yes"], "takes no value"),
            (["--memory=no"], "takes no value"),
            (["--single-transaction=yes"], "takes no value"),
            (["-1"], "-1 (--single-transaction) applies to a script or -c text only"),
            (["-1", "-"], "give /dev/stdin as the script"),
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
