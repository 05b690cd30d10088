import LprofLanguage
import LprofModel
import LprofSystem
import LprofText

/// A script compiled whole (SPEC §6) into steps with a line table, as clox keeps a chunk, so
/// that running, errors, `--echo` and recordings never lex its text again.
final class Program {
    /// At most `Limits.scriptBytes`, stopping early where the compiler would stop anyway.
    static let readLimits = WholeReadLimits(
        maxBytes: Limits.scriptBytes, maxLineBytes: Limits.lineBytes,
        textSampleBytes: TextSniffer.sampleBytes)

    let source: SourceBytes
    /// Its name in diagnostics, and the folder its relative `source` paths start from.
    let info: SourceInfo
    /// 3 past a byte-order mark, else 0.
    var firstLineStart = 0
    /// Where a warning at the end of the script points.
    var lastLineNumber = 0
    private(set) var steps: [Step] = []
    /// The commands a step does not hold itself, with their values read.
    private(set) var entries: [Entry] = []
    /// A value written again soon after is kept once here and in the tables below, so that
    /// `expect season winter` a million times is one entry.
    private var values: [Valued] = []
    /// The texts a step keeps that are not as written: quoted, or words apart by more than a space.
    private var texts: [String] = []
    private var usernames: [String] = []
    private var goals: [GoalExpression] = []
    /// Where each multi-line logical line starts and ends in `source`, and its last line.
    private(set) var continuedLines: [(start: UInt32, end: UInt32, lastLine: UInt32)] = []
    /// The line table: the line every `stepsPerLineMark`th step starts on (`line(of:)`).
    private(set) var lineMarks: [UInt32] = []
    static let stepsPerLineMark = 64
    /// The step whose line was found last, and its line: steps run in order, so the next is near.
    var lastLineFound = (index: -1, line: 0)
    /// The offset whose line start was found last, and that start: any offset between shares it.
    var lineStartFound = (offset: -1, start: 0)

    init(source: SourceBytes, info: SourceInfo) {
        self.source = source
        self.info = info
    }

    /// One command of a program in 16 bytes; its line is in the line table.
    struct Step {
        var operation: Operation
        /// The bytes of the command's first word (a name, quoted at most: a few bytes).
        var headLength: UInt8
        /// The bytes of the command's last word (for `print`, of its text when kept as written).
        var valueLength: UInt16
        /// Where the command starts in `source`, and where its last word ends.
        var start: UInt32
        var end: UInt32
    }

