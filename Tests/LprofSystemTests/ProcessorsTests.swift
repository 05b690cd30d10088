import Testing

@testable import LprofSystem

/// How many processors lprof may use decides whether a script is checked on a second
/// thread (`lprof FILE`).
@Suite struct ProcessorsTests {
    @Test func linuxCPUListsAreCounted() {
        #expect(Processors.count(inList: "0") == 1)
        #expect(Processors.count(inList: "\t0-1") == 2)
        #expect(Processors.count(inList: "0-3,6") == 5)
        #expect(Processors.count(inList: "0,2,4-7") == 6)
        #expect(Processors.count(inList: "") == 0)
        #expect(Processors.count(inList: "3-1,x") == 0)
    }

    @Test func cgroupQuotasAreCountedInWholeProcessors() {
        #expect(Processors.count(inQuota: "max 100000\n") == nil)
        #expect(Processors.count(inQuota: "100000 100000\n") == 1)
        #expect(Processors.count(inQuota: "150000 100000") == 1)
        #expect(Processors.count(inQuota: "400000 100000\n") == 4)
        #expect(Processors.count(inQuota: "50000 100000") == 0)
        #expect(Processors.count(inQuota: "") == nil)
        #expect(Processors.count(inQuota: "1 2 3") == nil)
    }
}
