/// What a `get` read: a target (a bare field: whichever profile it resolved to), or
/// `json` for `get --json`. The interpreter records it as a deed; a lesson's `read`
/// condition names one.
public enum ReadPattern: Equatable, Sendable {
    case target(Target)
    case json
}
