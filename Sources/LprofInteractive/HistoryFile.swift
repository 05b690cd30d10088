import LprofSystem

/// The interactive history in memory and in a plain UTF-8 file (not libedit's format, whose
/// loader would wipe it), each entry appended at once under `PATH.lock` so sessions never clash.
public final class HistoryFile {
    /// Entries kept when `LPROF_HISTSIZE` is unset or not a number.
    public static let defaultCapacity = 1000
    /// The largest file read; a larger one (or `/dev/zero`) is left untouched.
    static let maxFileBytes = 64 << 20
    /// How long an append or a trim waits for another session's lock, in seconds.
    static let lockTimeout: Double = 10

    /// The system calls, which tests replace to inject failures.
    var fileSystem = FileSystem()

    /// The file, or nil when history is not kept on disk.
    let path: String?
    public let capacity: Int
    /// The entries, oldest first: the file's as loaded, then this session's.
    public private(set) var entries: [String] = []
    /// Whether entries are written to the file: only after a successful `load`.
    private(set) var isWritable = false
    /// The last error writing the file, for a one-time warning; history goes on in memory.
    public private(set) var lastError: String?

    /// How many lines the file holds, as far as this session knows (others add more).
    private var fileLineCount = 0

    /// Whether a missing folder above the file is made: only the default location's, so that
    /// a typo in `LPROF_HISTORY` never becomes a tree of new folders (as with `--store`).
    let createsFolder: Bool

    /// A history at `path` (nil: in memory only) keeping at most `capacity` entries.
    public init(
        path: String?, capacity: Int = HistoryFile.defaultCapacity, createsFolder: Bool = true
    ) {
        self.path = path
        self.capacity = max(0, capacity)
        self.createsFolder = createsFolder
    }

    /// A history where the environment puts it, with the capacity it asks for.
    public convenience init(environment: [String: String]) {
        self.init(
            path: Self.location(environment: environment),
            capacity: Self.capacity(environment: environment),
            createsFolder: environment["LPROF_HISTORY"] == nil)
    }

    /// `LPROF_HISTORY` if set (empty: none), else the XDG state folder's `lprof/history`.
    public static func location(environment: [String: String]) -> String? {
        if let explicit = environment["LPROF_HISTORY"] {
            return explicit.isEmpty ? nil : explicit
        }
        return BaseDirectories(environment: environment).file("history", .state)
    }

    /// `LPROF_HISTSIZE` as a count of entries (0 keeps none), else the default.
    static func capacity(environment: [String: String]) -> Int {
        guard let text = environment["LPROF_HISTSIZE"], let size = Int(text), size >= 0 else {
            return defaultCapacity
        }
        return min(size, 1_000_000)
    }

    /// Reads the file's newest entries, leaving a file that cannot be read never written.
    @discardableResult
    public func load() -> [String] {
        isWritable = false
        guard let path, capacity > 0 else { return entries }
        let bytes: [UInt8]
        do {
            bytes = try fileSystem.readRegularFile(path, limit: Self.maxFileBytes)
        } catch {
            if error.isMissing {
                isWritable = true
                fileLineCount = 0
            } else if case .notRegular = error {
                lastError = "'\(path)' \(error.reason); it is left untouched"
            } else {
                lastError = "\(path): \(error.reason); it is left untouched"
            }
            return entries
        }
        guard let lines = Self.lines(of: bytes) else {
            lastError = "\(path) is not UTF-8 text; it is left untouched"
            return entries
        }
        fileLineCount = lines.count
        entries = lines.suffix(capacity).map(HistoryLine.decoded)
        isWritable = true
        finish()
        return entries
    }

    /// Trims the file to the capacity if it holds more (left longer by another session, say).
    public func finish() {
        guard isWritable, let path, fileLineCount > capacity else { return }
        trim(path)
    }

    /// Records `line` as `HistoryPolicy` allows, saying whether, for a line editor's own list.
    @discardableResult
    public func record(_ line: String) -> Bool {
        let entry = HistoryPolicy.normalized(line)
        guard capacity > 0, HistoryPolicy.shouldRecord(entry, after: entries.last) else {
            return false
        }
        entries.append(entry)
        if entries.count > capacity { entries.removeFirst(entries.count - capacity) }
        guard isWritable, let path else { return true }
        switch append(HistoryLine.encoded(entry), to: path) {
        case .failed(let problem):
            lastError = "\(path): \(problem)"
        case .alreadyLast:
            lastError = nil
        case .appended:
            fileLineCount += 1
            lastError = nil
            if fileLineCount > capacity + slack { trim(path) }
        }
        return true
    }

