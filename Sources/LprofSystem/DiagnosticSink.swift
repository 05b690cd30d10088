import LprofLanguage

/// Where diagnostics go: stderr (after stdout is flushed, so the two interleave in order),
/// or a list kept for `lprof test` and for tests.
public final class DiagnosticSink {
    public enum Target {
        case standardError
        case collect
    }

    public let target: Target
    public var printer: DiagnosticPrinter
    /// Flushed before each diagnostic so that stdout and stderr stay in order.
    public let output: OutputBuffer?
    public private(set) var collected: [Diagnostic] = []

    public init(
        _ target: Target, printer: DiagnosticPrinter = DiagnosticPrinter(), output: OutputBuffer?
    ) {
        self.target = target
        self.printer = printer
        self.output = output
    }

    public func report(_ diagnostic: Diagnostic) {
        switch target {
        case .collect:
            collected.append(diagnostic)
        case .standardError:
            output?.flush()
            Self.writeStandardError(printer.render(diagnostic))
        }
    }

    /// Writes text to fd 2, retrying partial writes and EINTR, and waiting (`poll`) while a
    /// non-blocking stderr is full; errors are ignored (there is nowhere left to report them).
    public static func writeStandardError(_ text: String) {
        write(text, to: 2)
    }

    /// Writes text to `fd` as `writeStandardError` does to fd 2.
    static func write(_ text: String, to fd: Int32) {
        _ = try? FileSystem().writeAll(fd, Array(text.utf8), path: "<stderr>")
    }
}
