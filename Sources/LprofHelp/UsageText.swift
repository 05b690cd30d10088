/// The version line. `lprof --help` itself is made in LprofCLI from the table of options
/// (`CommandLineOptions.helpText`), and `help options` shows it through the interpreter.
public enum UsageText {
    /// The version `-V` prints, and the banners start with.
    public static let version = "lprof 0.1.0"
}
