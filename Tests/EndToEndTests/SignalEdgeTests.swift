import Foundation
import Glibc
import Testing

/// Signals during a script (issue 32, SPEC §4 and §7): SIGQUIT ends lprof quietly with its
/// status, as at the prompt; a crash prints one line and never Swift's backtrace. (At the
/// prompt the same is `pty/test_signals.py`'s, with the terminal's modes checked too.)
@Suite struct SignalEdgeTests {
    /// A script read from a pipe that stays open: lprof is reading it when `signal` comes.
    /// (Foundation's `Process` starts lprof with most signals blocked; lprof lets them in.)
    static func signalDuringAScript(
        _ signal: Int32, environment extra: [String: String] = [:]
    ) throws -> (status: Int32, stdout: String, stderr: String) {
        let home = try Hostile.folder()
        let store = home.appendingPathComponent("profile.json").path
        var environment = LprofProcess.environment(home: home.path)
        for (key, value) in extra { environment[key] = value }
        let session = try StoreE2ESession(
            ["--store", store, "-"], environment: environment, directory: home)
        session.send("edit on\nset season autumn\ndone\nprint ran\n")
        usleep(300_000)
        session.send(signal: signal)
        let status = session.finish()
        return (status, session.stdout, session.stderr)
    }

    @Test func sigquitEndsAScriptQuietlyWithItsStatus() throws {
        let r = try Self.signalDuringAScript(SIGQUIT)
        #expect(r.status == 128 + SIGQUIT, "\(r)")
        #expect(r.stderr.isEmpty, "quietly: \(r.stderr)")
        #expect(!r.stdout.contains("ran"), "the script never ran")
    }

    @Test(arguments: [SIGSEGV, SIGABRT, SIGBUS, SIGILL, SIGFPE, SIGTRAP])
    func aCrashPrintsOneLineAndEndsByItsSignal(_ signal: Int32) throws {
        let r = try Self.signalDuringAScript(signal)
        #expect(r.status == 128 + signal, "\(r)")
        let lines = r.stderr.split(separator: "\n")
        #expect(lines.count == 1, "one line: \(r.stderr)")
        #expect(
            lines.first?.hasPrefix("lprof: internal error: SIG") == true
                && lines.first?.hasSuffix(
                    "This is a bug in lprof; please report it with the command that caused it"
                        + " (LPROF_BACKTRACE=1 shows a backtrace).") == true,
            "\(r.stderr)")
        #expect(!r.stderr.contains("Backtrace") && !r.stderr.contains("Press space"))
    }

    @Test func lprofBacktraceLeavesSwiftsCrashReport() throws {
        let r = try Self.signalDuringAScript(
            SIGSEGV, environment: ["LPROF_BACKTRACE": "1", "SWIFT_BACKTRACE": "enable=no"])
        // Ended by Swift's handler (or, in a sanitized binary, AddressSanitizer's).
        #expect(r.status != 0, "\(r)")
        #expect(!r.stderr.contains("internal error"), "Swift's handler, not lprof's: \(r.stderr)")
    }
}
