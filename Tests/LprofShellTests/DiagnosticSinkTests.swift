import LprofText
import Testing

@testable import LprofShell

/// No run shows more than twenty diagnostics for one source; the rest are counted.
@Suite struct DiagnosticSinkTests {
    func located(_ source: String, line: Int) -> Diagnostic {
        Diagnostic(.error, "bad", location: .init(source: source, line: line, column: 1))
    }

    @Test func theTwentyFirstBecomesACount() {
        let sink = DiagnosticSink(.collect, output: nil)
        for line in 1...25 { sink.report(located("a.lprof", line: line)) }
        sink.report(located("b.lprof", line: 1))
        sink.endOfSource("a.lprof")
        let messages = sink.collected.map(\.message)
        #expect(messages.count == 22)
        #expect(sink.collected.filter { $0.location?.source == "a.lprof" }.count == 20)
        #expect(
            messages.last == "5 more diagnostics in 'a.lprof' not shown (only the first 20 are)")
        #expect(sink.collected.last?.severity == .note)
    }

    @Test func nothingHeldBackSaysNothing() {
        let sink = DiagnosticSink(.collect, output: nil)
        sink.report(located("a.lprof", line: 1))
        sink.endOfSource("a.lprof")
        #expect(sink.collected.count == 1)
    }
}

/// Each entry at the prompt counts afresh, for every source.
@Suite struct DiagnosticSinkPromptTests {
    @Test func forgettingCountsEverySourceAfresh() {
        let sink = DiagnosticSink(.collect, output: nil)
        let at = Diagnostic.Location(source: "a.lprof", line: 1, column: 1)
        for _ in 1...25 { sink.report(Diagnostic(.error, "bad", location: at)) }
        sink.forgetCounts()
        sink.report(Diagnostic(.error, "bad", location: at))
        sink.endOfSource("a.lprof")
        #expect(sink.collected.count == 21)
    }
}
