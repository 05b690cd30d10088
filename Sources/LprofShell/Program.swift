import LprofLanguage
import LprofModel
import LprofSystem
import LprofText

/// A script compiled whole (SPEC §6), as clox keeps a chunk: the bytes it was read as, and
/// its commands in order, each lowered once to a step with its values resolved and where it
/// was written (its line and byte range, the line table). `Compiler` builds it, `Runner`
/// runs it: running reads no text, and showing a step (an error, `--echo`, a recording)
/// reads its place in the kept bytes (Program+Places.swift), never lexing them again.
final class Program {
    /// How a script is read: at most `Limits.scriptBytes`, stopping early where the
    /// compiler would stop anyway.
    static let readLimits = WholeReadLimits(
        maxBytes: Limits.scriptBytes, maxLineBytes: Limits.lineBytes,
        textSampleBytes: TextSniffer.sampleBytes)

    let source: SourceBytes
    /// Its name in diagnostics, and the folder its relative `source` paths start from.
    let info: SourceInfo
    /// Where the first line's text starts in `source`: 3 past a byte-order mark, else 0.
    var firstLineStart = 0
    /// The last line read, where a warning at the end of the script points.
    var lastLineNumber = 0
    private(set) var steps: [Step] = []
    /// The commands a step does not hold itself, with their values read.
    private(set) var entries: [Entry] = []
    private var usernames: [String] = []
    /// Goals as written; a goal written again soon after is kept once (`+1d` a million
    /// times is one entry).
    private var goals: [GoalExpression] = []
    /// The logical lines that go on over more than one physical line: where each starts
    /// and ends in `source`, and its last line's number (the rest end where they start).
    private(set) var continuedLines: [(start: UInt32, end: UInt32, lastLine: UInt32)] = []
    /// The line table: the number of the line that every `stepsPerLineMark`th step starts
    /// on (a step's own is counted from there, `line(of:)`).
    private(set) var lineMarks: [UInt32] = []
    static let stepsPerLineMark = 64

    init(source: SourceBytes, info: SourceInfo) {
        self.source = source
        self.info = info
    }

    /// One command of a program: what it does, and where it was written (its line is in the
    /// line table, `line(of:)`). 16 bytes.
    struct Step {
        var operation: Operation
        /// The bytes of the command's first word (a name, quoted at most: a few bytes).
        var headLength: UInt8
        /// For a `set`, the bytes of its value, the command's last word; else 0.
        var valueLength: UInt16
        /// Where the command starts in `source`, and where its last word ends.
        var start: UInt32
        var end: UInt32
    }

    /// What a step does, its values resolved: `set` and the commands without values in the
    /// step itself, any other as `entries[index]`.
    enum Operation {
        /// `usernames[index]`.
        case setUsername(UInt32)
        /// On, off, or nil to toggle.
        case setNotifications(Bool?)
        case setSeason(Season)
        /// `goals[index]`.
        case setGoal(UInt32)
        case get(Target)
        case getJSON(Scope?)
        case edit(Switch)
        case trace(Switch)
        case done(force: Bool)
        case reset(force: Bool)
        case dismiss(force: Bool)
        case cancel, present, reload, quit, recordOff
        /// `env` or `env KEY`: a reading.
        case env(EnvKey?)
        /// `env wiring PIECE`: a reading.
        case wiring(WiringPiece)
        /// `entries[index]`.
        case entry(UInt32)
    }

    /// A command kept whole, with what its values name (`CommandValues.read`).
    struct Entry {
        var command: Command
        var value: CommandValue?
    }

    // MARK: - Building

    /// Room for a step every 8 bytes (`get mode`, `done` and `cancel` lines among longer
    /// ones), so that the table is made once for most scripts: room never touched costs
    /// no memory.
    func reserveSteps() { steps.reserveCapacity(Self.reservedSteps(source.count)) }

    /// The steps a program of `bytes` bytes has room for from the start.
    static func reservedSteps(_ bytes: Int) -> Int { bytes / 8 + 16 }

    /// Adds a `set` of `value`, whose command and value were written at `place`.
    func append(setting value: consuming SetValue, at place: Place) {
        let operation: Operation
        switch value {
        case .value(.username(let name)):
            operation = .setUsername(UInt32(usernames.count))
            usernames.append(name)
        case .value(.notifications(let on)):
            operation = .setNotifications(on)
        case .toggleNotifications:
            operation = .setNotifications(nil)
        case .value(.season(let season)):
            operation = .setSeason(season)
        case .value(.goal(let day)):
            operation = .setGoal(goalIndex(.date(day)))
        case .goal(let goal):
            operation = .setGoal(goalIndex(goal))
        }
        append(place.step(operation), line: place.line)
    }

