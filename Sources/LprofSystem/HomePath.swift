#if canImport(Glibc)
    import Glibc
#endif

/// `~` at the start of a path, as shells, psql's `\i` and sqlite3's `.read` users expect it:
/// `~` and `~/…` are the home folder (`$HOME`); `~user` is left as it is.
public enum HomePath {
    public static func expand(_ path: String, home: String? = currentHome()) -> String {
        guard path == "~" || path.hasPrefix("~/"), let home, !home.isEmpty else { return path }
        let base = home.hasSuffix("/") && home != "/" ? String(home.dropLast()) : home
        return base + path.dropFirst()
    }

    /// `$HOME`, read when needed (the environment can change in tests).
    public static func currentHome() -> String? {
        getenv("HOME").map { String(cString: $0) }
    }

    /// The user's home folder from the password database (for when `HOME` is unset); nil
    /// when it names none.
    public static func passwordDatabaseHome() -> String? {
        guard let entry = getpwuid(getuid()), let dir = entry.pointee.pw_dir else { return nil }
        let home = String(cString: dir)
        return home.isEmpty ? nil : home
    }
}
