import LprofLanguage
import LprofText

/// What the commands that reach beyond the profile need from whoever runs commands:
/// `source` runs a file through the runner, `record` writes the runner's commands to a
/// file, `history` reads the prompt's entries. The runner hands itself to the interpreter
/// with each command, so the interpreter never calls back up through anything installed
/// in it.
public protocol CommandContext: AnyObject {
    /// Runs the file at `path` (as typed) inline, checked whole first.
    func source(_ path: Argument) throws(CommandFailure) -> Flow
    /// `record [--force] FILE`: from now on, the commands that succeed go to FILE too.
    /// `command` is the `record` command, where errors about state point.
    func startRecording(_ path: Argument, replacing: Bool, command: Span)
        throws(CommandFailure)
    /// `record off`: ends the file with the session's expectations.
    func stopRecording(command: Span) throws(CommandFailure)
    /// The prompt's history, oldest first; nil where there is no prompt.
    var historyEntries: [String]? { get }
}

/// The prompt a runner serves, when there is one: its history (for `history`) and its
/// Ctrl-C (which stops a running `source` between commands).
public protocol PromptInput: AnyObject {
    /// The history entries, oldest first.
    var historyEntries: [String] { get }
    /// Whether Ctrl-C was pressed since the last call, clearing the flag.
    func takeInterrupt() -> Bool
}
