import Glibc

/// The process as a whole: how it treats signals, and how it ends.
public enum CurrentProcess {
    /// A closed pipe must end lprof quietly with an exit status, never by a signal: with
    /// SIGPIPE ignored, a write to a pipe nobody reads fails with EPIPE instead, which
    /// `OutputBuffer` turns into a quiet end.
    public static func ignoreBrokenPipe() {
        signal(SIGPIPE, SIG_IGN)
    }

    /// Ends the process with `status`, flushing C's standard streams.
    public static func exit(_ status: Int32) -> Never {
        Glibc.exit(status)
    }
}
