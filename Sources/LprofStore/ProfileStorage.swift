import LprofModel
import LprofSystem

/// A profile as read from a store, with the revision it was written at.
public struct StoredProfile: Equatable, Sendable {
    public var profile: Profile
    public var revision: Int

    public init(profile: Profile, revision: Int) {
        self.profile = profile
        self.revision = revision
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
    /// The store's path as given.
    public var path: String
    /// What went wrong, for the user: names the file and the problem.
    public var message: String

    public init(_ kind: Kind, path: String, message: String) {
        self.kind = kind
        self.path = path
        self.message = message
    }
}

/// Where committed profiles live between sessions.
public protocol ProfileStorage: AnyObject {
    /// A description for messages, such as the file's path or `memory`.
    var location: String { get }
    /// Reads the stored profile; nil when nothing is stored yet (a missing file).
    func load() throws(StoreError) -> StoredProfile?
    /// Writes `profile` as the next revision, atomically, and returns the new revision.
    /// Unless `force`, fails with `.conflict` when the stored revision is no longer
    /// `expectedRevision` (0 when nothing was stored).
    func save(_ profile: Profile, expectedRevision: Int, force: Bool) throws(StoreError) -> Int
    /// Fails as `save` would for a conflict or a store that must not be overwritten, but
    /// writes nothing: for `expect error done`, whose command must change nothing when it
    /// succeeds (and so fails the expectation).
    func checkSave(expectedRevision: Int, force: Bool) throws(StoreError)
}

/// The store `--memory` and `lprof test` use: nothing is read or written.
public final class MemoryProfileStorage: ProfileStorage {
    private var stored: StoredProfile?

    public init(initial: StoredProfile? = nil) { stored = initial }

    public var location: String { "memory" }

    public func load() throws(StoreError) -> StoredProfile? { stored }

    public func save(_ profile: Profile, expectedRevision: Int, force: Bool) throws(StoreError)
        -> Int
    {
        let current = stored?.revision ?? 0
        if !force && current != expectedRevision {
            throw StoreError(
                .conflict, path: location, message: "the profile changed since it was read")
        }
        stored = StoredProfile(profile: profile, revision: current + 1)
        return current + 1
    }

    public func checkSave(expectedRevision: Int, force: Bool) throws(StoreError) {
        if !force && (stored?.revision ?? 0) != expectedRevision {
            throw StoreError(
                .conflict, path: location, message: "the profile changed since it was read")
        }
    }
}
