#if canImport(Glibc)
    import Glibc
#endif

/// Where the interpreter's standard output goes: one buffer, flushed when it fills, before
/// anything goes to stderr, before prompting, and at exit. Writes retry on EINTR and after
/// partial writes; a full device is remembered, and a closed pipe ends the process by
/// SIGPIPE (`CurrentProcess.endByBrokenPipe`).
public final class OutputBuffer {
    public enum Target {
        /// A file descriptor, such as 1 for stdout or 2 for stderr.
        case descriptor(Int32)
        /// Kept in memory (tests, `lprof test`'s hidden output).
        case capture
        /// Thrown away.
        case discard
    }

    let target: Target
    private var buffer: [UInt8] = []
    private let capacity = 64 * 1024
    /// Everything written, for `.capture`.
    private(set) var captured: [UInt8] = []
    /// The errno of the first write failure other than a closed pipe (a full device), if
    /// any; later writes are dropped.
    public private(set) var failure: Int32?

    public init(_ target: Target) {
        self.target = target
        if case .descriptor = target { buffer.reserveCapacity(capacity) }
    }

    /// Appends text; flushes when the buffer is full.
    @inline(__always)
    public func write(_ text: String) {
        switch target {
        case .discard: return
        case .capture: captured.append(contentsOf: text.utf8)
        case .descriptor:
            buffer.append(contentsOf: text.utf8)
            if buffer.count >= capacity { flush() }
        }
    }

    /// Appends text and a newline.
    @inline(__always)
    public func writeLine(_ text: String) {
        write(text)
        write("\n")
    }

    /// The captured output as text.
    var capturedText: String { String(decoding: captured, as: UTF8.self) }

    /// Writes out everything buffered.
    public func flush() {
        guard case .descriptor(let fd) = target, !buffer.isEmpty else { return }
        defer { buffer.removeAll(keepingCapacity: true) }
        guard failure == nil else { return }
        // A non-blocking stdout that is full is waited on until it drains.
        do {
            try FileSystem().writeAll(fd, buffer, path: "<stdout>")
        } catch {
            // The reader went away: lprof ends as any Unix tool does (SPEC §7).
            if error.errno == EPIPE { CurrentProcess.endByBrokenPipe() }
            failure = error.errno
        }
    }

    /// Flushes at the end of a run and turns a write failure into the exit status: an error
    /// (a full device) is reported on stderr and is `.failure` unless `status` already says
    /// failure.
    public func finish(status: ExitStatus) -> ExitStatus {
        flush()
        guard let code = failure else { return status }
        StandardError.write("lprof: error: cannot write output: \(errnoText(code))\n")
        return status.orFailure
    }
}
