import LprofModel

/// The environment a session runs in: what `env` shows and sets, and how output looks.
public struct Settings {
    public var sizeCategory: SizeCategory = .large
    /// A locale ID such as `en_US`.
    public var locale: String = "en_US"
    /// `env now` / `--now`; nil means the clock's today.
    public var now: CalendarDay?
    public var trace = false
    /// Echo each command before running it (`--echo`).
    public var echo = false
    public var color: ColorSupport = .none
    /// The width views are laid out for, asked for each time a view is drawn.
    public var width: () -> Int = { 80 }
    /// Output goes to a terminal: long trace lines wrap at spaces there (through a pipe
    /// each event stays one line, for tools that read them).
    public var wrapsAtTerminal = false
    /// `$HOME` from the environment the launcher was given: what `~` means in `source ~/…`
    /// and `record ~/…`.
    public var home: String?

    public init() {}
}
