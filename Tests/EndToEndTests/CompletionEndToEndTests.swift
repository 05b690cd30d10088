import Foundation
import Testing

/// `lprof --completion SHELL` prints the script completions/ holds, and nothing lists it.
@Suite struct CompletionEndToEndTests {
    @Test(arguments: [("bash", "completions/lprof.bash"), ("zsh", "completions/_lprof")])
    func printsTheCompletionScript(shell: String, path: String) throws {
        let r = try LprofProcess.run(["--completion", shell])
        let file = try String(
            contentsOf: LprofProcess.packageRoot.appendingPathComponent(path), encoding: .utf8)
        #expect(r.status == 0 && r.stderr == "")
        #expect(r.stdout == file)
    }

    @Test func anUnknownShellIsAUsageError() throws {
        let r = try LprofProcess.run(["--completion", "fish"])
        #expect(r.status == 2 && r.stdout == "")
        #expect(r.stderr.hasPrefix("lprof: error: --completion takes bash or zsh, not 'fish'"))
    }

    @Test func theOptionIsHidden() throws {
        let r = try LprofProcess.run(["--help"])
        #expect(r.status == 0 && !r.stdout.contains("--completion"))
    }
}
