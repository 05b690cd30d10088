import LprofModel
import LprofText

/// A commit as the store sees it: what this session last read, what it commits now, and
/// how to treat another session's commit in between.
public struct StoreCommit: Equatable, Sendable {
    /// What this session last read from the store or wrote to it: the merge's base, and
    /// its revision (0 when nothing was stored; the base is then the default profile).
    var base: StoredProfile
    /// The profile this session commits.
    var ours: Profile
    /// Fields this session set even where they hold the base value (`reset` sets all).
    var touched: Set<ProfileField>
    /// Settle conflicts with this session's values (`done --force`, `reset --force`), and
    /// write over a corrupt or removed store.
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

/// How a commit met another session's: the revision it found and where each field came
/// from. Only made when another session had committed since this one's base.
public struct StoreMergeReport: Equatable, Sendable {
    /// The revision this session had read (0: none).
    public var baseRevision: Int
    /// The other session's revision the commit was merged with.
    public var theirRevision: Int
    /// Fields only the other session changed: its values, now this session's too.
    public var fromTheirs: [ProfileField]
    /// Fields only this session changed: kept.
    public var fromOurs: [ProfileField]
    /// Fields both changed differently that `--force` settled with this session's values.
    public var overridden: [ProfileMerge.Conflict]
    /// The store was not the one this session had read (`StoredProfile.replaces`): it
    /// was merged with as if another session had changed the one read.
    public var replaced = false
}

/// What a commit left in the store.
public struct StoreCommitResult: Equatable, Sendable {
    /// The profile stored now and its revision: the merged profile, written; or what was
    /// there already when the merge would not change it (nothing is written then).
    public var stored: StoredProfile
    /// Set when another session had committed since this one's base.
    public var merge: StoreMergeReport?
    /// False when nothing needed writing (or on a dry run).
    public var wrote: Bool
}

/// Why a commit could not be merged: attached to a `.conflict` store error.
public struct StoreConflict: Equatable, Sendable {
    /// The revision this session had read (0: none).
    var baseRevision: Int
    /// The revision found in the store; 0 when the store was removed.
    var theirRevision: Int
    /// The fields both sessions changed to different values; empty when the store was
    /// removed (nothing to merge with).
    public var fields: [ProfileMerge.Conflict]
    /// The store found is another one than the one this session had read.
    var replaced = false
}

extension StoreCommit {
    /// What to do over what is stored now.
    enum Plan: Equatable {
        /// Write this profile as the next revision after `current`.
        case write(Profile, StoreMergeReport?)
        /// The merge leaves the stored profile (`current`) as it is: write nothing.
        case keep(StoredProfile, StoreMergeReport?)
        case conflict(StoreConflict)
    }

    /// Decides the commit over `current`, what the store holds now (nil: nothing). Shared
    /// by every storage, so that the file and the in-memory store merge alike.
    func plan(over current: StoredProfile?) -> Plan {
        guard let current else {
            // Nothing stored: a first commit, unless this session had read a store (at
            // any revision, 0 too) that has since been removed (nothing to merge with;
            // only --force writes).
            if base.exists && !force {
                return .conflict(
                    StoreConflict(baseRevision: base.revision, theirRevision: 0, fields: []))
            }
            return .write(ours, nil)
        }
        // The store this session read, unchanged: its identity (none for a store an
        // older lprof wrote) and its revision. Anything else merges: a store made anew
        // after this one's was removed restarts its revisions, so the revision alone
        // could match a store this session never read.
        if current.identity == base.identity && current.revision == base.revision {
            return current.profile == ours ? .keep(current, nil) : .write(ours, nil)
        }
        let replaced = current.replaces(base)
        // The conflicts, each held at this side's value: settled so with `force`, else an error.
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
    /// The `.conflict` store error, whose message is the store's side: what changed and,
    /// for each field, both values. `path` is the store as the user named it.
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
