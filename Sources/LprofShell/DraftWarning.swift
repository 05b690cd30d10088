import LprofModel

/// What lprof says when edit mode ends with changes that are not committed: at the end of a
/// script, and at the prompt's first quit. Only fields `set` since edit mode began are the
/// learner's changes; where a beta draft differs only because it still holds
/// Profile.default (lprof's stale draft), the warning says so, because the beta's 'done'
/// would commit those values too.
public enum DraftWarning {
    /// The end of a script in edit mode with changes; `failedCommit` is the command, as
    /// written, whose commit the store refused, when that is why the script stopped.
    static func endOfScript(_ host: Host, failedCommit: String?) -> String {
        let changes = "your changes to the draft (\(list(host.changedFields)))"
        if let failedCommit {
            return
                "ended in edit mode because '\(failedCommit)' could not commit (the error above): \(changes) were not saved and are discarded"
        }
        var text = "ended in edit mode: \(changes) were discarded; end with 'done' to keep them"
        switch host.edition {
        case .release:
            // 002:321-323: the editor's onDisappear commits whenever the editor goes.
            text +=
                " (or with 'dismiss': in the release the editor's onDisappear commits as the sheet goes, but ending lprof dismisses nothing)"
        case .beta:
            text += staleNote(host)
        }
        return text
    }

    /// The prompt's first `quit` (or Ctrl-D) in edit mode with changes.
    public static func quit(_ host: Host) -> String {
        var text =
            "the draft has changes that are not committed (\(list(host.changedFields))); 'done' commits them, 'cancel' drops them, or quit again to leave without them"
        switch host.edition {
        case .release:
            text +=
                " (quitting lprof dismisses nothing, so no onDisappear runs; in the release 'dismiss' would commit them)"
        case .beta:
            text += staleNote(host)
        }
        return text
    }

    /// In the beta, the fields 'done' would commit besides the learner's: those the draft
    /// still holds from Profile.default (000:729; the beta's editor has no onAppear copy).
    static func staleNote(_ host: Host) -> String {
        let stale = host.uneditedDifferences
        if stale.isEmpty { return "" }
        let values = stale.count == 1 ? "value" : "values"
        return
            "; but in the beta 'done' would also commit \(list(stale, and: true)), which you did not set: the draft still holds Profile.default's \(values) there, as the beta's editor has no onAppear copy"
    }

    /// Field names, comma-separated (with "and" before the last one when `and`).
    static func list(_ fields: [ProfileField], and: Bool = false) -> String {
        let names = fields.map(\.rawValue)
        guard and, names.count > 1 else { return names.joined(separator: ", ") }
        return names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
    }
}
