/// What a `get` read (`json` for `get --json`), recorded as a deed for a lesson's `read`.
public enum ReadPattern: Equatable, Sendable {
    case target(Target)
    case json
}
