/// What the terminal can show: nothing, the 256-colour palette, or 24-bit colour.
public enum ColorSupport: Equatable, Sendable {
    case none, ansi256, truecolor
}