    /// What a step does, its values resolved, so that the common commands need no allocation.
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
        case env(EnvKey?)
        case wiring(WiringPiece)
        case show(ViewTarget?)
        case help
        /// The topic's text (`keptText`).
        case helpTopic(UInt32)
        /// Its words joined by a space (`keptText`).
        case print(UInt32)
        /// `values[index]`.
        case valued(UInt32)
        /// `entries[index]`.
        case entry(UInt32)
    }

    /// A command kept whole, with what its values name (`CommandValues.read`).
    struct Entry {
        var command: Command
        var value: CommandValue?
    }

    /// A command whose one value, its last word, was read when compiled, with its text.
    struct Valued: Equatable {
        var slot: Slot
        var value: CommandValue
        var text: UInt32
    }

    /// The commands a `Valued` is the value of.
    enum Slot: Equatable {
        case expect(Target), env(EnvKey), rewire(WiringPiece), history
    }

    /// A kept text that is its step's last `valueLength` bytes as written, kept nowhere else.
    static let asWritten = UInt32.max

    // MARK: - Building

    /// Room for a step every 8 bytes, so that the table is made once for most scripts: room
    /// never touched costs no memory.
    func reserveSteps() { steps.reserveCapacity(Self.reservedSteps(source.count)) }

    /// The steps a program of `bytes` bytes has room for from the start.
    static func reservedSteps(_ bytes: Int) -> Int { bytes / 8 + 16 }

    /// Adds a `set` of `value`, written at `place`.
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
            operation = .setGoal(Self.index(of: .date(day), in: &goals))
        case .goal(let goal):
            operation = .setGoal(Self.index(of: goal, in: &goals))
        }
        append(place.step(operation), line: place.line)
    }

    /// Adds `command` with what its values name, written at `place`.
    func append(_ command: consuming Command, value: CommandValue?, at place: Place) {
        var place = place
        let operation: Operation
        switch command.kind {
        case .print(let words):
            let text = words.map(\.text).joined(separator: " ")
            operation = .print(keep(text, last: text.utf8.count, at: &place))
        case .help(let topic?):
            operation = .helpTopic(keep(topic.text, last: place.valueLength, at: &place))
        default:
            if let value, let (slot, argument) = Slot.of(command.kind) {
                let text = keep(argument.text, last: place.valueLength, at: &place)
                operation = .valued(
                    Self.index(of: Valued(slot: slot, value: value, text: text), in: &values))
            } else if value == nil, let simple = Operation(command.kind) {
                operation = simple
            } else {
                operation = .entry(UInt32(entries.count))
                entries.append(Entry(command: command, value: value))
            }
        }
        append(place.step(operation), line: place.line)
    }

    /// Keeps `text` as written, the command's `last` bytes, when it is those (the common case);
    /// else in `texts`.
    private func keep(_ text: String, last: Int, at place: inout Place) -> UInt32 {
        let written = UnsafeBufferPointer(rebasing: source.bytes[..<place.end].suffix(last))
        if last == text.utf8.count, last <= UInt16.max, last <= place.end - place.start,
            text.utf8.withContiguousStorageIfAvailable({ kept in
                // A loop of bytes: `elementsEqual` costs as much as the rest of compiling.
                var index = 0
                while index < last && kept[index] == written[index] { index += 1 }
                return index == last
            }) ?? false
        {
            place.valueLength = last
            return Self.asWritten
        }
        return Self.index(of: text, in: &texts)
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

    /// The index of `value` in `table`, added unless one of the last few is equal to it.
    @inline(__always)
    private static func index<Value: Equatable>(of value: Value, in table: inout [Value])
        -> UInt32
    {
        for index in table.indices.suffix(8).reversed() where table[index] == value {
            return UInt32(index)
        }
        table.append(value)
        return UInt32(table.count - 1)
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

    /// Step `index` (not a `set`) made again as a command from its tables, with its places.
    func command(_ index: Int) -> Entry {
        let step = steps[index]
        let kind: CommandKind
        var value: CommandValue? = nil
        switch step.operation {
        case .entry(let entry):
            return entries[Int(entry)]
        case .print(let text):
            kind = .print([Argument(keptText(text, of: index), at: valueSpan(index))])
        case .helpTopic(let text):
            kind = .help(topic: Argument(keptText(text, of: index), at: valueSpan(index)))
        case .valued(let kept):
            let valued = values[Int(kept)]
            value = valued.value
            kind = valued.slot.kind(
                Argument(keptText(valued.text, of: index), at: valueSpan(index)))
        default:
            kind = step.operation.kind
        }
        return Entry(command: Command(kind, at: headSpan(index)), value: value)
    }

    /// The text `text` names for step `index`: its last bytes as written, or one of `texts`.
    private func keptText(_ text: UInt32, of index: Int) -> String {
        guard text == Self.asWritten else { return texts[Int(text)] }
        let step = steps[index]
        let bytes = source.bytes[(Int(step.end) - Int(step.valueLength))..<Int(step.end)]
        return String(decoding: UnsafeBufferPointer(rebasing: bytes), as: UTF8.self)
    }

    /// What the tables hold in bytes, room included: what each compiled command costs.
    var heldBytes: Int {
        func held<Element>(_ table: [Element]) -> Int {
            table.capacity * MemoryLayout<Element>.stride
        }
        // A text longer than 15 bytes is stored apart, with a 32-byte header.
        let apart = (texts + usernames).reduce(0) {
            $0 + ($1.utf8.count > 15 ? 32 + $1.utf8.count : 0)
        }
        return held(steps) + held(lineMarks) + held(entries) + held(values) + held(texts)
            + held(usernames) + held(goals) + held(continuedLines) + apart
    }
}

/// Where a command was written, as the compiler finds it: what a step keeps of it.
struct Place {
    var start: Int
    var end: Int
    var line: Int
    var headLength: Int
    var valueLength = 0

    /// The step of `operation` written here; every figure fits (a script is at most 256 MiB, a line
    /// 64 KiB).
    @inline(__always)
    func step(_ operation: Program.Operation) -> Program.Step {
        Program.Step(
            operation: operation, headLength: UInt8(truncatingIfNeeded: headLength),
            valueLength: UInt16(truncatingIfNeeded: valueLength),
            start: UInt32(truncatingIfNeeded: start), end: UInt32(truncatingIfNeeded: end))
    }
}

extension Program.Operation {
    /// The operation for a command of `kind` that holds no value to read, if a step holds it.
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
        case .show(let view, _): self = .show(view)
        case .help(nil): self = .help
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
        case .show(let view): return .show(view, nil)
        case .help: return .help(topic: nil)
        case .setUsername, .setNotifications, .setSeason, .setGoal, .helpTopic, .print, .valued,
            .entry:
            preconditionFailure("a set or a command with values is not made again here")
        }
    }
}

extension Program.Slot {
    /// What `kind`, a command with a value read, reads it for, and the value as written.
    static func of(_ kind: CommandKind) -> (Self, Argument)? {
        switch kind {
        case .expect(let target, let value): return (.expect(target), value)
        case .env(let key?, let value?): return (.env(key), value)
        case .rewire(let piece, let value?): return (.rewire(piece), value)
        case .history(let count?): return (.history, count)
        default: return nil
        }
    }

    /// The command of this slot with `value`.
    func kind(_ value: Argument) -> CommandKind {
        switch self {
        case .expect(let target): return .expect(target, value)
        case .env(let key): return .env(key, value)
        case .rewire(let piece): return .rewire(piece, value)
        case .history: return .history(value)
        }
    }
}
