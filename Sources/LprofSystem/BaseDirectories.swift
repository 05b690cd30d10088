/// Where lprof keeps its files by the XDG Base Directory rule, read from the environment the
/// launcher was given (not the process's own), so that tests and lessons can hand down another.
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

    /// `lprof/NAME` in the folder for `kind` (a relative variable is ignored, as the
    /// specification requires), else under `$HOME` or `home`; nil when neither is known.
    public func file(_ name: String, _ kind: Kind, home: String? = nil) -> String? {
        if let base = environment[kind.rawValue], base.hasPrefix("/") {
            return StorePaths.join(base, "lprof/" + name)
        }
        guard let home = self.home ?? home else { return nil }
        return StorePaths.join(home, kind.underHome + "/lprof/" + name)
    }
}
