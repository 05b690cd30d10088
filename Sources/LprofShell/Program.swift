import LprofLanguage
import LprofModel
import LprofSystem
import LprofText

/// A script compiled whole (SPEC §6): the bytes it was read as, kept, and its commands in
/// order, each parsed once with its values resolved (`Compiler` builds it, `Runner` runs
/// it). A step is 12 bytes; what a step names lives in the program's tables, and where it
/// was written is found again from the kept bytes only when something must be shown
/// (an error, `--echo`, a recording): the bytes that run are the bytes that were checked.
final class Program {
    /// How a script is read: at most `Limits.scriptBytes`, stopping early where the
    /// compiler would stop anyway.
    static let readLimits = WholeReadLimits(
        maxBytes: Limits.scriptBytes, maxLineBytes: Limits.lineBytes,
        textSampleBytes: TextSniffer.sampleBytes)

    let source: SourceBytes
    /// Its name in diagnostics, and the folder its relative `source` paths start from.
    let info: SourceInfo
    /// The number of the source's first line (a line of piped stdin is a program of its own).
    let firstLineNumber: Int
    /// The last line read, where a warning at the end of the script points.
    var lastLineNumber = 0
    private(set) var steps: [Step] = []
    /// The commands a step does not hold itself, and what `set` writes.
    private var commands: [Command] = []
    private var usernames: [String] = []
    /// Goals as written; a goal written again soon after is kept once (`+1d` a million
    /// times is one entry).
    private var goals: [GoalExpression] = []
    /// The last line start found (`lineNumber(at:)`): steps are located in order, so a
    /// walk from it finds the next line at the cost of the bytes between.
    private var cursor = (offset: 0, line: 0)

    init(source: SourceBytes, info: SourceInfo, firstLineNumber: Int = 1) {
        self.source = source
        self.info = info
        self.firstLineNumber = firstLineNumber
        cursor = (0, firstLineNumber)
    }

    /// One command of a program: what it does, and where its line starts.
    struct Step {
        var operation: Operation
        /// The command's place among its line's `;`-separated commands (0 for the first).
        var ordinal: UInt16
        /// The byte offset in `source` where the command's logical line starts.
        var lineOffset: UInt32
    }

    /// What a step does: a `set`, or any other command (`commands[index]`).
    enum Operation {
        case set(SetOperation)
        case command(UInt32)
    }

    /// A `set`, its value resolved; an index is into the program's tables.
    enum SetOperation {
        /// `usernames[index]`.
        case username(UInt32)
        /// On, off, or nil to toggle.
        case notifications(Bool?)
        case season(Season)
        /// `goals[index]`.
        case goal(UInt32)
    }

    // MARK: - Building

    /// Adds a `set` of `value`, written at `ordinal` in the line that starts at `lineOffset`.
    func append(setting value: consuming SetValue, ordinal: Int, lineOffset: Int) {
        let operation: SetOperation
        switch value {
        case .value(.username(let name)):
            operation = .username(UInt32(usernames.count))
            usernames.append(name)
        case .value(.notifications(let on)):
            operation = .notifications(on)
        case .toggleNotifications:
            operation = .notifications(nil)
        case .value(.season(let season)):
            operation = .season(season)
        case .value(.goal(let day)):
            operation = .goal(goalIndex(.date(day)))
        case .goal(let goal):
            operation = .goal(goalIndex(goal))
        }
        steps.append(
            Step(
                operation: .set(operation), ordinal: UInt16(ordinal),
                lineOffset: UInt32(lineOffset)))
    }

    /// Adds `command`, written at `ordinal` in the line that starts at `lineOffset`.
    func append(_ command: consuming Command, ordinal: Int, lineOffset: Int) {
        steps.append(
            Step(
                operation: .command(UInt32(commands.count)), ordinal: UInt16(ordinal),
                lineOffset: UInt32(lineOffset)))
        commands.append(command)
    }

    /// The index of `goal` in `goals`, added unless one of the last few is equal to it.
    private func goalIndex(_ goal: GoalExpression) -> UInt32 {
        for index in goals.indices.suffix(8).reversed() where goals[index] == goal {
            return UInt32(index)
        }
        goals.append(goal)
        return UInt32(goals.count - 1)
    }

    /// Room for about `count` steps, so that a large script's table is made once.
    func reserve(steps count: Int) { steps.reserveCapacity(count) }

    // MARK: - Reading

    /// What a `set` writes.
    func value(_ operation: SetOperation) -> SetValue {
        switch operation {
        case .username(let index): return .value(.username(usernames[Int(index)]))
        case .notifications(let on?): return .value(.notifications(on))
        case .notifications(nil): return .toggleNotifications
        case .season(let season): return .value(.season(season))
        case .goal(let index): return .goal(goals[Int(index)])
        }
    }

    func command(_ index: UInt32) -> Command { commands[Int(index)] }

    /// A step's command as written: its line lexed again from the kept bytes, and the
    /// command parsed there (with its places and its words), for what must show it.
    func located(_ index: Int) -> LocatedCommand {
        let step = steps[index]
        let offset = Int(step.lineOffset)
        let scanner = LineScanner(
            source: source, lineLimit: Limits.lineBytes, from: offset,
            firstLineNumber: lineNumber(at: offset))
        var line = SourceLine()
        _ = Runner.read(scanner, into: &line)
        var position = 0
        var range = 0..<0
        for _ in 0...Int(step.ordinal) {
            range = Parser.commandRange(in: line, at: &position) ?? range
        }
        // The line compiled without error: it parses again, to the same command.
        let command =
            (try? Parser.command(in: line, range))
            ?? Command(.print([]), at: Span(line: line.lastLineNumber, start: 0, end: 0))
        return LocatedCommand(line: line, command: command)
    }

    /// The number of the line that starts at byte `offset`.
    private func lineNumber(at offset: Int) -> Int {
        if offset < cursor.offset { cursor = (0, firstLineNumber) }
        let line = cursor.line + source.lineEnds(in: cursor.offset..<offset)
        cursor = (offset, line)
        return line
    }
}

/// A command with the line it was written on: what a diagnostic, `--echo` or a recording
/// shows of it.
struct LocatedCommand {
    var line: SourceLine
    var command: Command

    /// The command as written.
    var text: String { line.text(of: command) }
}

extension LocatedCommand {
    /// Where a `set` and its value were written.
    var setPlaces: (command: Span, value: Span) {
        if case .set(_, let value) = command.kind { return (command.span, value.span) }
        return (command.span, command.span)
    }
}
