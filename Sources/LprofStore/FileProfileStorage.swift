import LprofSystem
import LprofText

/// The durable store: one JSON file replaced atomically, whose identity and revision, checked
/// under a lock file beside it, protect against lost updates.
public final class FileProfileStorage: ProfileStorage {
    let path: String

    /// Replaced in tests to inject failures.
    var fileSystem = FileSystem()
    /// Seconds a commit waits for another process's lock.
    var lockTimeout: Double = 10
    /// Whether the user asked to stop (Ctrl-C at the prompt), so that a lock wait ends then.
    public var interrupted: (() -> Bool)?
    var makeIdentity: () -> StoreIdentity = { StoreIdentity.random() }

    /// Whether a missing folder above the store is made (only the default store's), so that a
    /// typo in a path the user gave never becomes a tree of new folders.
    let createsFolder: Bool

    public init(path: String, createsFolder: Bool = false) {
        self.path = path
        self.createsFolder = createsFolder
    }

    public var location: String { path }

    private var removedOrphans = false

    public func load() throws(StoreError) -> StoredProfile? {
        try requireFolder(.unreadable)
        removeOrphansOnce()
        return try read(at: path)?.stored
    }

    /// Removes a killed writer's temporary files once a session, if the lock is free at once.
    private func removeOrphansOnce() {
        guard !removedOrphans else { return }
        removedOrphans = true
        let target = resolvedTarget()
        guard let lock = FileLock.tryExclusive(path: target + ".lock", fileSystem: fileSystem)
        else { return }
        defer { lock.release() }
        AtomicFile.removeOrphans(of: target, fileSystem: fileSystem)
    }

    public var isShared: Bool { true }

    @discardableResult
    public func commit(_ commit: StoreCommit, dryRun: Bool) throws(StoreError)
        -> StoreCommitResult
    {
        if let problem = StoreCodec.problem(with: commit.ours) {
            throw failure(.writeFailed, "could not be written: the profile is invalid (\(problem))")
        }
        // A dry run decides as a commit would, but takes no lock and makes nothing.
        if dryRun {
            return try decide(commit, at: resolvedTarget(), write: false)
        }
        let fs = fileSystem
        do {
            if createsFolder { try fs.makeDirectories(StorePaths.directory(of: path), mode: 0o700) }
        } catch {
            if error.call == "mkdir", let end = fs.danglingLinkEnd(error.path) {
                throw notWritten(
                    "the folder '\(error.path)' is a symbolic link to a missing folder, '\(end)': "
                        + "make that folder (mkdir -p '\(end)') or remove the link, and lprof "
                        + "makes the folder")
            }
            throw writeFailed(error)
        }
        try requireFolder(.writeFailed)
        let target = resolvedTarget()

        let lock: FileLock
        do {
            // A lock file made now belongs to the store's owner, as the store stays theirs.
            lock = try FileLock.acquire(
                path: target + ".lock", fileSystem: fs, timeout: lockTimeout,
                owner: (try? fs.statIfPresent(target))?.owner, interrupted: interrupted)
        } catch {
            switch error {
            case .system(let e) where FileLock.isSymbolicLink(e):
                throw notWritten(
                    "its lock file '\(target).lock' is a symbolic link, which lprof never follows "
                        + "(a link there would make lprof create a file wherever it points); "
                        + "remove the link and commit again")
            case .system(let e): throw writeFailed(e)
            case .timedOut:
                throw notWritten(
                    "another process has held its lock file '\(target).lock' for over "
                        + "\(Int(lockTimeout)) seconds")
            case .interrupted:
                throw notWritten(
                    "the wait for its lock file '\(target).lock', which another process holds, "
                        + "was interrupted")
            }
        }
        defer { lock.release() }
        return try decide(commit, at: target, write: true)
    }

