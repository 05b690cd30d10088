import Glibc

extension FileSystem {
    /// Creates `path` for writing (mode 0644): an error when it exists, unless `replacing`,
    /// which empties it first.
    public func create(_ path: String, replacing: Bool) throws(SystemCallError) -> Int32 {
        let flags = O_WRONLY | O_CREAT | O_NOCTTY | (replacing ? O_TRUNC : O_EXCL)
        return try open(path, flags, 0o644)
    }

    /// Whether `error` says the file was there already (`create` without `replacing`).
    public static func isAlreadyThere(_ error: SystemCallError) -> Bool { error.errno == EEXIST }
}
