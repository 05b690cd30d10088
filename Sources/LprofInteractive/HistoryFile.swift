import LprofSystem

/// The interactive history, kept in memory and in a plain UTF-8 file, one entry a line.
///
/// Not libedit's `_HiStOrY_V2_` format: libedit's loader rejects a file without its header
/// and a later save would wipe it. Here each entry is appended as it is entered, with one
/// `O_APPEND` write, so a crash loses nothing and two sessions at once both keep their
/// lines. A file that cannot be read (no permission, a folder, not UTF-8) is left untouched
/// and never written; so is a FIFO, a device or a folder at the path, found without ever
/// waiting on it. When the file grows past the capacity by a slack, and when a session
/// loads or finishes it, it is trimmed to the newest entries atomically (`AtomicFile`). A
/// lock file beside it (`PATH.lock`, a `FileLock`, held exclusively) keeps appends and
/// trims apart, so no append lands in a file that a trim is replacing, and an append's
/// look at the file's last line and its write are one step: a line equal to the file's
/// last entry, which another session may just have appended, is not appended again.
///
/// Each line of the file is one entry as typed (`HistoryPolicy.normalized` puts a continued
/// line on one line), with any control character escaped (`HistoryLine`).
public final class HistoryFile {
    /// Entries kept when `LPROF_HISTSIZE` is unset or not a number.
    public static let defaultCapacity = 1000
    /// The largest file read; a larger one (or `/dev/zero` at the path) is left untouched.
    static let maxFileBytes = 64 << 20
    /// How long an append or a trim waits for another session's lock, in seconds.
    static let lockTimeout: Double = 10

    /// The system calls used; tests may replace some to inject failures.
    var fileSystem = FileSystem()

    /// The file, or nil when history is not kept on disk.
    let path: String?
    /// The most entries kept, in memory and (after a trim) in the file.
    public let capacity: Int
    /// The entries, oldest first: the file's as loaded, then this session's.
    public private(set) var entries: [String] = []
    /// Whether entries are written to the file: only after a successful `load`.
    private(set) var isWritable = false
    /// The last error writing the file, for a one-time warning; history goes on in memory.
    public private(set) var lastError: String?

    /// How many lines the file holds, as far as this session knows (others add more).
    private var fileLineCount = 0

    /// A history at `path` (nil: in memory only) keeping at most `capacity` entries.
    public init(path: String?, capacity: Int = HistoryFile.defaultCapacity) {
        self.path = path
        self.capacity = max(0, capacity)
    }

    /// A history where the environment puts it, with the capacity it asks for.
    public convenience init(environment: [String: String]) {
        self.init(
            path: Self.location(environment: environment),
            capacity: Self.capacity(environment: environment))
    }

    /// The history file: `LPROF_HISTORY` if set (empty: none), else
    /// `$XDG_STATE_HOME/lprof/history`, else `$HOME/.local/state/lprof/history`; nil when
    /// none of them applies.
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

    /// Reads the file's entries (the newest `capacity`) into `entries`. A missing file is
    /// an empty history that will be created on the first entry; a file that cannot be
    /// read, or is not UTF-8, leaves history in memory only.
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

    /// Trims the file to the capacity if it holds more (the session's end, or a file
    /// left longer by another session or a larger `LPROF_HISTSIZE`).
    public func finish() {
        guard isWritable, let path, fileLineCount > capacity else { return }
        trim(path)
    }

    /// Records `line` (normalized, without trailing blanks) if `HistoryPolicy` allows it, in
    /// memory and at the end of the file; returns whether it was recorded (so a line editor adds it to its own list too).
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

    /// How far past the capacity the file may grow before it is trimmed, so trims (which
    /// rewrite the file) are rare.
    private var slack: Int { max(16, capacity / 10) }

    /// The file's lines, or nil when they are not UTF-8. A final line feed ends the last
    /// line rather than starting an empty one; blank lines are skipped.
    static func lines(of bytes: [UInt8]) -> [Substring]? {
        guard let text = String(validating: bytes, as: UTF8.self) else { return nil }
        return text.split(separator: "\n", omittingEmptySubsequences: true)
    }

    /// What became of a line given to `append`.
    private enum AppendOutcome {
        case appended
        /// The file's last entry is this line already (another session's, say): kept once.
        case alreadyLast
        case failed(String)
    }

    /// Appends one line (an entry as `HistoryLine` writes it) with a single `O_APPEND`
    /// write, under the lock, unless the file's last line, read now, is that line already
    /// (consecutive duplicates are kept once across sessions too). A last line without its
    /// line feed (a file edited by hand) gets one first, so the entry never runs on from it.
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
                // Enough to see the line and the line feed before it, past a few blank lines.
                let end = try fileSystem.readEnd(fd, path: path, count: wanted.count + 17)
                if Self.lastLine(of: end.bytes, isWholeFile: end.isWholeFile, is: wanted) {
                    outcome = .alreadyLast
                    return nil
                }
                let separator: [UInt8] = end.bytes.last.map { $0 == 0x0A ? [] : [0x0A] } ?? []
                try fileSystem.appendWhole(fd, separator + wanted + [0x0A], path: path)
                return nil
            } catch {
                return error.reason
            }
        }
        return problem.map(AppendOutcome.failed) ?? outcome
    }

    /// Whether the last line of a file that ends in `tail` (the whole file when
    /// `isWholeFile`) is `line`, blank lines after it skipped, as `lines(of:)` skips them.
    static func lastLine(of tail: [UInt8], isWholeFile: Bool, is line: [UInt8]) -> Bool {
        var end = tail.count
        while end > 0 && tail[end - 1] == 0x0A { end -= 1 }
        let start = end - line.count
        guard start >= 0, tail[start..<end].elementsEqual(line) else { return false }
        return start == 0 ? isWholeFile : tail[start - 1] == 0x0A
    }

    /// Rewrites the file with its newest `capacity` lines, atomically, under the
    /// exclusive lock. Gives up (the file keeps growing) if anything fails, noting why. A
    /// symbolic link is kept: the file it names is rewritten, as appends write through it.
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

    /// Runs `body` holding the lock on `PATH.lock` exclusively, creating the folders (0700)
    /// and the lock file (0600) as needed; returns why it failed (`body`'s reason, or the
    /// lock's).
    private func withLock(_ path: String, _ body: () -> String?) -> String? {
        do {
            try fileSystem.makeDirectories(StorePaths.directory(of: path), mode: 0o700)
        } catch {
            return error.reason
        }
        let lock: FileLock
        do {
            lock = try FileLock.acquire(
                path: path + ".lock", fileSystem: fileSystem, timeout: Self.lockTimeout)
        } catch {
            switch error {
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
