import Glibc

/// Replaces a file through a flushed temporary file renamed over it, so a crash never tears it.
public enum AtomicFile {
    /// Marks a temporary file (`.NAME.lprof-tmp~XXXXXX`) with what no person would choose
    /// (SQLite's `etilqs_`), so that cleaning up never takes a file of the user's.
    static let mark = "lprof-tmp~"

    /// Writes `bytes` to `path` with `mode`, given first to `owner` (the old file's: root's
    /// commit must not take a user's store over), so one that cannot be given back is never
    /// renamed into place.
    public static func replace(
        _ path: String, with bytes: [UInt8], mode: mode_t, owner: FileOwner? = nil,
        fileSystem fs: FileSystem
    ) throws(SystemCallError) {
        let folder = StorePaths.directory(of: path)
        let template = StorePaths.sibling(of: path, named: temporaryPrefix(of: path) + "XXXXXX")
        let (fd, temporary) = try fs.makeTemporaryFile(template: template)
        var open = true
        do {
            // Owner first: a change of owner may clear mode bits that fchmod then sets.
            if let owner { try fs.fchown(fd, to: owner, path: temporary) }
            if mode != 0o600 { try fs.fchmod(fd, mode, path: temporary) }
            try fs.writeAll(fd, bytes, path: temporary)
            try fs.fsync(fd, path: temporary)
            open = false
            try fs.close(fd, path: temporary)
            try fs.rename(temporary, path)
        } catch {
            if open { fs.closeQuietly(fd) }
            try? fs.unlink(temporary)
            throw error
        }
        fs.syncDirectory(folder)
    }

    /// Removes the marked regular files a killed `replace` left for `path`; call only under
    /// the lock every writer holds, so that none found can be one being written.
    public static func removeOrphans(of path: String, fileSystem fs: FileSystem) {
        for (name, _) in fs.entries(in: StorePaths.directory(of: path)) ?? []
        where isTemporaryName(name, of: path) {
            let candidate = StorePaths.sibling(of: path, named: name)
            guard let info = try? fs.lstatIfPresent(candidate), info.kind == .regular else {
                continue
            }
            try? fs.unlink(candidate)
        }
    }

    static func temporaryPrefix(of path: String) -> String {
        "." + StorePaths.baseName(of: path) + "." + mark
    }

    /// Whether `name` is the prefix and the six letters or digits `mkstemp` fills in.
    static func isTemporaryName(_ name: String, of path: String) -> Bool {
        let prefix = temporaryPrefix(of: path)
        guard name.hasPrefix(prefix) else { return false }
        let rest = name.utf8.dropFirst(prefix.utf8.count)
        return rest.count == 6 && rest.allSatisfy(\.isASCIILetterOrDigit)
    }
}
