import LprofSystem

/// Which lessons a learner finished and where they left, kept between sessions in a text
/// file of `NAME completed|skipped` and `stopped NAME` lines, replaced atomically.
public final class LessonProgress {
    public enum Status: String {
        case completed, skipped

        /// How the lessons list, and a lesson's last line, mark a lesson that ended so.
        var mark: String { self == .completed ? "✓" : "↷" }
    }

    /// The file; nil keeps progress in memory only (no home folder).
    let path: String?
    private(set) var statuses: [String: Status] = [:]
    /// The lesson the learner left before its end, where plain `lprof learn` starts again.
    public private(set) var stoppedAt: String?
    /// Why the file could not be written, once, for a warning.
    private(set) var lastError: String?
    /// The system calls used; tests may replace some to inject failures.
    var fileSystem = FileSystem()

    init(path: String?) {
        self.path = path
        load()
    }

    public convenience init(environment: [String: String]) {
        self.init(path: Self.location(environment: environment))
    }

    /// `LPROF_LESSONS` if set (empty: none), else `lprof/lessons` in the XDG state folder.
    static func location(environment: [String: String]) -> String? {
        if let explicit = environment["LPROF_LESSONS"] {
            return explicit.isEmpty ? nil : explicit
        }
        return BaseDirectories(environment: environment).file("lessons", .state)
    }

    /// The largest progress file read (it holds a line per lesson); a larger one is unreadable.
    static let maxFileBytes = 1 << 20

    /// Reads the file, none if not a regular one (a FIFO would hang the open), ignoring lines
    /// unknown so that a newer lprof's file does not stop an older one.
    private func load() {
        guard let path,
            let bytes = try? fileSystem.readRegularFile(path, limit: Self.maxFileBytes)
        else { return }
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
            let words = line.split(separator: " ")
            guard words.count == 2 else { continue }
            if words[0] == "stopped" {
                stoppedAt = String(words[1])
            } else if let status = Status(rawValue: String(words[1])) {
                statuses[String(words[0])] = status
            }
        }
    }

    /// Records a finished lesson (a completed one stays completed) and saves.
    func record(_ id: String, _ status: Status) {
        if stoppedAt == id { stoppedAt = nil }
        if statuses[id] != .completed { statuses[id] = status }
        save()
    }

    /// Records that the learner left lesson `id` before its end, and saves.
    func stop(at id: String) {
        stoppedAt = id
        save()
    }

    /// How the lesson ended last time, if it has been run.
    public func status(of id: String) -> Status? { statuses[id] }

    private func save() {
        guard let path else { return }
        var text = "# lprof lesson progress: NAME completed|skipped, stopped NAME\n"
        for id in statuses.keys.sorted() {
            text += "\(id) \(statuses[id]!.rawValue)\n"
        }
        if let stoppedAt { text += "stopped \(stoppedAt)\n" }
        let fs = fileSystem
        do throws(SystemCallError) {
            try fs.makeDirectories(StorePaths.directory(of: path), mode: 0o700)
            try AtomicFile.replace(path, with: Array(text.utf8), mode: 0o600, fileSystem: fs)
            lastError = nil
        } catch {
            lastError = "\(path): \(error.reason)"
        }
    }
}
