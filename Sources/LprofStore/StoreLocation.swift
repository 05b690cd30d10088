import LprofSystem

/// Where the store lives when no path is given.
public enum StoreLocation {
    /// `$XDG_DATA_HOME/lprof/profile.json`, else `$HOME/.local/share/lprof/profile.json`.
    /// An empty or relative `XDG_DATA_HOME` is ignored, as the XDG Base Directory
    /// specification requires; without `HOME` the password database's home is used.
    public static func defaultPath(environment: [String: String]) -> String {
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            return join(data, "lprof/profile.json")
        }
        return join(homeDirectory(environment: environment), ".local/share/lprof/profile.json")
    }

    static func homeDirectory(environment: [String: String]) -> String {
        if let home = environment["HOME"], !home.isEmpty { return home }
        return HomePath.passwordDatabaseHome() ?? "/"
    }

    /// `base/rest` without doubling a trailing slash of `base`.
    public static func join(_ base: String, _ rest: String) -> String {
        var base = Substring(base)
        while base.count > 1 && base.hasSuffix("/") { base = base.dropLast() }
        return base == "/" ? "/" + rest : base + "/" + rest
    }
}
