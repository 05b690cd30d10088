import LprofSystem
import Testing

@testable import LprofCLI

/// `LPROF_THREADS` says whether `lprof FILE` checks on a second thread; unset, the
/// processors lprof may run on decide.
@Suite struct ThreadsSettingTests {
    func checksAhead(_ value: String?) -> Bool {
        Launcher(environment: value.map { ["LPROF_THREADS": $0] } ?? [:]).checksOnASecondThread
    }

    @Test func oneThreadChecksFirstAndTwoCheckAhead() {
        #expect(checksAhead("1") == false)
        #expect(checksAhead("2") == true)
        #expect(checksAhead("8") == true)
    }

    @Test func otherwiseTheProcessorsDecide() {
        let auto = Processors.available > 1
        for value in [nil, "", "0", "-3", "two"] {
            #expect(checksAhead(value) == auto, "\(value ?? "unset")")
        }
    }
}
