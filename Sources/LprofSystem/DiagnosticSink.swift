import LprofLanguage

#if canImport(Glibc)
    import Glibc
#endif

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

    /// Writes text to fd 2, retrying partial writes and EINTR; errors are ignored (there is
    /// nowhere left to report them).
    public static func writeStandardError(_ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBytes {
                write(2, $0.baseAddress! + offset, $0.count - offset)
            }
            if n < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return
            }
            offset += n
        }
        bytes.removeAll()
    }
}
