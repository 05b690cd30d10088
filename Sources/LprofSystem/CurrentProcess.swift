import Glibc

/// The process as a whole: how it treats signals, and how it ends.
public enum CurrentProcess {
    /// The user who owns the files this process makes, to tell a store of theirs from another's.
    public static var effectiveUser: UInt32 { geteuid() }

    /// Lets every signal through, as a mask inherited from a threaded parent (Foundation's
    /// `Process`) would keep TERM, QUIT, INT and a resize from ever reaching lprof.
    public static func unblockSignals() {
        var none = sigset_t()
        sigemptyset(&none)
        sigprocmask(SIG_SETMASK, &none, nil)
    }

    /// Ignores SIGPIPE so that a closed pipe is an EPIPE lprof sees, then ends by SIGPIPE
    /// itself whatever its parent left (`endByBrokenPipe`, SPEC §7).
    public static func ignoreBrokenPipe() {
        signal(SIGPIPE, SIG_IGN)
    }

    /// Ends the process by SIGPIPE once its reader went away, as the signal's default would.
    static func endByBrokenPipe() -> Never {
        signal(SIGPIPE, SIG_DFL)
        var blocked = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, SIGPIPE)
        sigprocmask(SIG_UNBLOCK, &blocked, nil)
        raise(SIGPIPE)
        // Only if SIGPIPE could not end the process: the status a shell gives it.
        Glibc._exit(128 + SIGPIPE)
    }

    /// Ignores SIGXFSZ, so that a write past `ulimit -f` is an error, never a kill mid-write.
    public static func ignoreFileSizeLimitSignal() {
        signal(SIGXFSZ, SIG_IGN)
    }

    /// The arguments after the program's name as raw bytes, since `CommandLine.arguments`
    /// repairs invalid UTF-8 and would hide it from the checks a script's text gets.
    public static func rawArguments() -> [[UInt8]] {
        // A static binary reads them from /proc: with no descriptor free it has none at all.
        guard CommandLine.argc > 0 else {
            let message = Array(
                ("lprof: error: cannot read its arguments: no file descriptor is free to read "
                    + "them with (raise the open-file limit, ulimit -n); nothing ran\n").utf8)
            _ = Glibc.write(2, message, message.count)
            exit(2)
        }
        return (1..<Int(CommandLine.argc)).map { index in
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
