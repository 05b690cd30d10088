/// The status lprof exits with (SPEC §6), kept symbolic until `main` turns it into a number.
public enum ExitStatus: Int32, CaseIterable, Sendable {
    /// Everything ran, and every expectation held.
    case success = 0
    /// A command or expectation failed at run time, Ctrl-C stopped a script, or output failed.
    case failure = 1
    /// A usage error, an error found before running (syntax, names), or an unreadable script.
    case usage = 2
    /// A store error, which stops a run even under `--keep-going`.
    case store = 3

    /// What the status means, for `lprof --help`.
    public var summary: String {
        switch self {
        case .success: return "success"
        case .failure: return "a command or expectation failed"
        case .usage: return "a usage or syntax error, or an unreadable script"
        case .store: return "a store error"
        }
    }

    /// What a late failure (unwritable output) makes of a run: the first failure's status wins.
    public var orFailure: ExitStatus { self == .success ? .failure : self }
}
