import Glibc
import LprofModel
import Testing

@testable import LprofShell
@testable import LprofStore
@testable import LprofSystem
@testable import LprofText

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
        // Clean for the checker: what fails here depends on state (no edit mode).
        dir.write("good.lprof", "set season autumn\ndone\n")
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
        #expect(try interpRunStream(s, "print a\nset season autumn\nprint b\n") == 1)
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
        #expect(s.run("print a\nedit on; set \\\n  season \\\n    monsoon") == 2)
        #expect(s.errors.first?.location == .init(source: "<command-line>", line: 4, column: 5))
        #expect(s.errors.first?.excerpt?.text == "    monsoon")
    }

    @Test func tooLongLine() {
        let s = InterpSession()
        let long = "print " + String(repeating: "x", count: Limits.lineBytes)
        #expect(s.run("print a\n" + long + "\nprint b") == 2)
        #expect(s.output == "")
        #expect(s.errors.first?.message.contains("longer than 65536 bytes") == true)
        #expect(s.errors.first?.location?.line == 2)
        let fits = InterpSession()
        let exact = "print " + String(repeating: "y", count: Limits.lineBytes - 6)
        #expect(fits.run(exact) == 0)
        #expect(fits.output.utf8.count == Limits.lineBytes - 6 + 1)
    }

    @Test func columnsAfterWideTextInARuntimeError() {
        let s = InterpSession()
        #expect(s.run("print 한글🍂; edit on; set season é") == 2)
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
        #expect(s.runner.runScript(path: dir.path + "/main.lprof") == .success)
        #expect(s.output == "main\nb\nautumn\n")
    }

    @Test func sourceDepthLimit() {
        let dir = InterpTempFolder()
        defer { dir.remove() }
        dir.write("self.lprof", "print x\nsource self.lprof\n")
        let s = InterpSession()
        #expect(s.run("source \(dir.path)/self.lprof\nprint after") == 1)
        #expect(s.output == String(repeating: "x\n", count: Limits.sourceDepth))
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
        #expect(s.runner.runScript(path: "/nonexistent/lprof/x.lprof") == .usage)
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
    return s.runner.runStream(descriptor: fds[0]).rawValue
}

struct InterpPipeError: Error {}
