import Foundation
import Testing

/// libedit's start-up file at a real prompt: `pty/test_editrc.py` writes `~/.editrc` (or
/// `$EDITRC`) and checks vi keys from `bind -v`, and that the user's bindings win over
/// lprof's. Skipped without python3 and pexpect.
struct EditrcPseudoTerminalTests {
    @Test(
        "~/.editrc in a pseudo-terminal",
        .enabled(if: PseudoTerminalTests.python != nil, "needs python3 with pexpect"),
        .timeLimit(.minutes(2)))
    func editrcAtThePrompt() throws {
        let process = Process()
        process.executableURL = PseudoTerminalTests.python
        process.arguments = [
            LprofProcess.packageRoot.appendingPathComponent(
                "Tests/EndToEndTests/pty/test_editrc.py"
            ).path,
            LprofProcess.binary.path,
        ]
        process.currentDirectoryURL = LprofProcess.packageRoot
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let text = String(
            decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(
            process.terminationReason == .exit && process.terminationStatus == 0,
            "test_editrc.py exited \(process.terminationStatus):\n\(text)")
    }
}
