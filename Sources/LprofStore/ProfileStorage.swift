import LprofModel

/// A profile as read from a store, with the revision it was written at and the store's
/// identity.
public struct StoredProfile: Equatable, Sendable {
    public var profile: Profile
    public var revision: Int
    /// The store's identity; nil for a store an older lprof wrote, for the in-memory
    /// store, and when nothing was read.
    public var identity: StoreIdentity?
    /// Whether a store held this profile, as opposed to the default profile standing in for
    /// a store that is not there. A store file may say revision 0 (written by hand or by
    /// another tool), so the revision alone cannot tell: a session that read such a store
    /// and finds it gone must hear so, as at any other revision.
    public var exists: Bool

    /// `exists` defaults to whether `revision` is past 0: revision 0 is what a session
    /// holds when nothing is stored. A store read from a file says `exists: true`.
    public init(
        profile: Profile, revision: Int, identity: StoreIdentity? = nil, exists: Bool? = nil
    ) {
        self.profile = profile
        self.revision = revision
        self.identity = identity
        self.exists = exists ?? (revision != 0)
    }
}

/// Why the store could not be read or written. Every store error is `ExitStatus.store` (3).
public struct StoreError: Error, Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// The file exists but cannot be read (permissions, a folder, I/O error).
        case unreadable
        /// The file is not a valid store: bad JSON, wrong types, values `set` would refuse.
        case corrupt
        /// The file was written by a newer lprof (`format` greater than this one knows).
        case newerFormat
        /// Another session committed since this one read the store.
        case conflict
        /// Writing failed (full disk, permissions, read-only folder); the old file stands.
        case writeFailed
    }

    public var kind: Kind
    /// What went wrong, for the user: names the file and the problem.
    public var message: String
    /// For `.conflict`: the revisions and the fields both sessions changed.
    public var conflict: StoreConflict? = nil
}

/// Where committed profiles live between sessions.
public protocol ProfileStorage: AnyObject {
    /// A description for messages, such as the file's path or `memory`.
    var location: String { get }
    /// False for the in-memory store of `--memory`, `lprof test` and lessons, which no
    /// other session shares (so `reload` has nothing to read).
    var isShared: Bool { get }
    /// Reads the stored profile; nil when nothing is stored yet (a missing file).
    func load() throws(StoreError) -> StoredProfile?
    /// Commits `commit.ours` as the next revision, atomically. When another session
    /// committed since `commit.base`, or the store is another one than the base's (its
    /// identity differs: it was removed and made anew), merges field by field
    /// (`StoreCommit.plan`): a field both changed differently fails with `.conflict` (its
    /// `conflict` names the fields) unless `force`. Writes nothing when the stored profile
    /// would not change. With `dryRun`, decides the same but never writes: for `expect
    /// error done`, whose command must change nothing when it succeeds (and so fails the
    /// expectation).
    @discardableResult
    func commit(_ commit: StoreCommit, dryRun: Bool) throws(StoreError) -> StoreCommitResult
}

/// The store `--memory` and `lprof test` use: nothing is read or written.
public final class MemoryProfileStorage: ProfileStorage {
    private var stored: StoredProfile?

    public init(initial: StoredProfile? = nil) { stored = initial }

    public var location: String { "memory" }

    public var isShared: Bool { false }

    public func load() throws(StoreError) -> StoredProfile? { stored }

    @discardableResult
    public func commit(_ commit: StoreCommit, dryRun: Bool) throws(StoreError)
        -> StoreCommitResult
    {
        let current = stored
        switch commit.plan(over: current) {
        case .conflict(let conflict): throw conflict.error(path: location)
        case .keep(let current, let report):
            return StoreCommitResult(stored: current, merge: report, wrote: false)
        case .write(let profile, let report):
            let next = StoredProfile(
                profile: profile, revision: (current?.revision ?? 0) + 1)
            if !dryRun { stored = next }
            return StoreCommitResult(stored: next, merge: report, wrote: !dryRun)
        }
    }
}
