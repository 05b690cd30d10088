import LprofLanguage
import Testing

@testable import LprofShell

/// What compiling a script is estimated to need before it is compiled (`CompileMemory`):
/// an upper bound counted from the bytes, cheaper for `set`s, never lower for comments,
/// strings or continued lines.
@Suite struct CompileMemoryTests {
    static func estimate(_ text: String) -> Int {
        Array(text.utf8).withUnsafeBufferPointer { CompileMemory.estimate($0) }
    }

    @Test func aCommandCostsItsEntryItsWordsAndItsBytes() {
        let m = CompileMemory.self
        #expect(Self.estimate("get mode\n") == m.bytesPerCommand + 2 * m.bytesPerWord + 9 * 3)
        #expect(Self.estimate("done;done") == 2 * (m.bytesPerCommand + m.bytesPerWord) + 9 * 3)
        #expect(Self.estimate("") == 0)
        #expect(Self.estimate(" \t\r\n;;\n") == 7 * m.bytesPerByte)
    }

    @Test func aSetCostsLessThanACommandAndItsWordsNothing() {
        let m = CompileMemory.self
        #expect(Self.estimate("set season autumn") == m.bytesPerSet + 17 * m.bytesPerByte)
        #expect(Self.estimate("\tset\tgoal +1d") == m.bytesPerSet + 13 * m.bytesPerByte)
        // `set` alone, `settle`, or `set` after another word is no `set` step.
        #expect(Self.estimate("set") == m.bytesPerCommand + m.bytesPerWord + 3 * m.bytesPerByte)
        #expect(Self.estimate("settle x") > Self.estimate("set x"))
        #expect(Self.estimate("expect error set season x") > Self.estimate("set season x"))
    }

    @Test func commentsStringsAndContinuationsCanOnlyCountMore() {
        // A `;` in a string or a comment, a continued line: each counted as a command.
        #expect(Self.estimate("print \"a;b\"") > Self.estimate("print \"a b\""))
        #expect(Self.estimate("# a; b") > Self.estimate("# a  b"))
        #expect(Self.estimate("set season \\\nautumn") > Self.estimate("set season  autumn"))
    }

    @Test func aCommandsFigureCoversTheCommandTableAtItsPeak() {
        // Just after the table doubles, the old and the new table are both held: three
        // entries a command (and a step's three). If Command grows, measure again.
        let table = 3 * (MemoryLayout<Command>.stride + MemoryLayout<Program.Step>.stride)
        #expect(CompileMemory.bytesPerCommand >= table)
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
