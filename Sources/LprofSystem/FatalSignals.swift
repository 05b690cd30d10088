import Glibc

/// Replaces Swift's backtracer, which takes a terminal over and lets SIGQUIT carry on, with
/// one line and the signal's own ending (SPEC §4, §7); `LPROF_BACKTRACE=1` keeps Swift's.
public enum FatalSignals {
    /// The crash signals, each with the words its one line uses.
    static let crashes: [(signal: Int32, name: String, meaning: String)] = [
        (SIGSEGV, "SIGSEGV", "invalid memory access"),
        (SIGBUS, "SIGBUS", "invalid memory access"),
        (SIGILL, "SIGILL", "a Swift runtime check failed"),
        (SIGTRAP, "SIGTRAP", "a Swift runtime check failed"),
        (SIGFPE, "SIGFPE", "arithmetic fault"),
        (SIGABRT, "SIGABRT", "aborted"),
        (SIGSYS, "SIGSYS", "bad system call"),
    ]

    /// The line printed for a crash.
    static func report(name: String, meaning: String) -> String {
        "lprof: internal error: \(name) (\(meaning)). This is a bug in lprof; please report "
            + "it with the command that caused it (LPROF_BACKTRACE=1 shows a backtrace).\n"
    }

    /// Whether `environment` asks for Swift's own crash reports.
    static func keepsBacktrace(_ environment: [String: String]) -> Bool {
        guard let value = environment["LPROF_BACKTRACE"] else { return false }
        return !value.isEmpty && value != "0" && value.lowercased() != "no"
    }

    /// Installs the crash handlers and SIGQUIT's default action (an ignored SIGQUIT stays
    /// ignored), unless `environment` keeps Swift's backtrace.
    public static func install(environment: [String: String]) {
        guard !keepsBacktrace(environment) else { return }
        if !isIgnored(SIGQUIT) { signal(SIGQUIT, SIG_DFL) }
        CrashState.prepare()
        for crash in crashes {
            CrashState.setReport(
                report(name: crash.name, meaning: crash.meaning), for: crash.signal)
            var action = sigaction()
            action.__sigaction_handler.sa_handler = crashHandler
            sigemptyset(&action.sa_mask)
            // One report (reset before it runs), on its own stack so that an overflow reaches it.
            action.sa_flags = Int32(
                bitPattern: UInt32(SA_RESETHAND) | UInt32(SA_NODEFER) | UInt32(SA_ONSTACK))
            sigaction(crash.signal, &action, nil)
        }
    }

    private static func isIgnored(_ signal: Int32) -> Bool {
        var current = sigaction()
        guard sigaction(signal, nil, &current) == 0,
            let handler = current.__sigaction_handler.sa_handler
        else { return false }
        return unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    }
}

/// Runs in the crashed process, so it calls only async-signal-safe functions, and raises the
/// signal again under the default action SA_RESETHAND restored.
private let crashHandler: @convention(c) (Int32) -> Void = { signal in
    CrashState.restoreTerminal()
    if let report = CrashState.report(for: signal) {
        _ = Glibc.write(2, report.pointer, report.count)
    }
    raise(signal)
}

/// What the crash handler needs, made before any crash since a handler may not allocate.
private enum CrashState {
    private static let slots = 65
    nonisolated(unsafe) private static var reports =
        UnsafeMutablePointer<(pointer: UnsafeMutablePointer<CChar>, count: Int)?>.allocate(
            capacity: slots)
    nonisolated(unsafe) private static var terminalModes: UnsafeMutablePointer<termios>?
    /// The handler's own stack, which only the kernel would otherwise point to.
    nonisolated(unsafe) private static var alternateStack: UnsafeMutableRawPointer?

    static func prepare() {
        reports.initialize(repeating: nil, count: slots)
        let modes = UnsafeMutablePointer<termios>.allocate(capacity: 1)
        if isatty(STDIN_FILENO) != 0, tcgetattr(STDIN_FILENO, modes) == 0 {
            terminalModes = modes
        } else {
            modes.deallocate()
        }
        let size = 64 * 1024
        let memory = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
        alternateStack = memory  // held for the process's life (and seen so by LeakSanitizer)
        var stack = stack_t()
        stack.ss_sp = memory
        stack.ss_size = size
        sigaltstack(&stack, nil)
    }

    static func setReport(_ text: String, for signal: Int32) {
        guard signal >= 0, signal < slots, let copy = strdup(text) else { return }
        reports[Int(signal)] = (copy, strlen(copy))
    }

    static func report(for signal: Int32) -> (pointer: UnsafeMutablePointer<CChar>, count: Int)? {
        guard signal >= 0, signal < slots else { return nil }
        return reports[Int(signal)]
    }

    /// Puts the terminal's modes back, only in the foreground, where SIGTTOU cannot stop it.
    static func restoreTerminal() {
        guard let terminalModes, tcgetpgrp(STDIN_FILENO) == getpgrp() else { return }
        tcsetattr(STDIN_FILENO, TCSADRAIN, terminalModes)
    }
}
