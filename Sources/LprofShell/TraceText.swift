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
                + (stale ? staleNote : "")
        case .fieldSet(let field, let value):
            return "~ draft.\(field.rawValue) = \(shown(value))"
        case .reset(let slot):
            return "~ lprof reset: \(slot.rawValue) = Profile.default"
        case .editionChanged(let edition):
            return "~ lprof edition = \(edition.rawValue)"
        case .sheetDismissed:
            return "~ sheet dismissed: ProfileHost disappears"
        case .sheetPresented:
            return "~ sheet presented: ProfileHost appears, its @State draft = Profile.default"
        case .dismissCommitted:
            return
                "~ dismissing while editing committed the draft: the release's own onDisappear code, run as the editor left with the sheet"
        case .betaProfileWouldRestart:
            return
                "~ in the 2019 beta, profile was ProfileHost's @State too and also started again from Profile.default; lprof keeps it in its store"
        }
    }

    /// Why the beta's draft can differ from the profile when editing begins: lprof's profile
    /// outlives the sheet (as ModelData's does in the release), the draft does not. In the
    /// 2019 app both were ProfileHost's @State (000:728-729), so they matched.
    static let staleNote =
        " (stale: it still holds Profile.default, while lprof's profile outlives the sheet; in the 2019 app the profile was ProfileHost's @State too, so the two matched)"

    /// A value as trace shows it: usernames quoted and escaped, the rest as `get` prints them.
    static func shown(_ value: FieldValue) -> String { value.quotedText }
}
