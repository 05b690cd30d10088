import Glibc

/// Replaces a file atomically: a temporary file in the same folder, written in full,
/// flushed, renamed over the target, then the folder flushed. A crash at any moment leaves
/// the old file or the new one, never a torn one; the temporary file is removed on every
/// error path, and one left by a killed writer is removed by the next (`removeOrphans`).
///
/// The temporary file is named `.NAME.lprof-tmp~XXXXXX` (`XXXXXX` from `mkstemp`): a mark
/// no person would choose (SQLite's `etilqs_` prefix is the model), so that cleaning up
/// never takes a file of the user's such as `.profile.json.backup`.
public enum AtomicFile {
    /// What marks a temporary file as lprof's, after `.NAME.`.
    static let mark = "lprof-tmp~"

    /// Writes `bytes` to `path` with permission `mode`, and owned by `owner` when given (the
    /// old file's owner: a commit by root must not take another user's store over). The
    /// owner is set before anything is written, so a file that cannot be given back (EPERM
    /// from `fchown`, for any user but root) is never renamed into place.
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

    /// Removes temporary files that `replace` left for `path` when its process was killed
    /// mid-write (`kill -9`, a power cut). Call only while holding the exclusive lock that
    /// every writer of `path` holds from making its temporary file to renaming or removing
    /// it: the kernel drops a killed writer's lock, so any marked file found then is an
    /// orphan, never one being written. Only regular files carrying the mark are removed.
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

    /// `.NAME.lprof-tmp~`, what every temporary file for `path` starts with.
    static func temporaryPrefix(of path: String) -> String {
        "." + StorePaths.baseName(of: path) + "." + mark
    }

    /// Whether `name` (in `path`'s folder) is one `replace` makes for `path`: the prefix and
    /// six letters or digits, as `mkstemp` fills them in.
    static func isTemporaryName(_ name: String, of path: String) -> Bool {
        let prefix = temporaryPrefix(of: path)
        guard name.hasPrefix(prefix) else { return false }
        let rest = name.utf8.dropFirst(prefix.utf8.count)
        return rest.count == 6
            && rest.allSatisfy {
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
                    || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0)
                    || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0)
            }
    }
}
