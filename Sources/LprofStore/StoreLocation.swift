import LprofSystem

/// Where the store lives when no path is given.
public enum StoreLocation {
    /// `$XDG_DATA_HOME/lprof/profile.json`, else `$HOME/.local/share/lprof/profile.json`, as
    /// `BaseDirectories` reads them; without `HOME`, under the password database's home.
    public static func defaultPath(environment: [String: String]) -> String {
        BaseDirectories(environment: environment).file(
            "profile.json", .data, home: HomePath.passwordDatabaseHome() ?? "/")!
    }
}
