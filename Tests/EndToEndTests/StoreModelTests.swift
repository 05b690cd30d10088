import Foundation
import Glibc
import Testing

/// Two real lprof processes on one store, driven through pipes with random interleavings
/// of their commands, checked line by line against a model of SPEC §7 written here from
/// the specification (it calls none of lprof's code): each step's outcome (quiet, a state
/// error, a merge and which fields came from where, a conflict and its fields, the end of
/// the process with exit status 3), each session's profile, draft, mode and sheet, and the
/// stored profile, revision and identity after every step. Now and then the store is
/// removed under the sessions, so that a new one is made and met (issue 26). Nothing the
/// model says was committed can go missing: the store must equal the model's after every
/// step.
///
/// Each worker keeps its two processes from one history to the next, bringing them back
/// to where a session starts (`cancel`, `dismiss`, `present`, `reload` of a removed
/// store), and starts a new one after a conflict ends one, or once one has shown half the
/// diagnostics a file may show. A history is made from the seed and its number alone, so
/// `LPROF_MODEL_ONLY` replays it (in new processes).
///
/// `LPROF_MODEL_HISTORIES` (default 1000), `LPROF_MODEL_STEPS` (20), `LPROF_MODEL_SEED`
/// (fixed by default; printed with every failure), `LPROF_MODEL_WORKERS` (histories run
/// side by side, default 2) and `LPROF_MODEL_ONLY` (one history, by number) change the
/// run; `Scripts/store-model` makes a long one.
@Suite("StoreModel")
struct StoreModelTests {
    static let environment = ProcessInfo.processInfo.environment

    static func setting(_ name: String, _ fallback: Int) -> Int {
        environment[name].flatMap { Int($0) } ?? fallback
    }

    /// No time limit: `Scripts/store-model` runs for as long as it is asked to; each step
    /// gives up after 30 seconds without an answer.
    @Test func twoSessionsAgreeWithTheModel() throws {
        let seed = UInt64(Self.environment["LPROF_MODEL_SEED"].flatMap { UInt64($0) } ?? 20_261_130)
        let histories = Self.setting("LPROF_MODEL_HISTORIES", 1000)
        let steps = Self.setting("LPROF_MODEL_STEPS", 20)
        let workers = max(1, Self.setting("LPROF_MODEL_WORKERS", 2))
        let only = Self.environment["LPROF_MODEL_ONLY"].flatMap { Int($0) }
        let indices = only.map { [$0] } ?? Array(0..<histories)

        let started = Date()
        let shared = ModelRunShared()
        DispatchQueue.concurrentPerform(iterations: workers) { n in
            var stats = ModelStats()
            var last = 0
            do {
                let worker = try ModelWorker()
                defer { worker.remove() }
                for (i, index) in indices.enumerated() where i % workers == n {
                    if shared.failed { break }
                    last = index
                    var run = ModelHistory(seed: seed, index: index, steps: steps, worker: worker)
                    if let failure = try run.run(&stats) {
                        shared.fail(failure)
                        break
                    }
                }
                if !shared.failed, let failure = try worker.finish() {
                    shared.fail("LPROF_MODEL_SEED=\(seed) LPROF_MODEL_ONLY=\(last): \(failure)")
                }
            } catch {
                shared.fail("LPROF_MODEL_SEED=\(seed) LPROF_MODEL_ONLY=\(last): \(error)")
            }
            shared.add(stats)
        }
        let seconds = Date().timeIntervalSince(started)
        let s = shared.stats
        print(
            "store model: seed \(seed), \(s.histories) histories of \(steps) steps, \(s.steps) steps "
                + "(\(s.commands) commands, \(s.stateErrors) state errors, \(s.writes) writes), "
                + "\(s.merges) merges (\(s.replacedMerges) with a replaced store, \(s.forced) forced), "
                + "\(s.conflicts) conflicts (\(s.replacedConflicts) with a replaced store, "
                + "\(s.removedConflicts) with a removed one), \(s.removals) stores removed, "
                + "\(s.starts) processes, in \(String(format: "%.1f", seconds)) s")
        if let failure = shared.failure {
            Issue.record(Comment(rawValue: failure))
            return
        }
        #expect(s.histories == indices.count)
        // The values are chosen so that both happen often.
        if only == nil && histories >= 100 {
            #expect(s.merges > s.histories / 2 && s.conflicts > s.histories / 4, "\(s)")
            #expect(s.replacedMerges > 0 && s.replacedConflicts > 0, "\(s)")
        }
    }
}

