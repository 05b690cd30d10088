import Glibc

/// Standard error, written directly, for the errors that come before any diagnostic sink.
public enum StandardError {
    /// Writes text to fd 2; a closed pipe ends the process, and other errors go unreported.
    public static func write(_ text: String) {
        do {
            try FileSystem().writeAll(2, Array(text.utf8), path: "<stderr>")
        } catch {
            if error.errno == EPIPE { CurrentProcess.endByBrokenPipe() }
        }
    }
}