    /// Adds `command` with `value`, what its values name, written at `place`.
    func append(_ command: consuming Command, value: CommandValue?, at place: Place) {
        if value == nil, let operation = Operation(command.kind) {
            append(place.step(operation), line: place.line)
            return
        }
        append(place.step(.entry(UInt32(entries.count))), line: place.line)
        entries.append(Entry(command: command, value: value))
    }

    /// Adds `step`, which starts on line `line`.
    @inline(__always)
    private func append(_ step: Step, line: Int) {
        if steps.count % Self.stepsPerLineMark == 0 { lineMarks.append(UInt32(line)) }
        steps.append(step)
    }

    /// Notes that the logical line at `start..<end` in `source` goes on to line `lastLine`.
    func noteContinuedLine(_ start: Int, _ end: Int, lastLine: Int) {
        continuedLines.append((UInt32(start), UInt32(end), UInt32(lastLine)))
    }

    /// The index of `goal` in `goals`, added unless one of the last few is equal to it.
    private func goalIndex(_ goal: GoalExpression) -> UInt32 {
        for index in goals.indices.suffix(8).reversed() where goals[index] == goal {
            return UInt32(index)
        }
        goals.append(goal)
        return UInt32(goals.count - 1)
    }

    // MARK: - Reading

    /// What step `index` writes, when it is a `set`.
    @inline(__always)
    func setValue(_ index: Int) -> SetValue? {
        switch steps[index].operation {
        case .setUsername(let name): return .value(.username(usernames[Int(name)]))
        case .setNotifications(let on?): return .value(.notifications(on))
        case .setNotifications(nil): return .toggleNotifications
        case .setSeason(let season): return .value(.season(season))
        case .setGoal(let goal): return .goal(goals[Int(goal)])
        default: return nil
        }
    }

    /// Step `index` as the interpreter runs it (not a `set`): the command, made again
    /// from the step with its first word's place, or kept whole, and its values read.
    func command(_ index: Int) -> Entry {
        let step = steps[index]
        if case .entry(let entry) = step.operation { return entries[Int(entry)] }
        return Entry(command: Command(step.operation.kind, at: headSpan(index)), value: nil)
    }
}

/// Where a command was written, as the compiler finds it: what a step keeps of it.
struct Place {
    var start: Int
    var end: Int
    var line: Int
    var headLength: Int
    var valueLength = 0

    /// The step of `operation` written here. Every figure fits: a script is at most 256 MiB,
    /// a line 64 KiB, and a command's name a few bytes.
    @inline(__always)
    func step(_ operation: Program.Operation) -> Program.Step {
        Program.Step(
            operation: operation, headLength: UInt8(truncatingIfNeeded: headLength),
            valueLength: UInt16(truncatingIfNeeded: valueLength),
            start: UInt32(truncatingIfNeeded: start), end: UInt32(truncatingIfNeeded: end))
    }
}

extension Program.Operation {
    /// The operation for a command of `kind` that holds no value to read, if it is one a
    /// step holds itself.
    init?(_ kind: CommandKind) {
        switch kind {
        case .get(let target): self = .get(target)
        case .getJSON(let scope): self = .getJSON(scope)
        case .edit(let request): self = .edit(request)
        case .trace(let request): self = .trace(request)
        case .done(let force): self = .done(force: force)
        case .reset(let force): self = .reset(force: force)
        case .dismiss(let force): self = .dismiss(force: force)
        case .cancel: self = .cancel
        case .present: self = .present
        case .reload: self = .reload
        case .quit: self = .quit
        case .recordOff: self = .recordOff
        case .env(let key, nil): self = .env(key)
        case .rewire(let piece, nil): self = .wiring(piece)
        default: return nil
        }
    }

    /// The command this operation runs as (`set` and entries are never asked).
    var kind: CommandKind {
        switch self {
        case .get(let target): return .get(target)
        case .getJSON(let scope): return .getJSON(scope)
        case .edit(let request): return .edit(request)
        case .trace(let request): return .trace(request)
        case .done(let force): return .done(force: force)
        case .reset(let force): return .reset(force: force)
        case .dismiss(let force): return .dismiss(force: force)
        case .cancel: return .cancel
        case .present: return .present
        case .reload: return .reload
        case .quit: return .quit
        case .recordOff: return .recordOff
        case .env(let key): return .env(key, nil)
        case .wiring(let piece): return .rewire(piece, nil)
        case .setUsername, .setNotifications, .setSeason, .setGoal, .entry:
            preconditionFailure("a set or an entry is not made again")
        }
    }
}
