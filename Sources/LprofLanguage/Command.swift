import LprofModel
import LprofText

/// One parsed command: what to do, and where its first word was.
public struct Command: Equatable, Sendable {
    public var kind: CommandKind
    /// The command's first word: where errors about state point.
    public var span: Span
    /// The command's last token, where its text ends (for `--echo`).
    public var lastSpan: Span

    public init(_ kind: CommandKind, at span: Span, lastSpan: Span? = nil) {
        self.kind = kind
        self.span = span
        self.lastSpan = lastSpan ?? span
    }

    /// For `set FIELD VALUE`, the field and its value's span, read in place because matching
    /// on a copy of the command costs more than the rest of compiling a `set`.
    @inline(__always)
    public var setTarget: (field: ProfileField, value: Span)? {
        guard case .set(let field, let value) = kind else { return nil }
        return (field, value.span)
    }
}

/// A value as written, with where it was written; checked when the command runs.
public struct Argument: Equatable, Sendable {
    public var text: String
    public var span: Span

    public init(_ text: String, at span: Span) {
        self.text = text
        self.span = span
    }
}

/// Which profile `get` or `expect` reads; nil in a command means the visible one.
public enum Scope: String, CaseIterable, Sendable {
    case profile, draft
}

/// What `get` or `expect` reads.
public enum Target: Equatable, Sendable {
    case field(Scope?, ProfileField)
    /// One piece of ProfileHost's wiring (`get wiring PIECE`, `expect wiring PIECE VALUE`).
    case wiring(WiringPiece)
    case mode
    /// Whether the profile sheet is presented or dismissed.
    case sheet
}

/// What `why` explains: a field (bare: the visible view's), the mode, the sheet or the view.
public enum WhyTarget: Equatable, Sendable {
    case field(Scope?, ProfileField)
    case mode, sheet, view
}

/// What `show` renders; nil in a command means what the host shows now.
public enum ViewTarget: Equatable, Sendable {
    case summary, editor, diff, badges, env
    case hike(graph: HikeGraphKind?)
    /// What VoiceOver would read for the visible view.
    case voiceover
    /// ProfileHost's code as wired now (the wiring lab).
    case code
}

/// Environment keys, in the order `env` lists them.
public enum EnvKey: String, CaseIterable, Sendable {
    case editMode, sizeCategory, locale, now, edition
    /// The pieces of ProfileHost's wiring (`env wiring PIECE VALUE` sets one).
    case wiring
}

/// Every command of the language (SPEC §3).
public enum CommandKind: Equatable, Sendable {
    case help(topic: Argument?)
    case show(ViewTarget?, Span?)
    case get(Target)
    case getJSON(Scope?)
    case set(ProfileField, Argument)
    case edit(Switch)
    case done(force: Bool)
    case cancel
    case reset(force: Bool)
    /// Swipe the profile sheet down.
    case dismiss(force: Bool)
    /// Tap CategoryHome's profile button.
    case present
    /// `reload`: re-read the store (lprof's, not the tutorial's).
    case reload
    case expect(Target, Argument)
    indirect case expectError(Command)
    case env(EnvKey?, Argument?)
    /// `env wiring PIECE [VALUE]`: reads or sets one piece of ProfileHost's wiring.
    case rewire(WiringPiece, Argument?)
    case trace(Switch)
    case print([Argument])
    case source(Argument)
    /// `record [--force] FILE`: write the session from now on to FILE as a script.
    case record(path: Argument, force: Bool)
    /// `record off`: end the recording with the expectations the session meets.
    case recordOff
    case history(Argument?)
    /// `why TARGET`: how a value got where it is (cause and effect).
    case why(WhyTarget)
    case quit
}
