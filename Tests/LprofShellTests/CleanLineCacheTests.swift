import Testing

@testable import LprofShell
@testable import LprofStore
@testable import LprofSystem

/// The checker's memory of clean lines: exact hits only, and never for lines with errors.
struct CleanLineCacheTests {
    private func withBytes<R>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        Array(text.utf8).withUnsafeBufferPointer(body)
    }

    @Test func remembersExactLinesOnly() {
        var cache = CleanLineCache()
        // Stored when offered a second time: a line seen once costs only its hash.
        withBytes("set season autumn") { cache.insert($0) }
        #expect(!withBytes("set season autumn") { cache.contains($0) })
        withBytes("set season autumn") { cache.insert($0) }
        #expect(withBytes("set season autumn") { cache.contains($0) })
        #expect(!withBytes("set season autumN") { cache.contains($0) })
        #expect(!withBytes("set season autum") { cache.contains($0) })
        #expect(!withBytes("") { cache.contains($0) })
    }

    @Test func longLinesAreNotRemembered() {
        var cache = CleanLineCache()
        let long = "print " + String(repeating: "x", count: CleanLineCache.maxLineBytes)
        withBytes(long) { cache.insert($0) }
        withBytes(long) { cache.insert($0) }
        #expect(!withBytes(long) { cache.contains($0) })
    }

    @Test func repeatedBadLinesAreEachReported() {
        let sink = DiagnosticSink(.collect, output: nil)
        let script = "edit on\nsett x\nedit on\nsett x\nedit on\n"
        let clean = Runner.check(LineScanner(bytes: Array(script.utf8)), name: "t", into: sink)
        #expect(!clean)
        #expect(sink.collected.map { $0.location?.line } == [2, 4])
    }

    @Test func aRepeatedLineAfterAContinuationIsStillChecked() {
        let sink = DiagnosticSink(.collect, output: nil)
        // Line 3 is the same as the clean line 1, but it continues line 2 ("get get mode"),
        // so it must be checked as part of that line, not skipped.
        let script = "get mode\nget \\\nget mode\n"
        #expect(!Runner.check(LineScanner(bytes: Array(script.utf8)), name: "t", into: sink))
        #expect(sink.collected.first?.location?.line == 3)
    }
}
