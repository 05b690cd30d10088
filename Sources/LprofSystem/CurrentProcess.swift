import Glibc

/// The process as a whole: how it treats signals, and how it ends.
public enum CurrentProcess {
    /// A closed pipe must end lprof quietly with an exit status, never by a signal: with
    /// SIGPIPE ignored, a write to a pipe nobody reads fails with EPIPE instead, which
    /// `OutputBuffer` turns into a quiet end.
    public static func ignoreBrokenPipe() {
        signal(SIGPIPE, SIG_IGN)
    }

    /// A write past the file-size limit (`ulimit -f`) must be an error lprof reports, never
    /// a kill: with SIGXFSZ ignored, the write fails with EFBIG instead, and the store's
    /// atomic write removes its temporary file and leaves the old store.
    public static func ignoreFileSizeLimitSignal() {
        signal(SIGXFSZ, SIG_IGN)
    }

    /// The arguments after the program's name, as the bytes the process was given:
    /// `CommandLine.arguments` repairs bytes that are not UTF-8 (U+FFFD), which would hide
    /// them from the checks a script's text gets.
    public static func rawArguments() -> [[UInt8]] {
        (1..<Int(CommandLine.argc)).map { index in
            guard let argument = CommandLine.unsafeArgv[index] else { return [] }
            return Array(
                UnsafeRawBufferPointer(start: argument, count: strlen(argument)))
        }
    }

    /// Ends the process with `status`, flushing C's standard streams.
    public static func exit(_ status: Int32) -> Never {
        Glibc.exit(status)
    }
}
