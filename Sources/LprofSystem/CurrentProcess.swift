import Glibc

/// The process as a whole: how it treats signals, and how it ends.
public enum CurrentProcess {
    /// The user this process acts as (`geteuid`), who owns the files it makes: so that a
    /// store of this user's whose group cannot be kept is not called another user's.
    public static var effectiveUser: UInt32 { geteuid() }

    /// Lets every signal through. A mask is inherited across `exec`, and a threaded parent
    /// can leave most signals blocked (Foundation's `Process` does): TERM, QUIT, Ctrl-C's
    /// INT and a resize would then never reach lprof. (A parent that wants a signal kept
    /// from lprof ignores it, as `nohup` does; an ignored signal stays ignored.)
    public static func unblockSignals() {
        var none = sigset_t()
        sigemptyset(&none)
        sigprocmask(SIG_SETMASK, &none, nil)
    }

    /// SIGPIPE is ignored, so that a write to a pipe nobody reads fails with EPIPE where
    /// lprof can see it, and lprof then ends by SIGPIPE itself (`endByBrokenPipe`): the same
    /// status as any Unix tool whose reader went away, whatever disposition lprof's parent
    /// left it, and never a success for a script that did not finish (SPEC §7).
    public static func ignoreBrokenPipe() {
        signal(SIGPIPE, SIG_IGN)
    }

    /// The reader of lprof's output went away (EPIPE): ends the process by SIGPIPE, as the
    /// signal's default action would have (status 141 in a shell). What was committed stays
    /// committed; what had not yet run never runs.
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
        // A static binary's runtime reads them from /proc: with no file descriptor left
        // (`ulimit -n 3`) it has none, not even the program's name, and lprof would run
        // something other than what was asked.
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
