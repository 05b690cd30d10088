import Glibc

/// Folder listings from the file system, for completing `source` paths.
public enum FileSystemDirectory {
    /// The entries of `folder` as typed (`""` is the current folder, `~` is `home`).
    @Sendable public static func list(_ folder: String, home: String?) -> [DirectoryEntry]? {
        let path = folder.isEmpty ? "." : HomePath.expand(folder, home: home)
        let fs = FileSystem()
        return fs.entries(in: path)?.map { name, type in
            var isDirectory = type == Int32(DT_DIR)
            if type == Int32(DT_LNK) || type == Int32(DT_UNKNOWN) {
                let full = StorePaths.join(path, name)
                isDirectory = (try? fs.statIfPresent(full))??.kind == .directory
            }
            return DirectoryEntry(name: name, isDirectory: isDirectory)
        }
    }
}

/// One name in a folder, as completion of `source` paths needs it.
public struct DirectoryEntry: Equatable, Sendable {
    public var name: String
    /// A folder (or a link to one): completed with a trailing `/` and no space.
    public var isDirectory: Bool
}