/// Figures from a run.
struct ModelStats: CustomStringConvertible {
    var histories = 0
    var steps = 0
    var commands = 0
    var stateErrors = 0
    var writes = 0
    var merges = 0
    var replacedMerges = 0
    var forced = 0
    var conflicts = 0
    var replacedConflicts = 0
    var removedConflicts = 0
    var removals = 0
    var starts = 0

    mutating func add(_ o: ModelStats) {
        histories += o.histories
        steps += o.steps
        commands += o.commands
        stateErrors += o.stateErrors
        writes += o.writes
        merges += o.merges
        replacedMerges += o.replacedMerges
        forced += o.forced
        conflicts += o.conflicts
        replacedConflicts += o.replacedConflicts
        removedConflicts += o.removedConflicts
        removals += o.removals
        starts += o.starts
    }

    var description: String {
        "\(histories) histories, \(steps) steps, \(merges) merges, \(conflicts) conflicts"
    }
}

/// What the workers share: the figures and the first failure.
final class ModelRunShared: @unchecked Sendable {
    private let lock = NSLock()
    private var _stats = ModelStats()
    private var _failure: String?

    var failed: Bool { lock.withLock { _failure != nil } }
    var failure: String? { lock.withLock { _failure } }
    var stats: ModelStats { lock.withLock { _stats } }

    func fail(_ text: String) {
        lock.withLock { if _failure == nil { _failure = text } }
    }

    func add(_ stats: ModelStats) {
        lock.withLock { _stats.add(stats) }
    }
}

// MARK: - The model

/// A profile as the model sees it: each field's value as `get` prints it.
struct ModelProfile: Equatable, CustomStringConvertible {
    static let fields = ["username", "notifications", "season", "goal"]
    static let today = "2026-11-30"
    static let standard = ModelProfile(values: ["g_kumar", "on", "winter", today])

    var values: [String]

    subscript(_ field: Int) -> String {
        get { values[field] }
        set { values[field] = newValue }
    }

    /// `get --json` of this profile.
    var json: String {
        #"{"username":"\#(values[0])","prefersNotifications":\#(values[1] == "on"),"#
            + #""seasonalPhoto":"\#(values[2])","goalDate":"\#(values[3])"}"#
    }

    /// A value as lprof quotes it in a store message: usernames as JSON strings.
    static func quoted(_ field: Int, _ value: String) -> String {
        field == 0 ? "\"\(value)\"" : value
    }

    var description: String { values.joined(separator: " ") }
}

/// The store as the model holds it. `key` stands for the identity: a new store gets a new
/// key, and the test checks that the file's identity follows the keys one to one.
struct ModelStore: Equatable {
    var key: Int
    var revision: Int
    var profile: ModelProfile
}

/// One session as SPEC §2 and §7 describe it (the release edition, the profile in
/// ModelData): what it last read or wrote (the merge's base), the draft, edit mode and the
/// sheet.
struct ModelSession {
    var baseKey: Int?
    var baseRevision = 0
    var profile = ModelProfile.standard
    var draft = ModelProfile.standard
    var editing = false
    var presented = true
    /// Fields `set` since edit mode began (pending edits, for the warning at the end).
    var setFields: Set<Int> = []
    /// A command failed at run time: the process ends with status 1 (`--keep-going`).
    var failed = false
    /// How many diagnostics the process has reported: one file (`<stdin>`) shows at most
    /// `shownLimit` (SPEC §6), and holds back the rest.
    var shown = 0
    static let shownLimit = 20

    /// A new session reads the store as it is now; its draft, ProfileHost's @State,
    /// starts as the default profile.
    init(reading store: ModelStore?) {
        if let store {
            baseKey = store.key
            baseRevision = store.revision
            profile = store.profile
        }
    }

    var pendingEdits: Bool { editing && setFields.contains { draft[$0] != profile[$0] } }
}

/// What a step does, as seen from outside.
enum ModelOutcome: Equatable, CustomStringConvertible {
    /// No diagnostics.
    case quiet
    /// One run-time error that is not the store's (a command in the wrong state).
    case stateError
    /// A merge with another session's commit (or another store), told in a note.
    case merged(ModelNote)
    /// A commit refused: both sessions changed a field differently, or the store read was
    /// removed; the process ends with exit status 3.
    case conflict(ModelConflict)

