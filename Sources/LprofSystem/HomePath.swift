import Glibc

/// `~` and `~/…` at the start of a path as the home folder, as in shells; `~user` is left.
public enum HomePath {
    public static func expand(_ path: String, home: String?) -> String {
        guard path == "~" || path.hasPrefix("~/"), let home, !home.isEmpty else { return path }
        let base = home.hasSuffix("/") && home != "/" ? String(home.dropLast()) : home
        return base + path.dropFirst()
    }

    /// The user's home folder from the password database, for when `HOME` is unset.
    public static func passwordDatabaseHome() -> String? {
        guard let entry = getpwuid(getuid()), let dir = entry.pointee.pw_dir else { return nil }
        let home = String(cString: dir)
        return home.isEmpty ? nil : home
    }
}
