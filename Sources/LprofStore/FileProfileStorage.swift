import LprofSystem
import LprofText

/// The durable store: one JSON file (see `StoreCodec`), replaced atomically on every save,
/// with lost-update protection through the store's identity and revision, checked under a
/// lock file (`<store>.lock`) beside it.
public final class FileProfileStorage: ProfileStorage {
    /// The store's path as given (relative paths are relative to the working folder).
    let path: String

    /// The system calls used; tests replace some to inject failures.
    var fileSystem = FileSystem()
    /// How long `save` waits for another process's lock before giving up, in seconds.
    var lockTimeout: Double = 10
    /// Whether the user asked to stop (Ctrl-C at the prompt), asked while a commit waits
    /// for another session's lock: the wait ends then, not at the timeout.
    public var interrupted: (() -> Bool)?
    /// Makes the identity of a store this storage creates; tests choose their own.
    var makeIdentity: () -> StoreIdentity = { StoreIdentity.random() }

    /// Whether a missing folder above the store is made (the default store's own folder,
    /// under the XDG data home) or is an error: a path the user gave is taken as given, so
    /// that a typo in it never becomes a tree of new folders.
    let createsFolder: Bool

    public init(path: String, createsFolder: Bool = false) {
        self.path = path
        self.createsFolder = createsFolder
    }

    public var location: String { path }

    /// Whether this storage has looked for a killed writer's temporary file yet.
    private var removedOrphans = false

    public func load() throws(StoreError) -> StoredProfile? {
        try requireFolder(.unreadable)
        removeOrphansOnce()
        return try read(at: path)?.stored
    }

    /// Removes what a writer killed mid-write left (`AtomicFile.removeOrphans`), once per
    /// session whatever it does, and only when the store's lock can be had at once (else
    /// the next commit, under the lock, does).
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
                throw failure(
                    .writeFailed,
                    "could not be written: the folder '\(error.path)' is a symbolic link to "
                        + "a missing folder, '\(end)': make that folder (mkdir -p '\(end)') "
                        + "or remove the link, and lprof makes the folder; the stored profile "
                        + "is unchanged")
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
                throw failure(
                    .writeFailed,
                    "could not be written: its lock file '\(target).lock' is a symbolic link, "
                        + "which lprof never follows (a link there would make lprof create a file "
                        + "wherever it points); remove the link and commit again; the stored "
                        + "profile is unchanged")
            case .system(let e): throw writeFailed(e)
            case .timedOut:
                throw failure(
                    .writeFailed,
                    "could not be written: another process has held its lock file '\(target).lock' "
                        + "for over \(Int(lockTimeout)) seconds; the stored profile is unchanged")
            case .interrupted:
                throw failure(
                    .writeFailed,
                    "could not be written: the wait for its lock file '\(target).lock', which "
                        + "another process holds, was interrupted; the stored profile is unchanged")
            }
        }
        defer { lock.release() }
        return try decide(commit, at: target, write: true)
    }

    /// Reads what is stored at `target` now (under the lock, unless a dry run), merges the
    /// commit over it, and writes the result when `write` and something changed.
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
            // The file's own write bit decides, not access(2): the rename needs only the
            // folder's, and root passes every W_OK, yet a user who made the store read-only
            // (chmod 444) means it kept as it is, as sqlite3 keeps a read-only database.
            if mode & 0o200 == 0 { throw readOnly(mode: mode) }
            let (next, overflow) = previousRevision.addingReportingOverflow(1)
            if overflow {
                throw failure(
                    .writeFailed, "could not be written: the revision cannot grow further")
            }
            // The store keeps its identity; a new store (none was there, or a corrupt one
            // is forced over), or one an older lprof wrote, gets one now.
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

    /// Reads and checks the store at `file` (the store's path or the file it links to);
    /// nil when there is none. Errors name `path`, the store as the user knows it.
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
            // A device may fail to open (/dev/tty without a terminal: ENXIO): it is still
            // no store, never a file to delete.
            if let kind = (try? fs.statIfPresent(file))??.kind, let notAFile = notAFile(kind) {
                throw notAFile
            }
            throw unreadable(error)
        }
        defer { fs.closeQuietly(fd) }

        let info = try orUnreadable(try fs.fstat(fd, path: file))
        if let notAFile = notAFile(info.kind) { throw notAFile }
        if info.size > Limits.storeBytes {
            throw failure(
                .corrupt, "is corrupt: it is larger than 1 MiB (\(info.size) bytes)" + Self.advice)
        }
        let bytes = try orUnreadable(try fs.read(fd, path: file, limit: Limits.storeBytes + 1))
        if bytes.count > Limits.storeBytes {
            throw failure(.corrupt, "is corrupt: it is larger than 1 MiB" + Self.advice)
        }
        if bytes.isEmpty { throw failure(.corrupt, "is corrupt: it is empty" + Self.advice) }

        do {
            return (try StoreCodec.decode(bytes), info)
        } catch {
            switch error {
            case .corrupt(let why):
                throw failure(.corrupt, "is corrupt: \(why)" + Self.advice)
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

    /// The file to replace: the store itself, or the file it links to, so that a symbolic
    /// link (a dotfile manager's, say) is kept rather than replaced by a plain file; a
    /// dangling link too, whose target the first commit creates. (A loop of links is never
    /// replaced either: reading the store fails first, ELOOP.)
    private func resolvedTarget() -> String {
        guard let info = try? fileSystem.lstatIfPresent(path), info.kind == .symbolicLink
        else { return path }
        return fileSystem.resolve(path) ?? fileSystem.linkChainEnd(path) ?? path
    }

    // MARK: Errors

    /// How to go on from a store file that cannot be used: it is never overwritten, so the
    /// user decides what becomes of it. (A folder or a device at the path is never the store:
    /// that advice is to give a file's path instead.)
    static let advice =
        "; it is left untouched. To start afresh, move it aside or delete it; "
        + "to run without it, use --memory"

    /// A store whose folder does not exist, when this storage does not make it, is an
    /// error of `kind` that names the folder. A folder that cannot be looked at is left to
    /// the open or the write, which say why.
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

    /// The error for something other than a regular file at the store's path (nil for a
    /// regular file), whose advice is to give a file's path, as such a thing is never the store.
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

    /// The store could not be read: a resource that ran short says so (the store is
    /// healthy, so the advice to move it aside would mislead); any other cause gets it.
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

    /// The store is read-only (its owner may not write it): a commit would replace it anyway,
    /// so none is made.
    private func readOnly(mode: UInt32) -> StoreError {
        let octal = String(mode, radix: 8)
        return failure(
            .writeFailed,
            "is read-only (mode \(String(repeating: "0", count: 4 - octal.count) + octal)): "
                + "the commit is refused and the stored profile is unchanged; make it "
                + "writable (chmod u+w) to commit")
    }

    /// The store belongs to another user and this process cannot give the new version back
    /// to them (only root can): writing anyway would take their store over.
    private func ownedByAnother(_ owner: FileOwner, _ error: SystemCallError) -> StoreError {
        failure(
            .writeFailed,
            "could not be written: it belongs to another user (user id \(owner.user), group id "
                + "\(owner.group)), and lprof cannot keep it theirs (\(error.reason)); "
                + "a commit would make it yours, so none is made; the stored profile is unchanged")
    }

    /// The store is this user's, but its group is not one of theirs, so the new version
    /// cannot keep it (only root can give a file such a group): it would get theirs instead.
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
