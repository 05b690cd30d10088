import Glibc

/// An advisory lock (`flock`) on a lock file beside the file it guards: exclusive (the store,
/// history appends and trims) or shared. The kernel drops it when the holder exits or is
/// killed, so a crash never blocks the next session.
public struct FileLock {
    let fd: Int32
    let path: String
    let fileSystem: FileSystem

    public enum Failure: Error {
        case system(SystemCallError)
        /// Another process held the lock for the whole wait.
        case timedOut
        /// `interrupted` said the user asked to stop waiting (Ctrl-C at the prompt).
        case interrupted
    }

    /// Opens (creating, mode 0600) `path` and waits up to `timeout` seconds for the lock:
    /// exclusive, or `shared` with other shared holders. A symbolic link at `path` is never
    /// followed (`O_NOFOLLOW`: it fails with `ELOOP`, see `isSymbolicLink`): a link planted
    /// there would make the open create a file wherever it points, as whoever runs lprof.
    ///
    /// A lock file this call creates is given to `owner` when one is named (best effort): the
    /// store's owner, so that root's commit does not leave a lock file the store's own user
    /// cannot open.
    public static func acquire(
        path: String, fileSystem: FileSystem, timeout: Double, shared: Bool = false,
        owner: FileOwner? = nil, interrupted: (() -> Bool)? = nil
    ) throws(Failure) -> FileLock {
        let fd: Int32
        do {
            fd = try openLockFile(path, fileSystem: fileSystem, owner: owner)
        } catch {
            throw .system(error)
        }
        let deadline = fileSystem.now() + timeout
        var pause = 5
        while true {
            do {
                if try fileSystem.tryLock(fd, shared: shared, path: path) {
                    return FileLock(fd: fd, path: path, fileSystem: fileSystem)
                }
            } catch {
                fileSystem.closeQuietly(fd)
                throw .system(error)
            }
            if fileSystem.now() >= deadline {
                fileSystem.closeQuietly(fd)
                throw .timedOut
            }
            if interrupted?() == true {
                fileSystem.closeQuietly(fd)
                throw .interrupted
            }
            fileSystem.sleep(milliseconds: pause)
            pause = min(pause * 2, 50)
        }
    }

    /// Opens the lock file at `path` for reading and writing, creating it (mode 0600) if it
    /// is missing; one it creates is given to `owner` if named. Never through a link.
    private static func openLockFile(_ path: String, fileSystem fs: FileSystem, owner: FileOwner?)
        throws(SystemCallError) -> Int32
    {
        let flags = O_RDWR | O_NOCTTY | O_NOFOLLOW
        guard let owner else { return try fs.open(path, flags | O_CREAT, 0o600) }
        while true {
            do {
                return try fs.open(path, flags)
            } catch {
                if !error.isMissing { throw error }
            }
            do {
                let fd = try fs.open(path, flags | O_CREAT | O_EXCL, 0o600)
                try? fs.fchown(fd, to: owner, path: path)
                return fd
            } catch {
                // Another process created it in between: open that one.
                if !FileSystem.isAlreadyThere(error) { throw error }
            }
        }
    }

    /// The exclusive lock on the lock file already at `path`, if it can be had at once; nil
    /// when there is none, it cannot be opened, or another process holds a lock on it. For
    /// cleaning up after a killed writer without waiting and without creating anything (a
    /// session that only reads): never creates the file, never follows a link there.
    public static func tryExclusive(path: String, fileSystem: FileSystem) -> FileLock? {
        guard
            let fd = try? fileSystem.open(
                path, O_RDONLY | O_NOCTTY | O_NOFOLLOW | O_NONBLOCK)
        else { return nil }
        guard (try? fileSystem.tryLock(fd, shared: false, path: path)) == true else {
            fileSystem.closeQuietly(fd)
            return nil
        }
        return FileLock(fd: fd, path: path, fileSystem: fileSystem)
    }

    /// Whether `error` (from `acquire`) says a symbolic link is at the lock's path.
    public static func isSymbolicLink(_ error: SystemCallError) -> Bool {
        error.call == "open" && error.errno == ELOOP
    }

    /// Releases the lock by closing the descriptor. The lock file stays: removing it would
    /// let two processes lock two different files under the same name.
    public func release() {
        fileSystem.unlock(fd)
        fileSystem.closeQuietly(fd)
    }
}
