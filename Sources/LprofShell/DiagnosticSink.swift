import LprofSystem
import LprofText

/// Where diagnostics go: stderr (after stdout is flushed, so the two interleave in order),
/// or a list kept for `lprof test` and for tests.
public final class DiagnosticSink {
    public enum Target {
        case standardError, collect
    }

    let target: Target
    public var printer: DiagnosticPrinter
    /// Flushed before each diagnostic so that stdout and stderr stay in order.
    let output: OutputBuffer?
    public private(set) var collected: [Diagnostic] = []
    /// Per source: how many diagnostics were reported, shown or not.
    private var reportedCount: [String: Int] = [:]
    /// Per source: how many were held back since its last `endOfSource`.
    private var heldBack: [String: Int] = [:]

    public init(
        _ target: Target, printer: DiagnosticPrinter = DiagnosticPrinter(), output: OutputBuffer?
    ) {
        self.target = target
        self.printer = printer
        self.output = output
    }

    /// True at the prompt, whose caret goes under the typed line as the terminal shows it, so
    /// no excerpt is cropped around the caret.
    var wantsWholeLines: Bool { printer.promptWidth != nil }

    /// While above zero, diagnostics are dropped: `expect error` expects them.
    var muted = 0

    public func report(_ diagnostic: Diagnostic) {
        if muted > 0 { return }
        if let source = diagnostic.location?.source {
            let count = reportedCount[source, default: 0] + 1
            reportedCount[source] = count
            if count > Limits.diagnosticsPerSource {
                heldBack[source, default: 0] += 1
                return
            }
        }
        switch target {
        case .collect:
            collected.append(diagnostic)
        case .standardError:
            output?.flush()
            StandardError.write(printer.render(diagnostic))
        }
    }

    /// Says how many of `source`'s diagnostics were held back, once the source has been read.
    func endOfSource(_ source: String) {
        guard let count = heldBack.removeValue(forKey: source), count > 0 else { return }
        let noun = count == 1 ? "diagnostic" : "diagnostics"
        report(
            Diagnostic(
                .note,
                "\(count) more \(noun) in '\(source)' not shown (only the first \(Limits.diagnosticsPerSource) are)"
            ))
    }

    /// Starts counting every source afresh: each entry at the prompt is a run of its own.
    func forgetCounts() {
        reportedCount.removeAll()
        heldBack.removeAll()
    }
}
