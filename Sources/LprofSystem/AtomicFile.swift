import Glibc

/// Replaces a file atomically: a temporary file in the same folder, written in full,
/// flushed, renamed over the target, then the folder flushed. A crash at any moment leaves
/// the old file or the new one, never a torn one; the temporary file is removed on every
/// error path, and one left by a killed writer is removed by the next (`removeOrphans`).
public enum AtomicFile {
    /// Writes `bytes` to `path` with permission `mode`.
    public static func replace(
        _ path: String, with bytes: [UInt8], mode: mode_t, fileSystem fs: FileSystem
    ) throws(SystemCallError) {
        let folder = StorePaths.directory(of: path)
        let template = StorePaths.sibling(
            of: path, named: "." + StorePaths.baseName(of: path) + ".XXXXXX")
        let (fd, temporary) = try fs.makeTemporaryFile(template: template)
        var open = true
        do {
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
    /// mid-write (`kill -9`, a power cut). Call only while holding the store's lock: every
    /// writer makes its temporary file under the lock, so any found then is an orphan.
    public static func removeOrphans(of path: String, fileSystem fs: FileSystem) {
        let prefix = "." + StorePaths.baseName(of: path) + "."
        for name in fs.names(in: StorePaths.directory(of: path))
        where name.hasPrefix(prefix) && name.utf8.count == prefix.utf8.count + 6 {
            let candidate = StorePaths.sibling(of: path, named: name)
            guard let info = try? fs.lstatIfPresent(candidate), info.kind == .regular else {
                continue
            }
            try? fs.unlink(candidate)
        }
    }
}
