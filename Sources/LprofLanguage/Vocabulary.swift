/// Every name the language knows, in one place: the parser checks against these, `help`
/// lists them, completion offers them, and suggestions pick from them.
public enum Vocabulary {
    /// Command names, in the order `help` lists them.
    public static let commands = [
        "help", "show", "get", "set", "edit", "done", "cancel", "reset", "reload", "dismiss",
        "present", "expect", "env", "trace", "print", "source", "history", "quit", "exit",
    ]
    /// Profile fields, as `set`, `get` and `expect` name them.
    public static let fields = ["username", "notifications", "season", "goal"]
    /// The prefixes that pick a profile for `get` and `expect`.
    public static let scopes = ["profile", "draft"]
    /// What `show` can render.
    public static let views = [
        "summary", "editor", "diff", "badges", "hike", "env", "voiceover",
    ]
    /// The graphs `show hike` can draw.
    public static let hikeGraphs = ["elevation", "heart-rate", "pace"]
    /// Environment keys, in the order `env` lists them.
    public static let envKeys = ["editMode", "sizeCategory", "locale", "now", "edition"]
    /// What `get sheet` prints and `expect sheet` takes.
    public static let sheetStates = ["presented", "dismissed"]
    /// The words after `edit`.
    public static let editWords = ["on", "off", "toggle"]
    /// The words after `trace`.
    public static let traceWords = ["on", "off", "toggle"]
    /// Values offered for each field (goal: examples of each form).
    public static let fieldValues: [String: [String]] = [
        "notifications": ["on", "off", "true", "false", "yes", "no", "toggle"],
        "season": ["spring", "summer", "autumn", "fall", "winter"],
        "goal": ["today", "+1d", "+1w", "+1m", "+6m", "+1y", "-1d", "-1m", "today+3m"],
    ]
    /// Values offered for each settable environment key.
    public static let envValues: [String: [String]] = [
        "sizeCategory": [
            "extraSmall", "small", "medium", "large", "extraLarge", "extraExtraLarge",
            "extraExtraExtraLarge", "accessibilityMedium", "accessibilityLarge",
            "accessibilityExtraLarge", "accessibilityExtraExtraLarge",
            "accessibilityExtraExtraExtraLarge", "xs", "s", "m", "l", "xl", "xxl", "xxxl",
            "ax1", "ax2", "ax3", "ax4", "ax5",
        ],
        "locale": ["en_US", "en_GB", "de_DE", "fr_FR", "ja_JP", "ko_KR", "zh_CN"],
        "edition": ["release", "beta"],
        "now": ["today"],
    ]
    /// `help` topics beyond the commands.
    public static let helpTopics =
        commands + ["values", "goal", "language", "limits", "learn", "options", "interactive"]
}
