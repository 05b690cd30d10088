import LprofModel
import LprofText

/// A commit as the store sees it, so that it can merge with another session's.
public struct StoreCommit: Equatable, Sendable {
    /// What this session last read from the store or wrote to it: the merge's base.
    var base: StoredProfile
    var ours: Profile
    /// Fields this session set even where they hold the base value (`reset` sets all).
    var touched: Set<ProfileField>
    /// Settles conflicts with this session's values, and writes over a corrupt or removed store.
    var force: Bool

    public init(
        base: StoredProfile, ours: Profile, touched: Set<ProfileField> = [], force: Bool = false
    ) {
        self.base = base
        self.ours = ours
        self.touched = touched
        self.force = force
    }
}

/// How a commit met another session's, made only when one had committed since this base.
public struct StoreMergeReport: Equatable, Sendable {
    /// The revision this session had read (0: none).
    public var baseRevision: Int
    public var theirRevision: Int
    public var fromTheirs: [ProfileField]
    public var fromOurs: [ProfileField]
    /// Fields both changed differently that `--force` settled with this session's values.
    public var overridden: [ProfileMerge.Conflict]
    /// The store was another than the one read, merged with as if the one read had changed.
    public var replaced = false
}

/// What a commit left in the store.
public struct StoreCommitResult: Equatable, Sendable {
    /// The merged profile written, or what was there when the merge would not change it.
    public var stored: StoredProfile
    public var merge: StoreMergeReport?
    /// False when nothing needed writing, or on a dry run.
    public var wrote: Bool
}

/// Why a commit could not be merged: attached to a `.conflict` store error.
public struct StoreConflict: Equatable, Sendable {
    var baseRevision: Int
    /// The revision found in the store; 0 when the store was removed.
    var theirRevision: Int
    /// The fields both sessions changed differently; empty when the store was removed.
    public var fields: [ProfileMerge.Conflict]
    var replaced = false
}

extension StoreCommit {
    /// What to do over what is stored now.
    enum Plan: Equatable {
        /// Write this profile as the next revision.
        case write(Profile, StoreMergeReport?)
        /// The merge leaves the stored profile as it is: write nothing.
        case keep(StoredProfile, StoreMergeReport?)
        case conflict(StoreConflict)
    }

    /// Decides the commit over what the store holds now, so that every storage merges alike.
    func plan(over current: StoredProfile?) -> Plan {
        guard let current else {
            // A first commit, unless the store this session read has since been removed.
            if base.exists && !force {
                return .conflict(
                    StoreConflict(baseRevision: base.revision, theirRevision: 0, fields: []))
            }
            return .write(ours, nil)
        }
        // Unchanged needs the identity too: a store made anew restarts its revisions.
        if current.identity == base.identity && current.revision == base.revision {
            return current.profile == ours ? .keep(current, nil) : .write(ours, nil)
        }
        let replaced = current.replaces(base)
        // Each conflict is held at this side's value: settled so with `force`, else an error.
        let (merged, conflicts) = ProfileMerge.merge(
            base: base.profile, ours: ours, theirs: current.profile, touched: touched)
        if !force && !conflicts.isEmpty {
            return .conflict(
                StoreConflict(
                    baseRevision: base.revision, theirRevision: current.revision,
                    fields: conflicts, replaced: replaced))
        }
        let report = StoreMergeReport(
            baseRevision: base.revision, theirRevision: current.revision,
            fromTheirs: merged.fromTheirs, fromOurs: merged.fromOurs, overridden: conflicts,
            replaced: replaced)
        return merged.profile == current.profile
            ? .keep(current, report) : .write(merged.profile, report)
    }
}

extension StoreConflict {
    /// The `.conflict` store error, naming what changed and each field's two values.
    func error(path: String) -> StoreError {
        StoreError(kind: .conflict, message: message(path: path), conflict: self)
    }

    private func message(path: String) -> String {
        let read =
            baseRevision == 0
            ? "since this session started" : "since this session read revision \(baseRevision)"
        if fields.isEmpty {
            // Only a store this session read can be removed, even one at revision 0.
            return "store '\(path)' was removed since this session read revision \(baseRevision)"
        }
        let listed = fields.map {
            "\($0.field.rawValue) (yours \($0.ours.quotedText), "
                + "theirs \($0.theirs.quotedText))"
        }
        if replaced {
            return
                "store '\(path)' was replaced \(read): the store there now is another one, "
                + "at revision \(theirRevision), and both changed \(StoreConflict.list(listed))"
        }
        return
            "store '\(path)' was changed: another session saved revision \(theirRevision) "
            + "\(read), and both changed \(StoreConflict.list(listed))"
    }

    /// `a`, `a and b`, `a, b and c`.
    public static func list(_ items: [String]) -> String {
        Suggestion.alternatives(items, conjunction: "and")
    }
}
