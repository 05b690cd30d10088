import LprofModel
import LprofSystem

/// The durable store: one JSON file (see `StoreCodec`), replaced atomically on every save,
/// with lost-update protection through a revision number checked under a lock file
/// (`<store>.lock`) beside it.
public final class FileProfileStorage: ProfileStorage {
    /// The store's path as given (relative paths are relative to the working folder).
    public let path: String

    /// The largest store file read; anything larger is corrupt.
    static let maxFileSize = 1 << 20

    /// The system calls used; tests replace some to inject failures.
    var fileSystem = FileSystem()
    /// How long `save` waits for another process's lock before giving up, in seconds.
    var lockTimeout: Double = 10

    public init(path: String) {
        self.path = path
    }

    public var location: String { path }

    public func load() throws(StoreError) -> StoredProfile? {
        try read(at: path)?.stored
    }

    public func save(_ profile: Profile, expectedRevision: Int, force: Bool) throws(StoreError)
        -> Int
    {
        if let problem = StoreCodec.problem(with: profile) {
            throw failure(.writeFailed, "could not be written: the profile is invalid (\(problem))")
        }
        let fs = fileSystem
        do {
            try fs.makeDirectories(StorePaths.directory(of: path), mode: 0o700)
        } catch {
            throw writeFailed(error)
        }
        let target = resolvedTarget()

        let lock: FileLock
        do {
            lock = try FileLock.acquire(
                path: target + ".lock", fileSystem: fs, timeout: lockTimeout)
        } catch {
            switch error {
            case .system(let e): throw writeFailed(e)
            case .timedOut:
                throw failure(
                    .writeFailed,
                    "could not be written: another process has held its lock file '\(target).lock' "
                        + "for over \(Int(lockTimeout)) seconds; the stored profile is unchanged")
            }
        }
        defer { lock.release() }

        // Under the lock: what is stored now?
        let (currentRevision, mode) = try current(
            at: target, expectedRevision: expectedRevision, force: force)
        let (next, overflow) = currentRevision.addingReportingOverflow(1)
        if overflow {
            throw failure(.writeFailed, "could not be written: the revision cannot grow further")
        }

        let bytes = StoreCodec.encode(StoredProfile(profile: profile, revision: next))
        AtomicFile.removeOrphans(of: target, fileSystem: fs)
        do {
            try AtomicFile.replace(target, with: bytes, mode: mode, fileSystem: fs)
        } catch {
            throw writeFailed(error)
        }
        return next
    }

    public func checkSave(expectedRevision: Int, force: Bool) throws(StoreError) {
        _ = try current(at: resolvedTarget(), expectedRevision: expectedRevision, force: force)
    }

    /// The revision stored at `target` now and the file's mode, when a save expecting
    /// `expectedRevision` may replace it; else the error that save reports.
    private func current(at target: String, expectedRevision: Int, force: Bool)
        throws(StoreError) -> (revision: Int, mode: UInt32)
    {
        var revision = 0
        var mode: UInt32 = 0o600
        do {
            if let current = try read(at: target) {
                revision = current.stored.revision
                mode = current.mode
            }
        } catch {
            // A store that became unreadable or newer is never overwritten; a corrupt one
            // only with `force`.
            if !(force && error.kind == .corrupt) { throw error }
            revision = expectedRevision
            if let info = try? fileSystem.lstatIfPresent(target) { mode = info.permissions }
        }
        if !force && revision != expectedRevision {
            throw conflict(current: revision, expected: expectedRevision)
        }
        return (revision, mode)
    }

    // MARK: Reading

    /// Reads and checks the store at `file` (the store's path or the file it links to);
    /// nil when there is none. Errors name `path`, the store as the user knows it.
    private func read(at file: String) throws(StoreError) -> (stored: StoredProfile, mode: UInt32)?
    {
        let fs = fileSystem
        let fd: Int32
        do {
            // Non-blocking, so that a FIFO at the path cannot hang the open.
            fd = try fs.openForReading(file, nonBlocking: true)
        } catch {
            if error.isMissing { return nil }
            throw failure(.unreadable, "cannot be read: \(error.reason)")
        }
        defer { fs.closeQuietly(fd) }

        let bytes: [UInt8]
        let info: FileInfo
        do {
            info = try fs.fstat(fd, path: file)
            switch info.kind {
            case .regular: break
            case .directory: throw failure(.unreadable, "cannot be read: it is a folder")
            default: throw failure(.unreadable, "cannot be read: it is not a regular file")
            }
            if info.size > Self.maxFileSize {
                throw failure(
                    .corrupt, "is corrupt: it is larger than 1 MiB (\(info.size) bytes)")
            }
            bytes = try fs.read(fd, path: file, limit: Self.maxFileSize + 1)
        } catch let error as SystemCallError {
            throw failure(.unreadable, "cannot be read: \(error.reason)")
        } catch let error as StoreError {
            throw error
        } catch {
            throw failure(.unreadable, "cannot be read: \(error)")
        }
        if bytes.count > Self.maxFileSize {
            throw failure(.corrupt, "is corrupt: it is larger than 1 MiB")
        }
        if bytes.isEmpty { throw failure(.corrupt, "is corrupt: it is empty") }

        do {
            return (try StoreCodec.decode(bytes), info.permissions)
        } catch {
            switch error {
            case .corrupt(let why):
                throw failure(.corrupt, "is corrupt: \(why)")
            case .newerFormat(let format):
                throw failure(
                    .newerFormat,
                    "was written by a newer lprof (format \(format); this one reads format "
                        + "\(StoreCodec.currentFormat)); it is left untouched")
            }
        }
    }

    /// The file to replace: the store itself, or the file it links to, so that a symbolic
    /// link (a dotfile manager's, say) is kept rather than replaced by a plain file.
    private func resolvedTarget() -> String {
        guard let info = try? fileSystem.lstatIfPresent(path), info.kind == .symbolicLink,
            let resolved = fileSystem.resolve(path)
        else { return path }
        return resolved
    }

    // MARK: Errors

    private func failure(_ kind: StoreError.Kind, _ text: String) -> StoreError {
        StoreError(kind, path: path, message: "store '\(path)' \(text)")
    }

    private func writeFailed(_ error: SystemCallError) -> StoreError {
        failure(
            .writeFailed,
            "could not be written: \(error.reason) (\(error.call) '\(error.path)'); "
                + "the stored profile is unchanged")
    }

    private func conflict(current: Int, expected: Int) -> StoreError {
        let what: String
        if current == 0 {
            what = "was removed since this session read revision \(expected)"
        } else if expected == 0 {
            what = "was created by another session (revision \(current)) since this one started"
        } else {
            what =
                "was changed: another session committed revision \(current) "
                + "since this one read revision \(expected)"
        }
        return failure(.conflict, what)
    }
}
