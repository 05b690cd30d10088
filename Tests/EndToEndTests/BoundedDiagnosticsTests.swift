import Foundation
import Testing

/// One bad file cannot flood the terminal: a binary is one error, and no file shows more
/// than twenty diagnostics (SPEC §6).
@Suite struct BoundedDiagnosticsTests {
    @Test func aBinaryScriptIsOneError() throws {
        let binary = LprofProcess.binary.path
        let result = try LprofProcess.run(["--memory", binary])
        #expect(result.status == 2)
        // The error is at the first NUL of the first line, wherever this build's ELF header
        // puts it (column 8 in a dynamic build, 9 in the static release one).
        let bytes = try Data(contentsOf: URL(fileURLWithPath: binary)).prefix(4096)
        let column = (bytes.firstIndex(of: 0) ?? 0) - bytes.startIndex + 1
        #expect(
            result.stderr
                == "\(binary):1:\(column): error: not a text file (a NUL byte, U+0000): lprof reads UTF-8 text\n"
        )
        #expect(result.stdout == "")
    }

    @Test func checkOfABinaryIsOneError() throws {
        let result = try LprofProcess.run(["check", LprofProcess.binary.path])
        #expect(result.status == 2)
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test func aStreamWithManyErrorsShowsTwentyAndACount() throws {
        let lines = String(repeating: "set sesaon autumn\n", count: 50)
        let result = try LprofProcess.run(
            ["--memory", "--keep-going"], stdin: Data(lines.utf8))
        #expect(result.status == 2)
        #expect(result.stderr.components(separatedBy: "error: unknown field").count - 1 == 20)
        #expect(
            result.stderr.hasSuffix(
                "lprof: note: 30 more diagnostics in '<stdin>' not shown (only the first 20 are)\n")
        )
    }
}
