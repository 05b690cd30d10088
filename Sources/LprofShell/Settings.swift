import LprofModel

/// The environment a session runs in: what `env` shows and sets, and how output looks.
public struct Settings {
    public var sizeCategory: SizeCategory = .large
    /// A locale ID such as `en_US`.
    public var locale: String = "en_US"
    /// `env now` / `--now`; nil means the clock's today.
    public var now: CalendarDay?
    public var trace = false
    /// `--echo`.
    public var echo = false
    public var color: ColorSupport = .none
    /// Asked for each time a view is drawn, since a terminal may be resized.
    public var width: () -> Int = { 80 }
    /// Output goes to a terminal: long trace lines wrap there, and through a pipe stay one line
    /// for tools.
    public var wrapsAtTerminal = false
    /// `$HOME` as the launcher was given it: what `~` means in `source ~/…` and `record ~/…`.
    public var home: String?

    public init() {}
}
