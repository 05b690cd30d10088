import LprofLanguage
import LprofModel

/// A lifecycle event as a lesson names it, written as trace prints it without the `~ ` and
/// with parts left open, so that a lesson reads like the trace the learner sees.
///
///     EVENT -> 'editMode: ' MODE (' → ' | ' -> ') MODE
///            | VIEW (' appears' | ' disappears')            VIEW: ProfileSummary ProfileEditor
///            | TRIGGER ': ' SLOT ' = ' SLOT [' (changed)' | ' (same value)']
///            | 'ProfileEditor has no onAppear' [' (stale)']
///            | 'draft.' FIELD ' = ' (VALUE | '*')
///            | 'sheet dismissed' | 'sheet presented'
///            | 'reset' | 'edition = ' EDITION | 'store saved'
///
/// TRIGGER is `ProfileEditor.onAppear`, `ProfileEditor.onDisappear`, `Cancel button` or
/// `Done button`; SLOT is `profile` or `draft`. A copy without a suffix matches whether or
/// not it changed anything.
public enum EventPattern: Equatable, Sendable {
    case editMode(from: String, to: String)
    case view(String, appears: Bool)
    case copy(trigger: String, target: Scope, source: Scope, changed: Bool?)
    /// The beta's editor appearing without an onAppear copy; `stale` true: its draft differs.
    case editorWithoutCopy(stale: Bool?)
    /// `draft.FIELD = VALUE`; nil for `*`, any value.
    case field(ProfileField, value: String?)
    case sheet(presented: Bool)
    case reset
    case edition(String)
    /// `env wiring PIECE VALUE` (the wiring lab): `wiring onAppear = none`.
    case wiring(WiringSetting)
    case storeSaved

    static let views = ["ProfileSummary", "ProfileEditor"]
    /// The copies' triggers as a lesson writes them: the beta's Done without trace's " (beta)".
    public static let triggers: [(name: String, trigger: CopyTrigger)] = [
        ("ProfileEditor.onAppear", .editorOnAppear),
        ("ProfileEditor.onDisappear", .editorOnDisappear), ("Cancel button", .cancelButton),
        ("Done button", .doneButton),
    ]

    /// The patterns written in fixed words.
    static let fixed: [String: EventPattern] = [
        "reset": .reset, "sheet dismissed": .sheet(presented: false),
        "sheet presented": .sheet(presented: true), "store saved": .storeSaved,
        "ProfileEditor has no onAppear": .editorWithoutCopy(stale: nil),
        "ProfileEditor has no onAppear (stale)": .editorWithoutCopy(stale: true),
    ]

    /// The pattern `text` writes, or nil when it is not one.
    static func parse(_ text: String) -> EventPattern? {
        if let pattern = fixed[text] { return pattern }
        let words = text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        if words.count == 2, views.contains(words[0]),
            words[1] == "appears" || words[1] == "disappears"
        {
            return .view(words[0], appears: words[1] == "appears")
        }
        if words.count == 4, words[0] == "editMode:", Vocabulary.modes.contains(words[1]),
            words[2] == "→" || words[2] == "->", Vocabulary.modes.contains(words[3])
        {
            return .editMode(from: words[1], to: words[3])
        }
        if words.count == 3, words[0] == "edition", words[1] == "=",
            Vocabulary.editions.contains(words[2])
        {
            return .edition(words[2])
        }
        if words.count == 4, words[0] == "wiring", words[2] == "=",
            let piece = WiringPiece(rawValue: words[1]),
            let setting = WiringSetting(piece, words[3]), setting.valueText == words[3]
        {
            return .wiring(setting)
        }
        if words.count == 3, words[0].hasPrefix("draft."), words[1] == "=", !words[2].isEmpty,
            let field = ProfileField(rawValue: String(words[0].dropFirst(6)))
        {
            return .field(field, value: words[2] == "*" ? nil : words[2])
        }
        return copy(text)
    }

    /// `TRIGGER: SLOT = SLOT [(changed)|(same value)]`.
    private static func copy(_ text: String) -> EventPattern? {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let trigger = String(text[..<colon])
        guard triggers.contains(where: { $0.name == trigger }) else { return nil }
        var rest = String(text[text.index(after: colon)...])
        var changed: Bool? = nil
        if rest.hasSuffix(" (changed)") {
            changed = true
            rest.removeLast(" (changed)".count)
        } else if rest.hasSuffix(" (same value)") {
            changed = false
            rest.removeLast(" (same value)".count)
        }
        let words = rest.split(separator: " ", omittingEmptySubsequences: false)
        guard words.count == 4, words[0].isEmpty, words[2] == "=",
            let target = Scope(rawValue: String(words[1])),
            let source = Scope(rawValue: String(words[3])), target != source
        else { return nil }
        return .copy(trigger: trigger, target: target, source: source, changed: changed)
    }

    /// The pattern as a lesson writes it.
    public var text: String {
        switch self {
        case .editMode(let from, let to): return "editMode: \(from) → \(to)"
        case .view(let name, let appears): return name + (appears ? " appears" : " disappears")
        case .copy(let trigger, let target, let source, let changed):
            let suffix = changed.map { $0 ? " (changed)" : " (same value)" } ?? ""
            return "\(trigger): \(target.rawValue) = \(source.rawValue)" + suffix
        case .editorWithoutCopy(let stale):
            return "ProfileEditor has no onAppear" + (stale == true ? " (stale)" : "")
        case .field(let field, let value): return "draft.\(field.rawValue) = \(value ?? "*")"
        case .sheet(let presented): return presented ? "sheet presented" : "sheet dismissed"
        case .reset: return "reset"
        case .edition(let edition): return "edition = \(edition)"
        case .wiring(let setting):
            return "wiring \(setting.piece.rawValue) = \(setting.valueText)"
        case .storeSaved: return "store saved"
        }
    }

    /// What a lesson author is told when a string is not an event.
    static let forms =
        "an event is written as trace prints it, without '~ ': 'editMode: inactive → active',"
        + " 'ProfileEditor appears', 'Cancel button: draft = profile' (a copy may end in"
        + " ' (changed)' or ' (same value)'), 'ProfileEditor has no onAppear (stale)',"
        + " 'draft.season = autumn', 'sheet dismissed', 'reset', 'edition = beta',"
        + " 'wiring onAppear = none' or 'store saved'"
}