    /// How far past the capacity the file may grow, so that trims (rewriting it) are rare.
    private var slack: Int { max(16, capacity / 10) }

    /// The file's non-blank lines, or nil when they are not UTF-8.
    static func lines(of bytes: [UInt8]) -> [Substring]? {
        guard let text = String(validating: bytes, as: UTF8.self) else { return nil }
        return text.split(separator: "\n", omittingEmptySubsequences: true)
    }

    /// What became of a line given to `append`.
    private enum AppendOutcome {
        case appended
        /// The file's last entry is this line already (another session's, say).
        case alreadyLast
        case failed(String)
    }

    /// Appends one line with one `O_APPEND` write under the lock, unless it is the file's last.
    private func append(_ line: String, to path: String) -> AppendOutcome {
        var outcome = AppendOutcome.appended
        let problem = withLock(path) { () -> String? in
            do throws(SystemCallError) {
                let fd: Int32
                do throws(RegularFileError) {
                    // A FIFO swapped in since `load` neither hangs nor takes the line.
                    fd = try fileSystem.openRegularFileForAppending(path, mode: 0o600)
                } catch {
                    return error.reason
                }
                defer { fileSystem.closeQuietly(fd) }
                let wanted = Array(line.utf8)
                // The line and the line feed before it, past a few blank lines.
                let end = try fileSystem.readEnd(fd, path: path, count: wanted.count + 17)
                if Self.lastLine(of: end.bytes, isWholeFile: end.isWholeFile, is: wanted) {
                    outcome = .alreadyLast
                    return nil
                }
                // A hand-edited last line without its line feed gets one first.
                let separator: [UInt8] = end.bytes.last.map { $0 == 0x0A ? [] : [0x0A] } ?? []
                try fileSystem.appendWhole(fd, separator + wanted + [0x0A], path: path)
                return nil
            } catch {
                return error.reason
            }
        }
        return problem.map(AppendOutcome.failed) ?? outcome
    }

    /// Whether the last non-blank line of a file that ends in `tail` is `line`.
    static func lastLine(of tail: [UInt8], isWholeFile: Bool, is line: [UInt8]) -> Bool {
        var end = tail.count
        while end > 0 && tail[end - 1] == 0x0A { end -= 1 }
        let start = end - line.count
        guard start >= 0, tail[start..<end].elementsEqual(line) else { return false }
        return start == 0 ? isWholeFile : tail[start - 1] == 0x0A
    }

    /// Rewrites the file atomically with its newest lines, through a symbolic link as appends go.
    private func trim(_ link: String) {
        let problem = withLock(link) { () -> String? in
            let path = fileSystem.resolve(link) ?? link
            // Left by a trim that was killed: every trim writes under this lock.
            AtomicFile.removeOrphans(of: path, fileSystem: fileSystem)
            let bytes: [UInt8]
            do throws(RegularFileError) {
                bytes = try fileSystem.readRegularFile(path, limit: Self.maxFileBytes)
            } catch {
                return error.reason
            }
            guard let lines = Self.lines(of: bytes) else { return "it is not UTF-8 text" }
            let kept = lines.suffix(capacity)
            let text = kept.joined(separator: "\n") + (kept.isEmpty ? "" : "\n")
            do throws(SystemCallError) {
                try AtomicFile.replace(
                    path, with: Array(text.utf8), mode: 0o600, fileSystem: fileSystem)
            } catch {
                return error.reason
            }
            fileLineCount = kept.count
            return nil
        }
        if let problem { lastError = "\(link): \(problem)" }
    }

    /// Runs `body` holding `PATH.lock` exclusively, returning why it or the lock failed.
    private func withLock(_ path: String, _ body: () -> String?) -> String? {
        let folder = StorePaths.directory(of: path)
        do {
            if createsFolder { try fileSystem.makeDirectories(folder, mode: 0o700) }
        } catch {
            return error.reason
        }
        let lock: FileLock
        do {
            lock = try FileLock.acquire(
                path: path + ".lock", fileSystem: fileSystem, timeout: Self.lockTimeout)
        } catch {
            switch error {
            case .system(let e) where e.isMissing && !createsFolder:
                return "its folder '\(folder)' does not exist, and lprof makes only the default "
                    + "history's folder"
            case .system(let e): return e.reason
            case .timedOut, .interrupted:  // never asked to stop: it waits the timeout out
                return "another session has held its lock file for over "
                    + "\(Int(Self.lockTimeout)) seconds"
            }
        }
        defer { lock.release() }
        return body()
    }
}
