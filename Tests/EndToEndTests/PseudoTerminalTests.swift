import Foundation
import Testing

/// The interactive shell through a pseudo-terminal: runs `pty/test_interactive.py` (python3
/// with pexpect, and tmux for one test) against the built binary, and fails with the
/// script's output when it exits non-zero. Skipped when python3 or pexpect is missing.
struct PseudoTerminalTests {
    static let script = LprofProcess.packageRoot
        .appendingPathComponent("Tests/EndToEndTests/pty/test_interactive.py")

    /// python3 on the PATH (or a usual place), if it can import pexpect.
    static let python: URL? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let folders = path.split(separator: ":").map(String.init) + ["/usr/local/bin", "/usr/bin"]
        for folder in folders {
            let candidate = URL(fileURLWithPath: folder).appendingPathComponent("python3")
            guard FileManager.default.isExecutableFile(atPath: candidate.path) else { continue }
            let probe = Process()
            probe.executableURL = candidate
            probe.arguments = ["-c", "import pexpect"]
            probe.standardOutput = FileHandle.nullDevice
            probe.standardError = FileHandle.nullDevice
            guard (try? probe.run()) != nil else { continue }
            probe.waitUntilExit()
            if probe.terminationStatus == 0 { return candidate }
        }
        return nil
    }()

    @Test(
        "interactive shell in a pseudo-terminal",
        .enabled(if: python != nil, "needs python3 with pexpect"),
        .timeLimit(.minutes(2)))
    func interactive() throws {
        let process = Process()
        process.executableURL = Self.python
        process.arguments = [Self.script.path, LprofProcess.binary.path]
        process.currentDirectoryURL = LprofProcess.packageRoot
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        #expect(
            process.terminationReason == .exit && process.terminationStatus == 0,
            "test_interactive.py exited \(process.terminationStatus):\n\(text)")
    }
}
