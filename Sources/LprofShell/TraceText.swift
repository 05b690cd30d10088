import LprofModel
import LprofStore
import LprofSystem

/// The one-line text `trace` prints for each lifecycle event, prefixed `~ `.
enum TraceText {
    static func line(_ event: LifecycleEvent) -> String {
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
        case .editorShowsDraftWithoutCopy(let stale):
            return "~ ProfileEditor has no onAppear in the beta: it shows the draft as it is"
                + (stale ? " (stale: the draft differs from the profile)" : "")
        case .fieldSet(let field, let value):
            return "~ draft.\(field.rawValue) = \(shown(value))"
        case .reset(let slot):
            return "~ reset: \(slot.rawValue) = Profile.default"
        case .editionChanged(let edition):
            return "~ edition = \(edition.rawValue)"
        case .sheetDismissed:
            return "~ sheet dismissed: ProfileHost disappears"
        case .sheetPresented:
            return "~ sheet presented: ProfileHost appears, its @State draft = Profile.default"
        case .dismissCommitted:
            return
                "~ dismissing while editing committed the draft: the tutorial's own onDisappear code at work"
        case .betaProfileWouldRestart:
            return
                "~ in the 2019 beta, profile was ProfileHost's @State too and also started again from Profile.default; lprof keeps it in its store"
        }
    }

    /// A value as trace shows it: usernames quoted and escaped, the rest as `get` prints them.
    static func shown(_ value: FieldValue) -> String { value.quotedText }
}
