import LprofLanguage
import LprofSystem
import LprofText

/// Why a command failed: a message, the place to point at, and the exit status it means.
public struct CommandFailure: Error, Equatable, Sendable {
    /// `.failure` for a command, `.usage` for a sourced file's syntax error, `.store` the store's.
    var status: ExitStatus
    public var message: String
    /// The token to point at; nil for errors with no place (the store, a whole file).
    var span: Span?
    /// True when the diagnostic was already printed (a sourced file's own errors).
    var reported: Bool
    /// Why, in the terms a lesson's `when failed COMMAND REASON` names it, when it is one.
    var reason: FailureReason?

    init(
        status: ExitStatus = .failure, _ message: String, at span: Span?, reported: Bool = false,
        reason: FailureReason? = nil
    ) {
        self.status = status
        self.message = message
        self.span = span
        self.reported = reported
        self.reason = reason
    }

    static func reportedFailure(status: ExitStatus) -> CommandFailure {
        CommandFailure(status: status, "", at: nil, reported: true)
    }
}

/// What the runner does after a command.
public enum Flow: Equatable, Sendable {
    case next, quit
}
