import Glibc

/// Folder listings from the file system, for completing `source` paths.
public enum FileSystemDirectory {
    /// The entries of `folder` as typed (`""` is the current folder, `~` is `home`); nil
    /// when it cannot be opened. Names that are not valid UTF-8 are left out: they could not
    /// be typed back.
    @Sendable public static func list(_ folder: String, home: String?) -> [DirectoryEntry]? {
        let path = folder.isEmpty ? "." : HomePath.expand(folder, home: home)
        guard let directory = opendir(path) else { return nil }
        defer { closedir(directory) }
        var entries: [DirectoryEntry] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(validating: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            guard let name else { continue }
            let type = Int32(entry.pointee.d_type)
            var isDirectory = type == Int32(DT_DIR)
            if type == Int32(DT_LNK) || type == Int32(DT_UNKNOWN) {
                let full = StorePaths.join(path, name)
                isDirectory = (try? FileSystem().statIfPresent(full))??.kind == .directory
            }
            entries.append(DirectoryEntry(name: name, isDirectory: isDirectory))
        }
        return entries
    }
}

/// One name in a folder, as completion of `source` paths needs it.
public struct DirectoryEntry: Equatable, Sendable {
    public var name: String
    /// A folder (or a link to one): completed with a trailing `/` and no space.
    public var isDirectory: Bool
}
