import LprofSystem

/// Where the store lives when no path is given.
public enum StoreLocation {
    /// `$XDG_DATA_HOME/lprof/profile.json`, else `$HOME/.local/share/lprof/profile.json`.
    /// An empty or relative `XDG_DATA_HOME` is ignored, as the XDG Base Directory
    /// specification requires; without `HOME` the password database's home is used.
    public static func defaultPath(environment: [String: String]) -> String {
        BaseDirectories(environment: environment).file(
            "profile.json", .data, home: HomePath.passwordDatabaseHome() ?? "/")!
    }
}
