import Testing

@testable import LprofSystem

/// How many processors lprof may use decides whether a script is checked on a second
/// thread (`lprof FILE`).
@Suite struct CurrentProcessTests {
    @Test func linuxCPUListsAreCounted() {
        #expect(CurrentProcess.processorCount(inList: "0") == 1)
        #expect(CurrentProcess.processorCount(inList: "\t0-1") == 2)
        #expect(CurrentProcess.processorCount(inList: "0-3,6") == 5)
        #expect(CurrentProcess.processorCount(inList: "0,2,4-7") == 6)
        #expect(CurrentProcess.processorCount(inList: "") == 0)
        #expect(CurrentProcess.processorCount(inList: "3-1,x") == 0)
    }
}
