import Foundation
import LprofLanguage
import LprofModel
import LprofText
import Testing

@testable import LprofShell
@testable import LprofStore
@testable import LprofSystem

/// The fixed "today" of interpreter and runner tests.
let interpToday = CalendarDay(year: 2026, month: 11, day: 30)!

/// A store double: records every commit that is not a dry run, and throws what it is told to.
final class InterpRecordingStorage: ProfileStorage {
    var saves: [(profile: Profile, expectedRevision: Int, force: Bool)] = []
    /// Every commit asked for, dry runs included.
    var commits: [(commit: StoreCommit, dryRun: Bool)] = []
    /// Thrown by the next commits unless `force` (a conflict) — or always, for other kinds.
    var failure: StoreError.Kind?
    var revision = 0

    var location: String { "test-store" }
    var isShared: Bool { true }

    func load() throws(StoreError) -> StoredProfile? { nil }

    func commit(_ commit: StoreCommit, dryRun: Bool) throws(StoreError) -> StoreCommitResult {
        commits.append((commit, dryRun))
        if !dryRun { saves.append((commit.ours, commit.base.revision, commit.force)) }
        if let failure, !(failure == .conflict && commit.force) {
            let conflict =
                failure == .conflict
                ? StoreConflict(
                    baseRevision: commit.base.revision, theirRevision: revision + 1,
                    fields: [
                        ProfileMerge.Conflict(
                            field: .season, ours: commit.ours[.season], theirs: .season(.summer))
                    ]) : nil
            throw StoreError(
                kind: failure, message: "'test-store' changed since it was read",
                conflict: conflict)
        }
        if dryRun {
            return StoreCommitResult(
                stored: StoredProfile(profile: commit.ours, revision: revision + 1), merge: nil,
                wrote: false)
        }
        revision += 1
        return StoreCommitResult(
            stored: StoredProfile(profile: commit.ours, revision: revision), merge: nil, wrote: true
        )
    }
}

/// An interpreter and a runner wired to captured output and collected diagnostics.
struct InterpSession {
    let storage: ProfileStorage
    let out: OutputBuffer
    let sink: DiagnosticSink
    let interpreter: Interpreter
    let runner: Runner

    init(
        storage: ProfileStorage = MemoryProfileStorage(), loaded: StoredProfile? = nil,
        edition: Edition = .release, trace: Bool = false, echo: Bool = false,
        keepGoing: Bool = false
    ) {
        self.storage = storage
        out = OutputBuffer(.capture)
        sink = DiagnosticSink(.collect, output: out)
        var settings = Settings()
        settings.trace = trace
        settings.echo = echo
        // As the launcher starts a session: the beta's profile is ProfileHost's @State, and
        // `loaded` is not used.
        interpreter = Interpreter(
            storage: storage, loaded: loaded, settings: settings, out: out, edition: edition,
            clock: { interpToday })
        runner = Runner(interpreter: interpreter, diagnostics: sink)
        runner.keepGoing = keepGoing
    }

    /// Runs text as `-c` does; returns the exit status, as the number the process gives.
    @discardableResult
    func run(_ text: String) -> Int32 { runner.runText(text).rawValue }

    var output: String { out.capturedText }
    var errors: [Diagnostic] { sink.collected.filter { $0.severity == .error } }
    var warnings: [Diagnostic] { sink.collected.filter { $0.severity == .warning } }
    var host: LprofModel.Host { interpreter.host }
    /// Every diagnostic rendered as a script shows it.
    var rendered: String { sink.collected.map { DiagnosticPrinter().render($0) }.joined() }

    /// Runs one command straight through `Interpreter.execute`.
    func execute(_ line: String) throws(CommandFailure) -> Flow {
        try interpreter.execute(interpParse(line))
    }
}

/// Parses one command (line 1) that must be valid.
func interpParse(_ line: String) -> Command {
    let source = SourceLine(line)
    precondition(source.lexError == nil, "\(line) does not lex")
    var commands: [Command] = []
    var errors: [SyntaxError] = []
    Parser.parse(source) { result in
        switch result {
        case .success(let command): commands.append(command)
        case .failure(let error): errors.append(error)
        }
        return true
    }
    precondition(errors.isEmpty && commands.count == 1, "\(line): \(errors)")
    return commands[0]
}

/// A fresh folder under the temporary directory.
struct InterpTempFolder {
    let path: String

    init() {
        let base = ProcessInfo.processInfo.environment["TMPDIR"] ?? "/tmp"
        path = base + "/lprof-interp-" + UUID().uuidString
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func write(_ name: String, _ text: String) {
        let full = path + "/" + name
        let dir = (full as NSString).deletingLastPathComponent
        try! FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try! text.write(toFile: full, atomically: false, encoding: .utf8)
    }

    func remove() { try? FileManager.default.removeItem(atPath: path) }
}
