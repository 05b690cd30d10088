import LprofSystem
import LprofText

/// `record FILE`: the file a session is being written to (SPEC §3), and the replay, as
/// `lprof test FILE` will run it, that keeps what the file claims at its end honest.
final class SessionRecording {
    /// The file as typed, for messages.
    let path: String
    /// The folder a relative `source` in the file is read from: the file's own.
    let folder: String
    /// The file replayed so far, in memory.
    let replay: Runner
    /// The commands written as comments since the replay last stood where the session stood.
    var unreplayed: [String] = []
    /// Whether the user was told that commands are being kept as comments.
    var toldUnreplayed = false
    private let fd: Int32
    private let fileSystem = FileSystem()
    private var open = true

    /// Creates `file`, refusing one there unless `replacing`; `path` is the file as typed.
    init(
        path: String, file: String, replacing: Bool, lines: [String], replay: Runner
    ) throws(CommandFailure) {
        self.path = path
        self.folder = StorePaths.directory(of: file)
        self.replay = replay
        do {
            fd = try fileSystem.create(file, replacing: replacing)
        } catch {
            if (try? fileSystem.statIfPresent(file))?.kind == .directory { throw Self.folder(path) }
            if FileSystem.isAlreadyThere(error) { throw Self.exists(path) }
            throw Self.cannot(path, error.reason)
        }
        // A FIFO or a device is no script: only a regular file is kept.
        if (try? fileSystem.fstat(fd, path: file))?.kind != .regular {
            open = false
            fileSystem.closeQuietly(fd)
            throw Self.cannot(path, "not a regular file")
        }
        try append(lines)
    }

    deinit { if open { fileSystem.closeQuietly(fd) } }

    func append(_ lines: [String]) throws(CommandFailure) {
        guard !lines.isEmpty else { return }
        try writing { () throws(SystemCallError) in
            try fileSystem.writeAll(
                fd, Array((lines.joined(separator: "\n") + "\n").utf8), path: path)
        }
    }

    /// Ends the file with `lines` (the expectations) and closes it.
    func finish(_ lines: [String]) throws(CommandFailure) {
        try append(lines)
        open = false
        try writing { () throws(SystemCallError) in try fileSystem.close(fd, path: path) }
    }

    /// Runs `body`, an error of which means the file was not written whole.
    private func writing(_ body: () throws(SystemCallError) -> Void) throws(CommandFailure) {
        do {
            try body()
        } catch {
            throw CommandFailure(
                "'\(TerminalSafe.escape(path))' was not written whole: \(error.reason)", at: nil)
        }
    }

    /// The failure creating `file` would have, if any, asked without creating it (`expect
    /// error record FILE`).
    static func probe(_ path: String, file: String, replacing: Bool) throws(CommandFailure) {
        let fs = FileSystem()
        let found = try? fs.statIfPresent(file)
        if found?.kind == .directory { throw folder(path) }
        if !replacing, (try? fs.lstatIfPresent(file)) != nil { throw exists(path) }
        if found != nil {
            // --force over a file there: opened for writing, as it is (links followed).
            if !fs.mayWrite(file) { throw cannot(path, "Permission denied") }
            return
        }
        let folder = StorePaths.directory(of: file)
        switch (try? fs.statIfPresent(folder))?.kind {
        case nil: throw cannot(path, "No such file or directory")
        case .directory?:
            if !fs.mayCreateFiles(in: folder) { throw cannot(path, "Permission denied") }
        default: throw cannot(path, "Not a directory")
        }
    }

    /// The error for a FILE that cannot be recorded to, and why.
    private static func cannot(_ path: String, _ reason: String) -> CommandFailure {
        CommandFailure("cannot record to '\(TerminalSafe.escape(path))': \(reason)", at: nil)
    }

    /// The error for a FILE that is there already.
    private static func exists(_ path: String) -> CommandFailure {
        let shown = TerminalSafe.escape(path)
        return CommandFailure(
            "'\(shown)' exists already; 'record --force \(shown)' replaces it", at: nil)
    }

    /// The error for a FILE that is a folder: no `--force` can write there, so a file inside it
    /// is advised.
    private static func folder(_ path: String) -> CommandFailure {
        var inside = path
        while inside.count > 1 && inside.hasSuffix("/") { inside.removeLast() }
        inside += inside.hasSuffix("/") ? "session.lprof" : "/session.lprof"
        return cannot(
            path,
            "it is a folder; give a file's path, such as '\(TerminalSafe.escape(inside))'")
    }

    /// The line that tells where the session went and how to check it.
    var recordedLine: String {
        let shown = TerminalSafe.escape(path)
        return "Recorded to \(shown); check it with 'lprof test "
            + TerminalSafe.escape(SessionScript.shellWord(path)) + "'."
    }
}
