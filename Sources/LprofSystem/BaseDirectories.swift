/// Where lprof keeps its files, by the XDG Base Directory rule, read from the environment
/// the launcher was given (never from the process's own, so tests and lessons can hand
/// down another): `$XDG_DATA_HOME`, `$XDG_STATE_HOME` or `$XDG_CONFIG_HOME` when set to an
/// absolute path (an empty or relative one is ignored, as the specification requires),
/// else the folder under `$HOME` the specification names.
public struct BaseDirectories: Sendable {
    /// The kinds of file the specification sorts, each named by its variable.
    public enum Kind: String, Sendable {
        /// The store.
        case data = "XDG_DATA_HOME"
        /// History and lesson progress.
        case state = "XDG_STATE_HOME"
        /// The rc file.
        case config = "XDG_CONFIG_HOME"

        var underHome: String {
            switch self {
            case .data: return ".local/share"
            case .state: return ".local/state"
            case .config: return ".config"
            }
        }
    }

    let environment: [String: String]

    public init(environment: [String: String]) {
        self.environment = environment
    }

    /// `$HOME`, when it is set and not empty.
    public var home: String? {
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return home
    }

    /// `lprof/NAME` in the folder for `kind`; nil when neither its variable nor `$HOME` is
    /// set (`home` is used instead of `$HOME` when given).
    public func file(_ name: String, _ kind: Kind, home: String? = nil) -> String? {
        if let base = environment[kind.rawValue], base.hasPrefix("/") {
            return StorePaths.join(base, "lprof/" + name)
        }
        guard let home = self.home ?? home else { return nil }
        return StorePaths.join(home, kind.underHome + "/lprof/" + name)
    }
}
