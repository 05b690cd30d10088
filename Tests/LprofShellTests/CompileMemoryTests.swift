import LprofLanguage
import LprofModel
import LprofSystem
import Testing

@testable import LprofShell

/// What compiling a script is estimated to need before it is compiled (`CompileMemory`):
/// an upper bound counted from the bytes, cheaper for `set`s, never lower for comments,
/// strings or continued lines.
@Suite struct CompileMemoryTests {
    static func estimate(_ text: String) -> Int {
        Array(text.utf8).withUnsafeBufferPointer { CompileMemory.estimate($0) }
    }

    /// What `n` bytes cost with few commands among them: the step table made at first,
    /// and the bytes.
    static func base(_ n: Int) -> Int {
        Program.reservedSteps(n) * CompileMemory.bytesPerStep + n * CompileMemory.bytesPerByte
    }

    @Test func aCommandWithoutValuesCostsItsStepAndItsBytes() {
        #expect(Self.estimate("get mode\n") == Self.base(9))
        #expect(Self.estimate("done;done") == Self.base(9))
        #expect(Self.estimate("") == Self.base(0))
        #expect(Self.estimate(" \t\r\n;;\n") == Self.base(7))
        // Past the room the table is made with, it grows: three steps a command at its peak.
        let dense = String(repeating: "done;", count: 1000)
        #expect(Self.estimate(dense) == 3000 * CompileMemory.bytesPerStep + 5000 * 2)
    }

    @Test func aCommandKeptWholeCostsItsEntryAndItsWords() {
        let m = CompileMemory.self
        #expect(
            Self.estimate("source a b") == Self.base(10) + m.bytesPerEntry + 3 * m.bytesPerWord)
        #expect(
            Self.estimate("expect error done")
                == Self.base(17) + m.bytesPerEntry + 3 * m.bytesPerWord)
        #expect(Self.estimate("env now today") > Self.estimate("edit on now"))
        #expect(Self.estimate("history") > Self.estimate("dismiss"))
    }

    @Test func aCommandScriptsRepeatCostsItsStepAndItsValueOrItsTextKeptApart() {
        let m = CompileMemory.self
        #expect(Self.estimate("print a b") == Self.base(9))
        #expect(Self.estimate("show summary;help") == Self.base(17))
        #expect(Self.estimate("expect season winter") == Self.base(20) + m.bytesPerValue)
        #expect(Self.estimate("env now today") == Self.base(13) + m.bytesPerValue)
        // A text that may not be as written is kept apart: a quote, a backslash, words
        // apart by more than a space.
        #expect(Self.estimate("print \"a b\"") == Self.base(11) + m.bytesPerText)
        #expect(Self.estimate("print a\tb") == Self.base(9) + m.bytesPerText)
        #expect(Self.estimate("help  set") == Self.base(9) + m.bytesPerText)
        #expect(
            Self.estimate("expect username 'a b'")
                == Self.base(21) + m.bytesPerValue + m.bytesPerText)
    }

    /// What a program of the commands scripts repeat really holds (`Program.heldBytes`:
    /// the "each compiled command" bench measures as RSS, room never touched included):
    /// its step table, about 16 bytes a step and its room, and little besides; with a
    /// value or a text each, a table entry more. The estimate is above it, not twice it.
    @Test(arguments: [
        (["print hello world", "show summary", "expect season winter"], 36),
        (["print a b", "show", "expect mode inactive", "help set", "env now 2026-01-02"], 36),
        (["print line #", "expect username user#", "print \"quoted #\""], 112),
    ])
    func aProgramOfRepeatedCommandsHoldsItsStepsAndLittleElse(
        _ lines: [String], mostBytesPerCommand: Int
    ) throws {
        let n = 3_000
        var script = ""
        for i in 0..<n {
            for line in lines { script += line.replacingOccurrences(of: "#", with: "\(i)") + "\n" }
        }
        let sink = DiagnosticSink(.collect, output: nil)
        let program = try #require(
            Compiler.compile(
                SourceBytes(Array(script.utf8)), SourceInfo(name: "t.lprof", directory: "."),
                into: sink), "\(sink.collected)")
        let commands = n * lines.count
        #expect(program.steps.count == commands)
        #expect(program.entries.isEmpty)
        let held = program.heldBytes
        #expect(held <= commands * mostBytesPerCommand, "\(Double(held) / Double(commands))")
        let needed = held + script.utf8.count
        let estimate = Self.estimate(script)
        #expect(estimate >= needed)
        #expect(estimate < 2 * needed, "\(estimate) for \(needed)")
    }

    @Test func aSetCostsLessThanACommandKeptWholeAndItsWordsNothing() {
        let m = CompileMemory.self
        #expect(Self.estimate("set season autumn") == Self.base(17) + m.bytesPerSet)
        #expect(Self.estimate("\tset\tgoal +1d") == Self.base(13) + m.bytesPerSet)
        // `set` alone, `settle`, or `set` after another word is no `set` step.
        #expect(Self.estimate("set") == Self.base(3) + m.bytesPerEntry + m.bytesPerWord)
        #expect(Self.estimate("settle x") > Self.estimate("set x"))
        #expect(Self.estimate("expect error set season x") > Self.estimate("set season x"))
    }

    @Test func commentsStringsAndContinuationsCanOnlyCountMore() {
        // A `;` in a string or a comment, a continued line: each counted as a command.
        #expect(Self.estimate("print \"a;b\"") > Self.estimate("print \"a b\""))
        #expect(Self.estimate("# a; b") > Self.estimate("# a  b"))
        #expect(Self.estimate("set season \\\nautumn") > Self.estimate("set season  autumn"))
    }

    @Test func theFiguresCoverTheTablesAtTheirPeak() {
        // Just after a table doubles, the old and the new one are both held: three entries
        // an entry. If a type grows, measure again.
        let m = CompileMemory.self
        #expect(m.bytesPerStep == MemoryLayout<Program.Step>.stride)
        #expect(m.bytesPerEntry >= 3 * MemoryLayout<Program.Entry>.stride)
        #expect(m.bytesPerSet >= 3 * MemoryLayout<GoalExpression>.stride)
        #expect(m.bytesPerSet >= 3 * MemoryLayout<String>.stride)
        #expect(m.bytesPerWord >= 3 * MemoryLayout<Argument>.stride)
        #expect(m.bytesPerValue >= 3 * MemoryLayout<Program.Valued>.stride)
        #expect(m.bytesPerText >= 3 * MemoryLayout<String>.stride + 32)
    }

    @Test func sizesAreSaidInMebibytes() {
        #expect(CompileMemory.megabytes(5_200_000) == "5.0 MiB")
        #expect(CompileMemory.megabytes(300 << 20) == "300 MiB")
        #expect(CompileMemory.megabytes(0) == "0.0 MiB")
    }

    /// The bound asked for first, without a pass over the script, is never below the
    /// estimate, whatever the script: the densest ones included.
    @Test(arguments: [
        "x;", "x\n", "a a\n", "print a a a a a a\n", "set season autumn\n", "get mode\n",
    ])
    func theMostAByteCanCostBoundsTheEstimate(_ line: String) {
        let script = String(repeating: line, count: 1000)
        #expect(Self.estimate(script) <= script.utf8.count * CompileMemory.mostBytesPerByte)
    }
}
