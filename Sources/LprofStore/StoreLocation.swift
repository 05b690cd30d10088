import LprofSystem

/// Where the store lives when no path is given.
public enum StoreLocation {
    /// `lprof/profile.json` in the XDG data home, with the password database's home for `HOME`.
    public static func defaultPath(environment: [String: String]) -> String {
        BaseDirectories(environment: environment).file(
            "profile.json", .data, home: HomePath.passwordDatabaseHome() ?? "/")!
    }
}
