import Testing

@testable import LprofSystem

/// Asking whether memory can be had, without aborting when it cannot (`MemoryProbe`).
@Suite struct MemoryProbeTests {
    @Test func aSmallBlockCanBeHadAndAnImpossibleOneCannot() {
        #expect(MemoryProbe.canObtain(1 << 20))
        // More than any address space: malloc says no, where a Swift allocation aborts.
        #expect(!MemoryProbe.canObtain(Int.max / 2))
    }

    @Test func whatIsLeftUnderLimitsIsNilOrNotNegative() {
        if let left = MemoryProbe.bytesLeftUnderLimits() { #expect(left >= 0) }
    }
}
