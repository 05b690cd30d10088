#if canImport(Glibc)
    import Glibc
#endif

/// Standard error, written directly, for the errors that come before any diagnostic sink.
public enum StandardError {
    /// Writes text to fd 2; a closed pipe ends the process as on stdout, and other errors have
    /// nowhere left to be reported.
    public static func write(_ text: String) {
        do {
            try FileSystem().writeAll(2, Array(text.utf8), path: "<stderr>")
        } catch {
            if error.errno == EPIPE { CurrentProcess.endByBrokenPipe() }
        }
    }
}
