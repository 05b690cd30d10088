import LprofModel
import LprofStore

/// The one-line text `trace` prints for each lifecycle event, prefixed `~ `.
public enum TraceText {
    /// The event's lines, none where lprof's own lines say it already (the lab's wiring mark,
    /// the store's lines).
    static func lines(_ event: LifecycleEvent) -> [String] {
        switch event {
        case .editorShowsDraftWithoutCopy(stale: true): return [line(event), staleNote]
        case .buttonWithoutCopy, .storeChanged: return []
        default: return [line(event)]
        }
    }

    public static func line(_ event: LifecycleEvent) -> String {
        switch event {
        case .editModeChanged(let from, let to):
            return "~ editMode: \(from.rawValue) → \(to.rawValue)"
        case .appeared(let view):
            return "~ \(view.rawValue) appears"
        case .disappeared(let view):
            return "~ \(view.rawValue) disappears"
        case .copied(let target, let source, let trigger, let changed):
            return "~ \(trigger.rawValue): \(target.rawValue) = \(source.rawValue)"
                + (changed ? "" : " (same value: nothing changes)")
        case .editorShowsDraftWithoutCopy:  // a stale draft is said on a line of lprof's own
            return "~ ProfileEditor has no onAppear: it shows the draft as it is"
        case .buttonWithoutCopy(let trigger):
            return "~ \(trigger.rawValue) has no copy: it only ends edit mode"
        case .fieldSet(let field, let value):
            return "~ draft.\(field.rawValue) = \(value.quotedText)"
        case .reset(let slot):
            return "~ lprof reset: \(slot.rawValue) = Profile.default"
        case .editionChanged(let edition):
            return
                "~ lprof edition = \(edition.rawValue): its buttons and every piece of its wiring"
        case .wiringChanged(let setting):
            return "~ lprof wiring: \(setting.piece.rawValue) = \(setting.valueText)"
        case .profileMoved(.state):
            return
                "~ lprof store: not used: the profile is ProfileHost's @State, as in the 2019 beta, so profile and draft = Profile.default; the store keeps what it holds"
        case .profileMoved(.modeldata):
            return
                "~ lprof store: in use: the profile is ModelData's, as in the release, and lprof's store keeps it"
        case .wiringMark(let setting, let buttons):
            return "~ lprof wiring: \(setting.piece.rawValue) \(setting.valueText) — "
                + WiringText.departure(setting, buttons: buttons)
        case .sheetDismissed:
            return "~ sheet dismissed: ProfileHost disappears"
        case .sheetPresented(let restarts):
            return "~ sheet presented: ProfileHost appears, its @State "
                + (restarts ? "profile and draft" : "draft") + " = Profile.default"
        case .dismissCommitted:
            return
                "~ lprof: dismissing while editing committed the draft: the editor's own onDisappear ran as it left with the sheet"
        case .editModeLeftWithSheet:
            return
                "~ lprof: edit mode went with the sheet (no button was tapped): a new ProfileHost starts inactive"
        case .storeChanged(_, let changed):
            // Never printed (`lines`): the store's lines say what it read or merged.
            return "~ lprof store: "
                + changed.map { "profile.\($0.field.rawValue) = \($0.quotedText)" }.joined(
                    separator: ", ")
        }
    }

    /// Why the draft can differ from the profile under an editor without the onAppear copy, which
    /// only a lab wiring makes possible (in the exact beta, 000:728-729 keep them equal).
    static let staleNote =
        "~ lprof: the draft it shows differs from the profile: nothing copied the profile into the draft since it was last written"
}
