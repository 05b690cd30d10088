import Foundation
import Testing

/// lprof through a pseudo-terminal: runs each pexpect script in `pty/` (python3 with
/// pexpect, and tmux for one test) against the built binary, and fails with the script's
/// output when it exits non-zero. Skipped when python3 or pexpect is missing, unless
/// `LPROF_REQUIRE_PTY_TOOLS=1` (CI sets it): then a missing tool fails the test.
struct PseudoTerminalTests {
    /// True when the tools must be there (CI): a missing one is a failure, not a skip.
    static let toolsRequired =
        ProcessInfo.processInfo.environment["LPROF_REQUIRE_PTY_TOOLS"] == "1"

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

    /// Each pexpect script in `pty/`: the shell, the lessons, ~/.editrc's keys, a narrow
    /// terminal, `record` at the prompt, SIGTERM and SIGHUP at the prompt, and resizing the
    /// window while a wrapped line is edited (in tmux), and editing characters of several
    /// code points (in tmux). Each takes
    /// the binary and exits non-zero when a test fails.
    @Test(
        "pseudo-terminal scripts",
        .enabled(if: python != nil || toolsRequired, "needs python3 with pexpect"),
        .timeLimit(.minutes(3)),
        arguments: [
            "test_interactive.py", "test_learn.py", "test_editrc.py", "test_wrapping.py",
            "test_record.py", "test_signals.py", "test_resize.py", "test_characters.py",
            "test_interrupt.py", "test_keys.py",
        ])
    func script(_ name: String) throws {
        let python = try #require(Self.python, "python3 with pexpect is not installed")
        let process = Process()
        process.executableURL = python
        process.arguments = [
            LprofProcess.packageRoot.appendingPathComponent("Tests/EndToEndTests/pty/" + name)
                .path,
            LprofProcess.binary.path,
        ]
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
            "\(name) exited \(process.terminationStatus):\n\(text)")
    }
}
