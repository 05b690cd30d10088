import Glibc

/// An advisory `flock` beside the file it guards, which the kernel drops when its holder dies.
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

    /// Opens or creates `path` and waits up to `timeout` seconds for the lock, exclusive or
    /// `shared`; a new lock file goes to `owner`, so that root leaves none its user cannot open.
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
        var locked = false
        defer { if !locked { fileSystem.closeQuietly(fd) } }
        let deadline = fileSystem.now() + timeout
        var pause = 5
        while true {
            do {
                locked = try fileSystem.tryLock(fd, shared: shared, path: path)
            } catch {
                throw .system(error)
            }
            if locked { return FileLock(fd: fd, path: path, fileSystem: fileSystem) }
            if fileSystem.now() >= deadline { throw .timedOut }
            if interrupted?() == true { throw .interrupted }
            fileSystem.sleep(milliseconds: pause)
            pause = min(pause * 2, 50)
        }
    }

    /// Opens the lock file, creating it with mode 0600 and giving a new one to `owner`.
    private static func openLockFile(_ path: String, fileSystem fs: FileSystem, owner: FileOwner?)
        throws(SystemCallError) -> Int32
    {
        // O_NOFOLLOW: a planted link would make lprof create a file wherever it points.
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

    /// The exclusive lock on an existing lock file if it can be had at once, for a reading
    /// session's cleanup: it never waits, never creates the file and never follows a link.
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

    /// Releases the lock but keeps the file, lest two processes lock two files of one name.
    public func release() {
        fileSystem.unlock(fd)
        fileSystem.closeQuietly(fd)
    }
}
