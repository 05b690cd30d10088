/// The version line (`lprof --help` is made in LprofCLI, from the table of options).
public enum UsageText {
    /// The version `-V` prints, and the banners start with.
    public static let version = "lprof 0.1.0"
}
