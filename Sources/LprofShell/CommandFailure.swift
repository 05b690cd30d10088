import LprofLanguage
import LprofStore
import LprofSystem

/// Why a command failed: a message, the place to point at, and the exit status it means.
public struct CommandFailure: Error, Equatable, Sendable {
    /// 1: a command or expectation failed; 2: a syntax error (in a sourced file);
    /// 3: a store error.
    public var status: Int32
    public var message: String
    /// The token to point at; nil for errors with no place (the store, a whole file).
    public var span: Span?
    /// True when the diagnostic was already printed (a sourced file's own errors).
    public var reported: Bool
    /// Why, in the terms a lesson's `when failed COMMAND REASON` names it, when it is one.
    public var reason: FailureReason?

    public init(
        status: Int32 = 1, _ message: String, at span: Span?, reported: Bool = false,
        reason: FailureReason? = nil
    ) {
        self.status = status
        self.message = message
        self.span = span
        self.reported = reported
        self.reason = reason
    }

    static func reportedFailure(status: Int32) -> CommandFailure {
        CommandFailure(status: status, "", at: nil, reported: true)
    }
}

/// What the runner does after a command.
public enum Flow: Equatable, Sendable {
    case next
    case quit
}
