import Glibc

extension FileSystem {
    /// Creates `path` for writing; `O_NONBLOCK` keeps a FIFO there from hanging the open.
    public func create(_ path: String, replacing: Bool) throws(SystemCallError) -> Int32 {
        let flags = O_WRONLY | O_CREAT | O_NOCTTY | O_NONBLOCK | (replacing ? O_TRUNC : O_EXCL)
        return try open(path, flags, 0o644)
    }

    /// Whether `error` says the file was there already.
    public static func isAlreadyThere(_ error: SystemCallError) -> Bool { error.errno == EEXIST }

    /// The current folder, as an absolute path; nil when it cannot be named (removed, say).
    public func currentDirectory() -> String? {
        guard let path = getcwd(nil, 0) else { return nil }
        defer { free(path) }
        return String(cString: path)
    }
}
