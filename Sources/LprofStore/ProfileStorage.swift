import LprofModel

/// A profile as read from a store, with its revision and the store's identity.
public struct StoredProfile: Equatable, Sendable {
    public var profile: Profile
    public var revision: Int
    /// Nil for a store an older lprof wrote, for the in-memory store, and when nothing was read.
    public var identity: StoreIdentity?
    /// Whether a store held this profile, which revision 0 cannot tell: a file may say 0, and
    /// a session that read one and finds it gone must hear so.
    public var exists: Bool

    /// `exists` defaults to whether `revision` is past 0, what a session holds with no store.
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
    /// What went wrong, naming the file.
    public var message: String
    public var conflict: StoreConflict? = nil
}

/// Where committed profiles live between sessions.
public protocol ProfileStorage: AnyObject {
    /// The file's path or `memory`, for messages.
    var location: String { get }
    /// False for the in-memory store, which no other session shares (`reload` reads nothing).
    var isShared: Bool { get }
    /// Reads the stored profile; nil when nothing is stored yet.
    func load() throws(StoreError) -> StoredProfile?
    /// Commits `commit.ours` atomically, merged (`StoreCommit.plan`); `dryRun` never writes.
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
        switch commit.plan(over: stored) {
        case .conflict(let conflict): throw conflict.error(path: location)
        case .keep(let current, let report):
            return StoreCommitResult(stored: current, merge: report, wrote: false)
        case .write(let profile, let report):
            let next = StoredProfile(profile: profile, revision: (stored?.revision ?? 0) + 1)
            if !dryRun { stored = next }
            return StoreCommitResult(stored: next, merge: report, wrote: !dryRun)
        }
    }
}
