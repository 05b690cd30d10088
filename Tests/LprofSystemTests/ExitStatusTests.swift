import Glibc
import Testing

@testable import LprofSystem

/// The exit statuses are SPEC §6's numbers, and a late output failure keeps the first
/// failure's status.
@Suite struct ExitStatusTests {
    @Test func theNumbersAreTheSpecifiedOnes() {
        #expect(ExitStatus.success.rawValue == 0)
        #expect(ExitStatus.failure.rawValue == 1)
        #expect(ExitStatus.usage.rawValue == 2)
        #expect(ExitStatus.store.rawValue == 3)
    }

    @Test func aLateFailureKeepsAnEarlierOne() {
        #expect(ExitStatus.success.orFailure == .failure)
        #expect(ExitStatus.failure.orFailure == .failure)
        #expect(ExitStatus.usage.orFailure == .usage)
        #expect(ExitStatus.store.orFailure == .store)
    }

    @Test func outputThatCannotBeWrittenFailsASuccessfulRun() throws {
        let fd = open("/dev/full", O_WRONLY)
        try #require(fd >= 0)
        defer { close(fd) }
        let failing = OutputBuffer(.descriptor(fd))
        failing.writeLine("lost")
        #expect(failing.finish(status: .success) == .failure)
        let storeError = OutputBuffer(.descriptor(fd))
        storeError.writeLine("lost")
        #expect(storeError.finish(status: .store) == .store)
        #expect(OutputBuffer(.discard).finish(status: .usage) == .usage)
    }
}
