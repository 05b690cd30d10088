import Glibc

/// The interpreter's standard output, buffered so that writing costs few system calls.
public final class OutputBuffer {
    public enum Target {
        case descriptor(Int32)
        /// Kept in memory (tests, `lprof test`'s hidden output).
        case capture
        case discard
    }

    let target: Target
    private var buffer: [UInt8] = []
    private let capacity = 64 * 1024
    private(set) var captured: [UInt8] = []
    /// The errno of the first write failure (a full device), after which writes are dropped.
    public private(set) var failure: Int32?

    public init(_ target: Target) {
        self.target = target
        if case .descriptor = target { buffer.reserveCapacity(capacity) }
    }

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

    @inline(__always)
    public func writeLine(_ text: String) {
        write(text)
        write("\n")
    }

    var capturedText: String { String(decoding: captured, as: UTF8.self) }

    /// Writes out everything buffered; a closed pipe ends the process (SPEC §7).
    public func flush() {
        guard case .descriptor(let fd) = target, !buffer.isEmpty else { return }
        defer { buffer.removeAll(keepingCapacity: true) }
        guard failure == nil else { return }
        // A non-blocking stdout that is full is waited on until it drains.
        do {
            try FileSystem().writeAll(fd, buffer, path: "<stdout>")
        } catch {
            if error.errno == EPIPE { CurrentProcess.endByBrokenPipe() }
            failure = error.errno
        }
    }

    /// Flushes at the end of a run, reporting a write failure and making it the exit status.
    public func finish(status: ExitStatus) -> ExitStatus {
        flush()
        guard let code = failure else { return status }
        StandardError.write("lprof: error: cannot write output: \(errnoText(code))\n")
        return status.orFailure
    }
}
