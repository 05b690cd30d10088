#if canImport(Glibc)
    import Glibc
#endif

/// Standard error, written directly: diagnostics, and the errors that come before any
/// diagnostic sink exists.
public enum StandardError {
    /// Writes text to fd 2, retrying partial writes and EINTR, and waiting (`poll`) while a
    /// non-blocking stderr is full; a closed pipe ends the process by SIGPIPE, as a closed
    /// stdout does; other errors are ignored (there is nowhere left to report them).
    public static func write(_ text: String) {
        do {
            try FileSystem().writeAll(2, Array(text.utf8), path: "<stderr>")
        } catch {
            if error.errno == EPIPE { CurrentProcess.endByBrokenPipe() }
        }
    }
}