    /// Merges the commit over what `target` holds now, writing it when `write` and changed.
    private func decide(_ commit: StoreCommit, at target: String, write: Bool)
        throws(StoreError) -> StoreCommitResult
    {
        var stored: StoredProfile?
        var mode: UInt32 = 0o600
        // The store's owner, kept by the write; nil for a new store (this user's).
        var owner: FileOwner?
        var previousRevision = 0
        do {
            if let current = try read(at: target) {
                stored = current.stored
                mode = current.info.permissions
                owner = current.info.owner
                previousRevision = current.stored.revision
            }
        } catch {
            // A store that became unreadable or newer is never overwritten; a corrupt one
            // only with `force`, and then as the revision after the one this session read.
            if !(commit.force && error.kind == .corrupt) { throw error }
            previousRevision = commit.base.revision
            if let info = try? fileSystem.lstatIfPresent(target) {
                (mode, owner) = (info.permissions, info.owner)
            }
        }

        switch commit.plan(over: stored) {
        case .conflict(let conflict): throw conflict.error(path: path)
        case .keep(let current, let report):
            return StoreCommitResult(stored: current, merge: report, wrote: false)
        case .write(let profile, let report):
            // The file's own write bit decides, not access(2), which root always passes: a
            // store made read-only is kept as it is, as sqlite3 keeps a read-only database.
            if mode & 0o200 == 0 { throw readOnly(mode: mode) }
            let (next, overflow) = previousRevision.addingReportingOverflow(1)
            if overflow {
                throw failure(
                    .writeFailed, "could not be written: the revision cannot grow further")
            }
            // A new store, or one an older lprof wrote, gets an identity now.
            let result = StoredProfile(
                profile: profile, revision: next, identity: stored?.identity ?? makeIdentity())
            guard write else {
                return StoreCommitResult(stored: result, merge: report, wrote: false)
            }
            AtomicFile.removeOrphans(of: target, fileSystem: fileSystem)
            do {
                try AtomicFile.replace(
                    target, with: StoreCodec.encode(result), mode: mode, owner: owner,
                    fileSystem: fileSystem)
            } catch {
                if error.call == "fchown", let owner {
                    throw owner.user == CurrentProcess.effectiveUser
                        ? groupNotKept(owner, error) : ownedByAnother(owner, error)
                }
                throw writeFailed(error)
            }
            return StoreCommitResult(stored: result, merge: report, wrote: true)
        }
    }

    // MARK: Reading

    /// Reads and checks the store at `file`, maybe the file `path` links to.
    private func read(at file: String) throws(StoreError) -> (
        stored: StoredProfile, info: FileInfo
    )? {
        let fs = fileSystem
        let fd: Int32
        do {
            // Non-blocking, so that a FIFO at the path cannot hang the open.
            fd = try fs.openForReading(file, nonBlocking: true)
        } catch {
            if error.isMissing { return nil }
            // A device that fails to open (/dev/tty: ENXIO) is still no store, never one to delete.
            if let kind = (try? fs.statIfPresent(file))??.kind, let notAFile = notAFile(kind) {
                throw notAFile
            }
            throw unreadable(error)
        }
        defer { fs.closeQuietly(fd) }

        let info = try orUnreadable(try fs.fstat(fd, path: file))
        if let notAFile = notAFile(info.kind) { throw notAFile }
        if info.size > Limits.storeBytes {
            throw corrupt("it is larger than 1 MiB (\(info.size) bytes)")
        }
        let bytes = try orUnreadable(try fs.read(fd, path: file, limit: Limits.storeBytes + 1))
        if bytes.count > Limits.storeBytes { throw corrupt("it is larger than 1 MiB") }
        if bytes.isEmpty { throw corrupt("it is empty") }

        do {
            return (try StoreCodec.decode(bytes), info)
        } catch {
            switch error {
            case .corrupt(let why): throw corrupt(why)
            case .newerFormat(let format):
                throw failure(
                    .newerFormat,
                    "was written by a newer lprof (format \(format); this one reads format "
                        + "\(StoreCodec.currentFormat)); it is left untouched. Use that newer "
                        + "lprof, or move the file aside to start afresh, or use --memory to "
                        + "run without it")
            }
        }
    }

    /// The file to replace: the one the store links to, if it does, so that a dotfile
    /// manager's link is kept rather than replaced (a loop fails to read first, ELOOP).
    private func resolvedTarget() -> String {
        guard let info = try? fileSystem.lstatIfPresent(path), info.kind == .symbolicLink
        else { return path }
        return fileSystem.resolve(path) ?? fileSystem.linkChainEnd(path) ?? path
    }

    // MARK: Errors

    /// How to go on from a store file that cannot be used, which lprof never overwrites.
    static let advice =
        "; it is left untouched. To start afresh, move it aside or delete it; "
        + "to run without it, use --memory"

