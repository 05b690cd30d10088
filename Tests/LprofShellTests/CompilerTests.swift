import LprofLanguage
import LprofSystem
import Testing

@testable import LprofModel
@testable import LprofShell
@testable import LprofText

/// A script is compiled whole, then run (`Compiler`, `Program`): each command parsed once
/// and lowered to a step with its values resolved and its place in the line table; where a
/// command was written is read from the kept bytes only when an error, `--echo` or a
/// recording shows it, never lexed again.
@Suite struct CompilerTests {
    static func compile(_ text: String, into sink: DiagnosticSink) -> Program? {
        Compiler.compile(
            SourceBytes(Array(text.utf8)), SourceInfo(name: "t.lprof", directory: "."),
            into: sink)
    }

    @Test func aStepIsSixteenBytes() {
        #expect(MemoryLayout<Program.Step>.stride == 16)
    }

    @Test func everyCommandIsAStepInOrder() throws {
        let sink = DiagnosticSink(.collect, output: nil)
        let program = try #require(
            Self.compile(
                "\u{FEFF}edit on; set season fall\r\n# a comment\n\nset username \\\n  \"a b\"; done\n",
                into: sink))
        #expect(sink.collected.isEmpty)
        #expect(program.steps.count == 4)
        // Read from the line table and the kept bytes: the line, the place, the words as
        // written.
        #expect(
            (0..<4).map(program.text) == [
                "edit on", "set season fall", "set username \"a b\"", "done",
            ])
        #expect((0..<4).map { program.headSpan($0).line } == [1, 1, 4, 5])
        #expect(program.headSpan(1) == Span(line: 1, start: 9, end: 12))
        #expect(program.valueSpan(1) == Span(line: 1, start: 20, end: 24))
        #expect(program.valueSpan(2) == Span(line: 5, start: 2, end: 7))
        #expect(program.lastLine(of: 2) == 5)
        #expect(program.lastLine(of: 3) == 5)
        #expect(program.lastLine(of: 0) == 1)
    }

    @Test func setValuesAreResolvedOnceWhenCompiled() throws {
        let sink = DiagnosticSink(.collect, output: nil)
        let program = try #require(
            Self.compile(
                "set season \u{1F342}\nset notifications TOGGLE\nset goal +1y2m\nset username x",
                into: sink))
        let values = program.steps.indices.map(program.setValue)
        #expect(
            values == [
                .value(.season(.autumn)), .toggleNotifications,
                .goal(.relative(fromToday: false, .init(years: 1, months: 2))),
                .value(.username("x")),
            ])
    }

    @Test func valuesAreReadOnceWhenCompiled() throws {
        let sink = DiagnosticSink(.collect, output: nil)
        let program = try #require(
            Self.compile(
                "expect goal today\nenv now 2026-01-02\nenv wiring onAppear copy\nhistory 3\nget mode",
                into: sink))
        let values = program.steps.indices.map { program.command($0).value }
        #expect(
            values == [
                .expected(.field(.today)),
                .setting(.now(CalendarDay(year: 2026, month: 1, day: 2))),
                .wiring(.onAppear(.copy)), .count(3), nil,
            ])
        #expect(program.entries.isEmpty)
        #expect(
            program.command(4).command == Command(.get(.mode), at: Span(line: 5, start: 0, end: 3)))
    }

    @Test func aCheckKeepsNoSteps() throws {
        let sink = DiagnosticSink(.collect, output: nil)
        let program = try #require(
            Compiler.compile(
                SourceBytes(Array("get mode\nprint a".utf8)),
                SourceInfo(name: "t.lprof", directory: "."), keep: false, into: sink))
        #expect(program.steps.isEmpty)
    }

    @Test func anErrorAnywhereGivesNoProgramAndEveryError() {
        let sink = DiagnosticSink(.collect, output: nil)
        let program = Self.compile(
            "edit on\nset season monsoon\nprint ok\nsett x y\nexpect mode editing\nset goal 2026-02-30\n",
            into: sink)
        #expect(program == nil)
        #expect(sink.collected.map(\.location?.line) == [2, 4, 5, 6])
        #expect(sink.collected[0].message.hasPrefix("unknown season value 'monsoon'"))
    }

    @Test func aCompiledSetFailsAtItsPlace() {
        // Not editing: the error points at the command.
        let s = InterpSession()
        #expect(s.run("print a; set season autumn") == 1)
        #expect(s.errors.count == 1)
        #expect(s.errors[0].location == .init(source: "<command-line>", line: 1, column: 10))
        #expect(s.errors[0].message.contains("fields change only in edit mode"))
        // Out of range: the error points at the value, on a continued line.
        let t = InterpSession()
        #expect(t.run("edit on\nset goal \\\n   +2y") == 1)
        #expect(t.errors[0].location == .init(source: "<command-line>", line: 3, column: 4))
    }

    @Test func aStateErrorComesBeforeAWrongValue() {
        // As a lesson's command runs it (nothing compiled first): not editing is the error.
        let s = InterpSession()
        do {
            _ = try s.execute("set season monsoon")
            Issue.record("set ran outside edit mode")
        } catch {
            #expect(error.message.contains("fields change only in edit mode"))
            #expect(error.reason == .whileInactive)
        }
    }

    @Test func setsAfterSemicolonsAndContinuationsRun() {
        let s = InterpSession()
        #expect(s.run("edit on; set season winter; set username \\\n  \"a b\"\ndone") == 0)
        #expect(s.host.profile.seasonalPhoto == .winter)
        #expect(s.host.profile.username == "a b")
    }

    @Test func aSetInsideExpectErrorKeepsItsValue() {
        // Compiled, a `set` reads its value as bytes; inside `expect error` it runs as a
        // command, whose value is its text: a good value succeeds, failing the expectation.
        let s = InterpSession()
        #expect(s.run("edit on\nexpect error set season autumn") == 1)
        #expect(s.errors.map(\.message) == ["expected an error, but 'set' succeeded"])
        let t = InterpSession()
        #expect(t.run("edit on\nexpect error set season monsoon") == 0)
    }
}