    var description: String {
        switch self {
        case .quiet: return "quiet"
        case .stateError: return "state error"
        case .merged(let n): return "merged(\(n))"
        case .conflict(let c): return "conflict(\(c))"
        }
    }
}

struct ModelNote: Equatable, CustomStringConvertible {
    var replaced: Bool
    var baseRevision: Int
    var theirRevision: Int
    var fromTheirs: [String]
    var fromOurs: [String]
    /// `field over its VALUE`, as --force kept this session's values.
    var overridden: [String]
    /// The revision saved, or nil when the store already held the result.
    var saved: Int?
    var held: Int?

    var description: String {
        "\(replaced ? "replaced" : "changed") r\(baseRevision)→r\(theirRevision) theirs \(fromTheirs) "
            + "ours \(fromOurs) forced \(overridden) saved \(saved.map(String.init) ?? "-") "
            + "held \(held.map(String.init) ?? "-")"
    }
}

struct ModelConflict: Equatable, CustomStringConvertible {
    var removed: Bool
    var replaced: Bool
    var baseRevision: Int
    var theirRevision: Int
    /// `field (yours A, theirs B)`.
    var fields: [String]

    var description: String {
        (removed ? "removed" : replaced ? "replaced" : "changed")
            + " r\(baseRevision)→r\(theirRevision) \(fields)"
    }
}

/// A commit against the model store, by SPEC §7: nothing to commit writes nothing; the
/// store read, unchanged, takes the profile; anything else is a three-way merge with
/// this session's last-read profile as the base.
struct ModelCommit {
    var ours: ModelProfile
    var force: Bool
    /// Fields set whatever their value (`reset` sets them all).
    var touched: Set<Int>

    enum Result {
        case unchanged
        case committed(ModelOutcome, wrote: Bool)
        case conflict(ModelConflict)
    }

    func apply(_ session: inout ModelSession, _ store: inout ModelStore?, _ nextKey: inout Int)
        -> Result
    {
        if ours == session.profile { return .unchanged }
        guard let current = store else {
            if session.baseRevision != 0 && !force {
                return .conflict(
                    ModelConflict(
                        removed: true, replaced: false, baseRevision: session.baseRevision,
                        theirRevision: 0, fields: []))
            }
            nextKey += 1
            store = ModelStore(key: nextKey, revision: 1, profile: ours)
            adopt(store!, &session)
            return .committed(.quiet, wrote: true)
        }
        if current.key == session.baseKey && current.revision == session.baseRevision {
            if current.profile == ours {
                adopt(current, &session)
                return .committed(.quiet, wrote: false)
            }
            store = ModelStore(key: current.key, revision: current.revision + 1, profile: ours)
            adopt(store!, &session)
            return .committed(.quiet, wrote: true)
        }
        // Another session's commit, or another store: merge field by field.
        let replaced = session.baseRevision != 0 && current.key != session.baseKey
        let base = session.profile
        var merged = base
        var fromTheirs: [String] = []
        var fromOurs: [String] = []
        var clashes: [String] = []
        var overridden: [String] = []
        for f in 0..<4 {
            let we = ours[f] != base[f] || touched.contains(f)
            let they = current.profile[f] != base[f]
            let name = ModelProfile.fields[f]
            switch (we, they) {
            case (false, false): break
            case (true, false):
                merged[f] = ours[f]
                fromOurs.append(name)
            case (false, true):
                merged[f] = current.profile[f]
                fromTheirs.append(name)
            case (true, true):
                merged[f] = ours[f]
                if ours[f] != current.profile[f] {
                    clashes.append(
                        "\(name) (yours \(ModelProfile.quoted(f, ours[f])), "
                            + "theirs \(ModelProfile.quoted(f, current.profile[f])))")
                    overridden.append(
                        "\(name) over its \(ModelProfile.quoted(f, current.profile[f]))")
                }
            }
        }
        if !clashes.isEmpty && !force {
            return .conflict(
                ModelConflict(
                    removed: false, replaced: replaced, baseRevision: session.baseRevision,
                    theirRevision: current.revision, fields: clashes))
        }
        var note = ModelNote(
            replaced: replaced, baseRevision: session.baseRevision,
            theirRevision: current.revision, fromTheirs: fromTheirs, fromOurs: fromOurs,
            overridden: force ? overridden : [], saved: nil, held: nil)
        let wrote = merged != current.profile
        if wrote {
            store = ModelStore(key: current.key, revision: current.revision + 1, profile: merged)
            note.saved = current.revision + 1
        } else {
            note.held = current.revision
        }
        adopt(store!, &session)
        let told = replaced || !note.fromTheirs.isEmpty || !note.overridden.isEmpty
        return .committed(told ? .merged(note) : .quiet, wrote: wrote)
    }