    /// Refuses a store whose folder is missing when this storage does not make it, leaving a
    /// folder that cannot be looked at to the open or the write, which say why.
    private func requireFolder(_ kind: StoreError.Kind) throws(StoreError) {
        guard !createsFolder else { return }
        let folder = StorePaths.directory(of: path)
        do {
            if try fileSystem.statIfPresent(folder) != nil { return }
        } catch {
            return
        }
        let made = kind == .writeFailed ? "could not be written" : "cannot be read"
        throw failure(
            kind,
            "\(made): its folder '\(folder)' does not exist (lprof makes only the default "
                + "store's folder, never one a --store names): make it (mkdir -p), give "
                + "another --store, or use --memory to run without a store"
                + (kind == .writeFailed ? "; the stored profile is unchanged" : ""))
    }

    /// The error for what is at the path if it is not a regular file, which is never the store.
    private func notAFile(_ kind: FileInfo.Kind) -> StoreError? {
        switch kind {
        case .regular: nil
        case .directory:
            failure(
                .unreadable,
                "is a folder, not a file: give --store a file's path, "
                    + "such as '\(StorePaths.join(path, "profile.json"))', or use --memory "
                    + "to run without a store")
        default:
            failure(
                .unreadable,
                "is not a regular file (a FIFO, a socket or a device): give --store a "
                    + "regular file's path, or use --memory to run without a store")
        }
    }

    private func failure(_ kind: StoreError.Kind, _ text: String) -> StoreError {
        StoreError(kind: kind, message: "store '\(path)' \(text)")
    }

    private func corrupt(_ why: String) -> StoreError {
        failure(.corrupt, "is corrupt: \(why)" + Self.advice)
    }

    /// A commit refused for `why`, before anything changed.
    private func notWritten(_ why: String) -> StoreError {
        failure(.writeFailed, "could not be written: \(why); the stored profile is unchanged")
    }

    /// The store could not be read; a healthy store short of a resource is not to be moved.
    private func unreadable(_ error: SystemCallError) -> StoreError {
        if let resource = StoreAdvice.resource(error) {
            return failure(.unreadable, "cannot be read: \(error.reason); \(resource)")
        }
        return failure(.unreadable, "cannot be read: \(error.reason)" + Self.advice)
    }

    /// What `body` returns, its failure thrown as `unreadable`.
    private func orUnreadable<T>(_ body: @autoclosure () throws(SystemCallError) -> T)
        throws(StoreError) -> T
    {
        do throws(SystemCallError) {
            return try body()
        } catch {
            throw unreadable(error)
        }
    }

    /// The store is read-only, so a commit, which would replace it anyway, is refused.
    private func readOnly(mode: UInt32) -> StoreError {
        let octal = String(mode, radix: 8)
        return failure(
            .writeFailed,
            "is read-only (mode \(String(repeating: "0", count: 4 - octal.count) + octal)): "
                + "the commit is refused and the stored profile is unchanged; make it "
                + "writable (chmod u+w) to commit")
    }

    /// The store is another user's, which writing without giving it back would take over.
    private func ownedByAnother(_ owner: FileOwner, _ error: SystemCallError) -> StoreError {
        notWritten(
            "it belongs to another user (user id \(owner.user), group id \(owner.group)), and "
                + "lprof cannot keep it theirs (\(error.reason)); a commit would make it yours, "
                + "so none is made")
    }

    /// The store's group is not one of this user's, so the new version could not keep it.
    private func groupNotKept(_ owner: FileOwner, _ error: SystemCallError) -> StoreError {
        failure(
            .writeFailed,
            "could not be written: its group (group id \(owner.group)) is not one of yours, "
                + "and lprof cannot keep it (\(error.reason)); a commit would give it your "
                + "group, so none is made; the stored profile is unchanged; to commit, give "
                + "it one of your groups (chgrp)")
    }

    private func writeFailed(_ error: SystemCallError) -> StoreError {
        failure(
            .writeFailed,
            "could not be written: \(error.reason) (\(error.call) '\(error.path)'); "
                + "the stored profile is unchanged"
                + (StoreAdvice.resource(error).map { "; " + $0 } ?? ""))
    }
}
