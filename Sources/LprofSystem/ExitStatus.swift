/// The status lprof exits with, and what each means (SPEC §6). Every status lprof gives is
/// one of these; only `main` turns one into a number, with `rawValue`, for `exit`.
/// Where several things go wrong, the first failure's status is the one given.
public enum ExitStatus: Int32, CaseIterable, Sendable {
    /// Everything ran, and every expectation held.
    case success = 0
    /// A command or an expectation failed at run time; also a script stopped by Ctrl-C,
    /// output that could not be written, and `lprof test` with a failing script.
    case failure = 1
    /// A usage error (a bad command line, an unknown lesson), an error found before running
    /// (a syntax or name error, even in piped stdin or a sourced file), or a script that
    /// cannot be read.
    case usage = 2
    /// A store error: unreadable, corrupt, in a newer format, or changed by another session.
    /// It stops a run even under `--keep-going`.
    case store = 3

    /// What the status means, in a few words, for `lprof --help`.
    public var summary: String {
        switch self {
        case .success: return "success"
        case .failure: return "a command or expectation failed"
        case .usage: return "a usage or syntax error, or an unreadable script"
        case .store: return "a store error"
        }
    }

    /// This status if it already says failure, else `.failure`: what a late failure (output
    /// that could not be written) makes of a run, keeping the first failure's status.
    public var orFailure: ExitStatus { self == .success ? .failure : self }
}
