import LprofModel
import LprofStore

/// What lprof says when edit mode ends with uncommitted changes, naming apart the values a
/// commit would write that the learner never set (a wiring without the onAppear copy).
public enum DraftWarning {
    /// The end of a script in edit mode with changes; `failedCommit` is the command whose commit
    /// the store refused, when that is why the script stopped.
    static func endOfScript(_ host: Host, failedCommit: String?) -> String {
        let changes = "your changes to the draft (\(list(host.changedFields)))"
        if let failedCommit {
            return
                "ended in edit mode because '\(failedCommit)' could not commit (the error above): \(changes) were not saved and are discarded"
        }
        var text = "ended in edit mode: \(changes) were discarded; end with 'done' to keep them"
        if host.wiring.onDisappear == .commit {
            // 002:321-323: the editor's onDisappear commits whenever the editor goes.
            text +=
                " (or with 'dismiss': the editor's onDisappear commits as the sheet goes, but ending lprof dismisses nothing)"
        }
        return text + staleNote(host)
    }

    /// The prompt's first `quit` (or Ctrl-D) in edit mode with changes.
    public static func quit(_ host: Host) -> String {
        var text =
            "the draft has changes that are not committed (\(list(host.changedFields))); 'done' commits them, 'cancel' drops them, or quit again to leave without them"
        if host.wiring.onDisappear == .commit {
            text +=
                " (quitting lprof dismisses nothing, so no onDisappear runs; 'dismiss' would commit them, as the editor's onDisappear commits)"
        }
        return text + staleNote(host)
    }

    /// The fields a commit would write besides the learner's, which only an editor without the
    /// onAppear copy (002:318-320) shows.
    static func staleNote(_ host: Host) -> String {
        let stale = host.uneditedDifferences
        if stale.isEmpty { return "" }
        let values = stale.count == 1 ? "value" : "values"
        return
            "; a commit would also write \(StoreConflict.list(stale.map(\.rawValue))), which you did not set: the draft still holds older \(values) there, as this editor has no onAppear copy"
    }

    /// Field names, comma-separated.
    static func list(_ fields: [ProfileField]) -> String {
        fields.map(\.rawValue).joined(separator: ", ")
    }
}
