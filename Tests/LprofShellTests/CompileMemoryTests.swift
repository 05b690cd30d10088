import LprofLanguage
import LprofModel
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
            Self.estimate("print a b") == Self.base(9) + m.bytesPerEntry + 3 * m.bytesPerWord)
        #expect(Self.estimate("env now today") > Self.estimate("edit on now"))
        #expect(Self.estimate("history") > Self.estimate("dismiss"))
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
