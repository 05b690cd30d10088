import Glibc

/// Replaces a file atomically: a temporary file in the same folder, written in full,
/// flushed, renamed over the target, then the folder flushed. A crash at any moment leaves
/// the old file or the new one, never a torn one; the temporary file is removed on every
/// error path.
enum AtomicFile {
    /// Writes `bytes` to `path` with permission `mode`.
    static func replace(
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
}