    private func adopt(_ stored: ModelStore, _ session: inout ModelSession) {
        session.baseKey = stored.key
        session.baseRevision = stored.revision
        session.profile = stored.profile
    }
}

// MARK: - One history

/// What a worker keeps from one history to the next: its two lprof processes (starting two
/// per history would cost more than the history's steps), the model of each session, and
/// the folder of its store.
final class ModelWorker {
    let folder: String
    var processes: [PipedLprof?] = [nil, nil]
    var sessions = [ModelSession(reading: nil), ModelSession(reading: nil)]
    var marker = 0

    init() throws {
        var template = Array("\(Self.folderBase)/lprof-model-XXXXXX".utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
            throw PipedLprof.Failure.spawn(errno)
        }
        folder = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    var storePath: String { folder + "/profile.json" }

    func remove() {
        processes = [nil, nil]
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Where the stores go: `LPROF_MODEL_DIR`, else /dev/shm where it is a folder (memory:
    /// a commit's fsync costs nothing there; the store's durability has tests of its own),
    /// else the temporary folder.
    static let folderBase: String = {
        let environment = ProcessInfo.processInfo.environment
        if let dir = environment["LPROF_MODEL_DIR"], !dir.isEmpty { return dir }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: "/dev/shm", isDirectory: &isFolder),
            isFolder.boolValue, access("/dev/shm", W_OK) == 0
        {
            return "/dev/shm"
        }
        return FileManager.default.temporaryDirectory.path
    }()

    /// Ends both processes (their stdin closes): each ends with the status of its first
    /// failure (`--keep-going`), and warns of its pending edits if it has any. Nil when
    /// that is what the model says.
    func finish() throws -> String? {
        for who in 0..<2 {
            guard let process = processes[who] else { continue }
            processes[who] = nil
            let end = try process.finish()
            let name = who == 0 ? "A" : "B"
            let expected: Int32 = sessions[who].failed ? 1 : 0
            if end.status != expected {
                return "session \(name) ended with \(end.status), not \(expected): \(end.stderr)"
            }
            if let failure = Self.checkEnd(sessions[who], end.stderr) {
                return "session \(name) at its end: \(failure)"
            }
        }
        return nil
    }

    /// A process's last words, its stdin closed: a warning if its draft has pending
    /// edits (unless past the diagnostics shown), nothing else.
    static func checkEnd(_ session: ModelSession, _ stderr: String) -> String? {
        let warns = session.pendingEdits && session.shown < ModelSession.shownLimit
        if stderr.contains("warning:") != warns {
            return "the model expected " + (warns ? "a warning" : "no warning")
                + ", lprof wrote: \(stderr.debugDescription)"
        }
        return nil
    }
}

/// One random history: a fresh store folder, two sessions, `steps` random steps.
struct ModelHistory {
    static let values: [[String]] = [
        ["kim", "lee", "g_kumar"],
        ["on", "off", "toggle"],
        ["spring", "summer", "winter"],
        ["2027-01-15", "2027-03-01", ModelProfile.today],
    ]

    let seed: UInt64
    let index: Int
    let steps: Int
    let worker: ModelWorker
    var generator: SeededGenerator
    var store: ModelStore?
    var nextKey = 0
    /// The identity each model store's key was found with in the file.
    var identities: [Int: String] = [:]
    var transcript: [String] = []

    init(seed: UInt64, index: Int, steps: Int, worker: ModelWorker) {
        self.seed = seed
        self.index = index
        self.steps = steps
        self.worker = worker
        generator = SeededGenerator(seed: seed &+ UInt64(index) &* 0xD1B5_4A32_D192_ED03)
    }

    var storePath: String { worker.storePath }
    var folder: String { worker.folder }

    var sessions: [ModelSession] {
        get { worker.sessions }
        nonmutating set { worker.sessions = newValue }
    }

    var processes: [PipedLprof?] {
        get { worker.processes }
        nonmutating set { worker.processes = newValue }
    }

    var marker: Int {
        get { worker.marker }
        nonmutating set { worker.marker = newValue }
    }

    /// Runs the history; nil when lprof agreed with the model throughout, else what
    /// went wrong, with the seed and the steps so far.
    mutating func run(_ stats: inout ModelStats) throws -> String? {
        // A new history: nothing stored, and two sessions as they start.
        unlink(storePath)
        for who in 0..<2 {
            if let failure = try renew(who, &stats) { return fail(failure) }
        }
        var who = Int.random(in: 0..<2, using: &generator)
        for step in 0..<steps {
            stats.steps += 1
            if Int.random(in: 0..<1000, using: &generator) < 25 {
                stats.removals += 1
                unlink(storePath)
                store = nil
                transcript.append("\(step): the store is removed")
            } else {
                // Mostly the other session, so that each commits over the other's commits.
                who = Int.random(in: 0..<100, using: &generator) < 70 ? 1 - who : who
                if let failure = try command(who, step, &stats) { return fail(failure) }
            }
            if let failure = checkStore() { return fail(failure) }
        }
        stats.histories += 1
        return nil
    }

    /// Session `who` as a new one starts (presented, not editing, the default draft,
    /// nothing read): a new process, or the worker's process brought there with `cancel`,
    /// `dismiss` and `present` (a new ProfileHost) and `reload` (of nothing stored).
    private mutating func renew(_ who: Int, _ stats: inout ModelStats) throws -> String? {
        // A process that has shown many diagnostics is replaced, so that the next ones
        // are not held back (SPEC §6's limit per file; the model knows it too).
        if let process = processes[who], sessions[who].shown > ModelSession.shownLimit / 2 {
            processes[who] = nil
            let end = try process.finish()
            let expected: Int32 = sessions[who].failed ? 1 : 0
            if end.status != expected {
                return "session \(name(who)) ended with \(end.status), not \(expected)"
            }
            if let failure = ModelWorker.checkEnd(sessions[who], end.stderr) {
                return "session \(name(who)) at its end: \(failure)"
            }
        }
        guard let process = processes[who] else {
            try start(who, at: 0, &stats)
            return nil
        }
        var lines: [String] = []
        if sessions[who].editing { lines.append("cancel") }
        if sessions[who].presented { lines.append("dismiss") }
        lines += ["present", "reload", "get --json draft"]
        marker += 1
        let result = try process.step(lines.joined(separator: "\n"), marker: "MARK-\(marker)")
        let (failed, shown) = (sessions[who].failed, sessions[who].shown)
        sessions[who] = ModelSession(reading: nil)
        (sessions[who].failed, sessions[who].shown) = (failed, shown)
        transcript.append("0: \(name(who)) goes on, renewed: \(lines.joined(separator: "; "))")
        if result.ended || !result.stderr.isEmpty
            || !result.stdout.hasSuffix(ModelProfile.standard.json + "\n")
        {
            return "renewing session \(name(who)) failed: \(result.stdout)\(result.stderr)"
        }
        return nil
    }

    func name(_ who: Int) -> String { who == 0 ? "A" : "B" }

    private func fail(_ text: String) -> String {
        "LPROF_MODEL_SEED=\(seed) LPROF_MODEL_ONLY=\(index): \(text)\nthe history so far:\n"
            + transcript.joined(separator: "\n")
    }

    /// A random command for a session, weighted by its state so that histories mostly
    /// edit and commit, with some commands that the state refuses.
    private mutating func choose(_ session: ModelSession) -> String {
        let roll = Int.random(in: 0..<100, using: &generator)
        func set() -> String {
            let field = Int.random(in: 0..<4, using: &generator)
            // Mostly a value the draft does not hold, so that most edits change something.
            var values = Self.values[field]
            if Int.random(in: 0..<5, using: &generator) > 0 {
                values.removeAll { $0 == session.draft[field] }
            }
            return "set \(ModelProfile.fields[field]) \(values.randomElement(using: &generator)!)"
        }
        if !session.presented {
            switch roll {
            case 0..<75: return "present"
            case 75..<85: return "reload"
            case 85..<89: return "edit on"
            case 89..<93: return set()
            case 93..<96: return "done"
            default: return ["dismiss", "reset", "cancel"].randomElement(using: &generator)!
            }
        }
        if session.editing {
            // An edit mostly sets something before it ends.
            if session.setFields.isEmpty && roll < 85 { return set() }
            switch roll {
            case 0..<45: return set()
            case 45..<75: return "done"
            case 75..<83: return "done --force"
            case 83..<87: return "cancel"
            case 87..<93: return "dismiss"
            case 93..<95: return "edit on"
            case 95..<97: return "reload"
            case 97..<99: return "reset"
            default: return "present"
            }
        }
        switch roll {
        case 0..<80: return "edit on"
        case 80..<84: return "reload"
        case 84..<90: return "reset"
        case 90..<93: return "dismiss"
        case 93..<95: return set()
        case 95..<97: return "done"
        case 97..<99: return "cancel"
        default: return "present"
        }
    }

    /// Predicts `line` for a session: its outcome, and the model's new state.
    private mutating func predict(_ line: String, _ who: Int) -> ModelOutcome {
        var s = sessions[who]
        defer { sessions[who] = s }
        let words = line.split(separator: " ").map(String.init)
        func commit(_ ours: ModelProfile, force: Bool, touched: Set<Int>) -> ModelOutcome {
            switch ModelCommit(ours: ours, force: force, touched: touched).apply(
                &s, &store, &nextKey)
            {
            case .unchanged: return .quiet
            case .committed(let outcome, _): return outcome
            case .conflict(let c): return .conflict(c)
            }
        }
        switch words[0] {
        case "edit":
            guard s.presented else { break }
            if !s.editing {
                s.editing = true
                s.draft = s.profile
                s.setFields = []
            }
            return .quiet
        case "set":
            guard s.presented, s.editing else { break }
            let field = ModelProfile.fields.firstIndex(of: words[1])!
            var value = words[2]
            if value == "toggle" { value = s.draft[field] == "on" ? "off" : "on" }
            s.draft[field] = value
            s.setFields.insert(field)
            return .quiet
        case "done", "dismiss":
            guard s.presented else { break }
            if words[0] == "done" && !s.editing { break }
            var outcome = ModelOutcome.quiet
            if s.editing {
                outcome = commit(s.draft, force: words.count > 1, touched: [])
                if case .conflict = outcome { return outcome }
                s.editing = false
            }
            if words[0] == "dismiss" { s.presented = false }
            return outcome
        case "cancel":
            guard s.presented, s.editing else { break }
            s.editing = false
            s.draft = s.profile
            return .quiet
        case "reload":
            guard !s.editing else { break }
            s.baseKey = store?.key
            s.baseRevision = store?.revision ?? 0
            s.profile = store?.profile ?? .standard
            return .quiet
        case "reset":
            guard s.presented, !s.editing else { break }
            let outcome = commit(.standard, force: false, touched: [0, 1, 2, 3])
            if case .conflict = outcome { return outcome }
            s.draft = .standard
            return outcome
        case "present":
            guard !s.presented else { break }
            s.presented = true
            s.editing = false
            s.draft = .standard
            return .quiet
        default:
            fatalError("no model for \(line)")
        }
        s.failed = true
        return .stateError
    }

    /// Starts session `who`'s process, which reads the store as it is now.
    private mutating func start(_ who: Int, at step: Int, _ stats: inout ModelStats) throws {
        processes[who] = try PipedLprof(
            binary: LprofProcess.binary.path,
            arguments: ["--store", storePath, "--now", ModelProfile.today, "--keep-going"],
            environment: LprofProcess.environment(home: folder + "/home"))
        sessions[who] = ModelSession(reading: store)
        // lprof reads the store as it starts: wait until it has, before anything else runs.
        marker += 1
        let ready = try processes[who]!.step("get mode", marker: "MARK-\(marker)")
        if ready.ended || !ready.stderr.isEmpty { throw PipedLprof.Failure.timedOut(ready.stderr) }
        stats.starts += 1
        transcript.append("\(step): \(name(who)) starts, reading \(describe(store))")
    }

    /// Runs one command in session `who` (starting its process if it has none).
    private mutating func command(_ who: Int, _ step: Int, _ stats: inout ModelStats) throws
        -> String?
    {
        if processes[who] == nil { try start(who, at: step, &stats) }
        let line = choose(sessions[who])
        stats.commands += 1
        let before = sessions[who]
        let storeBefore = store
        let expected = predict(line, who)
        marker += 1
        let result = try processes[who]!.step(
            line + "\nget --json profile\nget --json draft\nget mode\nget sheet",
            marker: "MARK-\(marker)")
        transcript.append(
            "\(step): \(name(who))> \(line)   [model: \(expected); store \(describe(store))]")
        // Past the limit, a diagnostic is held back: the step is quiet.
        var visible = expected
        if expected != .quiet {
            sessions[who].shown += 1
            if sessions[who].shown > ModelSession.shownLimit { visible = .quiet }
        }
        let actual = classify(result.stderr)
        if actual != visible {
            return
                "step \(step), session \(name(who)), '\(line)': the model expected \(visible), "
                + "lprof did \(actual.map(\.description) ?? "something else"):\n\(result.stderr)"
                + "\n(its output: \(result.stdout.debugDescription))"
                + "\n(session before: base r\(before.baseRevision) \(before.profile), draft "
                + "\(before.draft), editing \(before.editing), presented \(before.presented))"
        }
        switch expected {
        case .stateError: stats.stateErrors += 1
        case .merged(let note):
            stats.merges += 1
            if note.replaced { stats.replacedMerges += 1 }
            if !note.overridden.isEmpty { stats.forced += 1 }
        case .conflict(let c):
            stats.conflicts += 1
            if c.replaced { stats.replacedConflicts += 1 }
            if c.removed { stats.removedConflicts += 1 }
        case .quiet: break
        }
        if store != nil && store != storeBefore { stats.writes += 1 }
        if case .conflict = expected {
            // A store error always ends a script: exit status 3, the draft discarded.
            guard result.ended else {
                return "step \(step), session \(name(who)): lprof went on after a conflict"
            }
            let end = try processes[who]!.finish()
            processes[who] = nil
            // With --keep-going the status is the first failure's.
            let status: Int32 = sessions[who].failed ? 1 : 3
            if end.status != status {
                return "step \(step), session \(name(who)): a conflict ended with "
                    + "\(end.status), not \(status)"
            }
            return nil
        }
        if result.ended {
            return "step \(step), session \(name(who)), '\(line)': lprof ended:\n\(result.stderr)"
        }
        // The session's state: the last four lines before the marker.
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
            .dropLast().suffix(4).map(String.init)
        let s = sessions[who]
        let state = [
            s.profile.json, s.draft.json, s.editing ? "active" : "inactive",
            s.presented ? "presented" : "dismissed",
        ]
        if lines != state {
            return
                "step \(step), session \(name(who)), '\(line)': the model's session is\n"
                + state.joined(separator: "\n") + "\nlprof's is\n" + lines.joined(separator: "\n")
        }
        return nil
    }

    /// The store file against the model's store: its profile, revision and identity.
    private mutating func checkStore() -> String? {
        let data = FileManager.default.contents(atPath: storePath)
        guard let expected = store else {
            return data == nil ? nil : "the model has no store, but the file is there"
        }
        guard let data, let file = StoreE2EFile.parse(data), let id = file.id else {
            return "the model's store is \(describe(store)), but the file is "
                + (data.map { String(decoding: $0, as: UTF8.self) } ?? "missing")
        }
        let json = ModelProfile(values: [
            file.username, file.prefersNotifications ? "on" : "off", file.seasonalPhoto,
            file.goalDate,
        ])
        if file.revision != expected.revision || json != expected.profile {
            return "the model's store is \(describe(store)), the file's r\(file.revision) \(json)"
        }
        if let known = identities[expected.key] {
            if known != id { return "the store's identity changed from \(known) to \(id)" }
        } else {
            if identities.values.contains(id) { return "a new store has an old identity \(id)" }
            identities[expected.key] = id
        }
        return nil
    }

    private func describe(_ store: ModelStore?) -> String {
        store.map { "#\($0.key) r\($0.revision) \($0.profile)" } ?? "none"
    }

    /// What lprof's stderr for one step says happened; nil when it is none of the
    /// outcomes the model knows.
    private func classify(_ stderr: String) -> ModelOutcome? {
        if stderr.isEmpty { return .quiet }
        let lines = stderr.split(separator: "\n").map(String.init)
        let errors = lines.filter { $0.contains(": error: ") }
        // A note is located at its command (`<stdin>:L:C: note: …`).
        let notes = lines.compactMap { line in
            line.range(of: "note: ").map { found in line[found.upperBound...] }
        }
        if errors.isEmpty && notes.count == 1 {
            return Self.parseNote(String(notes[0])).map { .merged($0) }
        }
        guard errors.count == 1, notes.isEmpty else { return nil }
        let error = errors[0]
        guard let message = error.range(of: ": error: store '") else { return .stateError }
        return Self.parseConflict(String(error[message.upperBound...])).map { .conflict($0) }
    }

    /// `another session saved revision T since this session read revision B; merged: …`
    static func parseNote(_ text: String) -> ModelNote? {
        let halves = text.components(separatedBy: "; merged: ")
        guard halves.count == 2 else { return nil }
        var note = ModelNote(
            replaced: false, baseRevision: 0, theirRevision: 0, fromTheirs: [], fromOurs: [],
            overridden: [], saved: nil, held: nil)
        let head = halves[0]
        let numbers = head.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        if head.hasPrefix("the store was replaced since this session read revision ") {
            guard numbers.count == 2 else { return nil }
            note.replaced = true
            (note.baseRevision, note.theirRevision) = (numbers[0], numbers[1])
        } else if head.hasPrefix("another session saved revision ") {
            if head.hasSuffix("since this session started") {
                guard numbers.count == 1 else { return nil }
                note.theirRevision = numbers[0]
            } else {
                guard numbers.count == 2 else { return nil }
                (note.theirRevision, note.baseRevision) = (numbers[0], numbers[1])
            }
        } else {
            return nil
        }
        for part in halves[1].components(separatedBy: "; ") {
            if let rest = part.dropping("took its ") {
                note.fromTheirs = list(rest)
            } else if let rest = part.dropping("--force kept this session's ") {
                note.overridden = list(rest)
            } else if let rest = part.dropping("kept this session's ") {
                note.fromOurs = list(rest)
            } else if let rest = part.dropping("saved as revision "), let n = Int(rest) {
                note.saved = n
            } else if let rest = part.dropping("revision "),
                let n = Int(rest.replacingOccurrences(of: " already held the result", with: ""))
            {
                note.held = n
            } else if part != "both sides made the same changes" {
                return nil
            }
        }
        return note
    }

    /// `was changed: another session saved revision T since …, and both changed F (yours
    /// A, theirs B) and …; 'done --force' …`, or `was replaced since … revision B: the
    /// store there now is another one, at revision T, and both changed …`, or `was removed
    /// since this session read revision B; …`.
    static func parseConflict(_ text: String) -> ModelConflict? {
        guard let close = text.range(of: "' was ") else { return nil }
        let rest = String(text[close.upperBound...])
        let numbers = rest.components(separatedBy: "; '")[0]
            .split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        var c = ModelConflict(
            removed: false, replaced: false, baseRevision: 0, theirRevision: 0, fields: [])
        if rest.hasPrefix("removed since this session read revision ") {
            guard numbers.count == 1 else { return nil }
            c.removed = true
            c.baseRevision = numbers[0]
            return c
        }
        guard let both = rest.range(of: ", and both changed ") else { return nil }
        let listed = rest[both.upperBound...].components(separatedBy: "; '")[0]
        // `F (yours A, theirs B)`, joined by ", " and " and ": split at each field name.
        var fields: [String] = []
        var remaining = Substring(listed)
        while !remaining.isEmpty {
            guard let end = remaining.range(of: ")") else { return nil }
            fields.append(String(remaining[..<end.upperBound]))
            remaining = remaining[end.upperBound...]
            for joint in [", ", " and "] where remaining.hasPrefix(joint) {
                remaining = remaining.dropFirst(joint.count)
            }
        }
        c.fields = fields
        let found = numbers
        if rest.hasPrefix("replaced since this session read revision ") {
            c.replaced = true
            guard found.count >= 2 else { return nil }
            (c.baseRevision, c.theirRevision) = (found[0], found[1])
        } else if rest.hasPrefix("changed: another session saved revision ") {
            guard found.count >= 1 else { return nil }
            c.theirRevision = found[0]
            c.baseRevision = rest.contains("since this session started") ? 0 : found[1]
        } else {
            return nil
        }
        return c
    }

    /// `a`, `a and b`, `a, b and c`.
    static func list(_ text: String) -> [String] {
        let parts = text.components(separatedBy: ", ")
        guard let last = parts.last else { return [] }
        return parts.dropLast() + last.components(separatedBy: " and ")
    }
}

extension String {
    fileprivate func dropping(_ prefix: String) -> String? {
        hasPrefix(prefix) ? String(dropFirst(prefix.count)) : nil
    }
}
