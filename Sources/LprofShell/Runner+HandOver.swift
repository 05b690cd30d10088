import LprofLanguage
import LprofSystem

/// What the check found of one logical line, handed to the run (`Runner+CheckAhead.swift`):
/// for a line that is one `set` with its value as written, the command parsed, so that the
/// run, which reads the script itself, parses nothing of it. Sixteen bytes a line and no
/// text: every byte the check writes for the run must travel from one processor's cache to
/// the other's, and a hand-over of whole lines (some 150 bytes each) made runs up to three
/// times slower whenever the two processors were far apart.
struct LineVerdict {
    /// The `set`'s field; nil for any other line, which the run lexes and parses itself.
    var field: FieldName?
    /// The line's length in bytes: the run takes the verdict only for a line as long.
    var length: UInt16
    /// Where the command's first word, its value token and the value's text are.
    var headStart: UInt16
    var headEnd: UInt16
    var valueStart: UInt16
    var valueEnd: UInt16
    var textStart: UInt16
    var textEnd: UInt16

    /// A line the run reads whole.
    static let general = LineVerdict(
        field: nil, length: 0, headStart: 0, headEnd: 0, valueStart: 0, valueEnd: 0,
        textStart: 0, textEnd: 0)

    /// True when `physical` is the line judged: as long (the file may have changed since the
    /// check read it, and a verdict must never be applied to another line's bytes).
    func fits(_ physical: PhysicalLine) -> Bool {
        field != nil && !physical.tooLong && physical.bytes.count == Int(length)
    }

    /// The `set` on line `number` (for a verdict with a field).
    func set(onLine number: Int) -> SetCommand {
        SetCommand(
            field: field!,
            value: Span(line: number, start: Int(valueStart), end: Int(valueEnd)),
            head: Span(line: number, start: Int(headStart), end: Int(headEnd)))
    }

    /// The value's text in the line's bytes.
    var text: Range<Int> { Int(textStart)..<Int(textEnd) }
}

// In an extension, so that the type keeps its memberwise initialiser.
extension LineVerdict {
    /// The verdict on a checked `line` whose only command is `set` (if it is one).
    init(_ line: borrowing SourceLine, set: SetCommand?) {
        guard let set, line.physicalLineCount == 1,
            let text = line.plainTextRange(ofTokenAt: set.value)
        else {
            self = .general
            return
        }
        // Every place is within the line, so it fits as well when the length does.
        let length = line.byteCount
        guard length <= Int(UInt16.max) else {
            self = .general
            return
        }
        func place(_ offset: Int) -> UInt16 { UInt16(truncatingIfNeeded: offset) }
        self.init(
            field: set.field, length: place(length),
            headStart: place(set.head.start), headEnd: place(set.head.end),
            valueStart: place(set.value.start), valueEnd: place(set.value.end),
            textStart: place(text.lowerBound), textEnd: place(text.upperBound))
    }
}

/// Verdicts on lines in order, in storage of its own made once, which the two threads take
/// turns with.
final class VerdictBatch {
    /// The most verdicts in one batch.
    static let capacity = 1024
    /// How many batches go round: one being filled, one being run, two waiting.
    static let count = 4

    let verdicts: UnsafeMutablePointer<LineVerdict>
    /// How many the check put in, set as it hands the batch over.
    private(set) var count = 0

    init() {
        precondition(_isPOD(LineVerdict.self), "verdicts are written over, never destroyed")
        verdicts = .allocate(capacity: Self.capacity)
    }

    deinit {
        // A verdict is a plain value: nothing to deinitialise, whichever slots were written.
        verdicts.deallocate()
    }

    /// The check's side: fills a batch from its start, counting on the check's own stack and
    /// not in the batch object, which may share a cache line with what the run writes.
    struct Filling {
        private let batch: VerdictBatch
        private let verdicts: UnsafeMutablePointer<LineVerdict>
        private var count = 0

        init(_ batch: VerdictBatch) {
            self.batch = batch
            verdicts = batch.verdicts
        }

        var isFull: Bool { count == VerdictBatch.capacity }

        mutating func append(_ verdict: LineVerdict) {
            (verdicts + count).initialize(to: verdict)
            count += 1
        }

        /// The batch, holding what was appended: to be delivered.
        func finished() -> VerdictBatch {
            batch.count = count
            return batch
        }
    }
}

/// How the check stopped handing verdicts over; either way the run reads on by itself.
enum HandOverEnding {
    /// At the end of the script, or at a line that failed its check.
    case finished
    /// The run asked it to (it waits for the check).
    case stopped
}

typealias LineHandOver = HandOver<VerdictBatch, HandOverEnding>

extension Runner {
    /// A hand-over with its batches made.
    static func makeLineHandOver() -> LineHandOver {
        LineHandOver((0..<VerdictBatch.count).map { _ in VerdictBatch() })
    }

    /// The check's side: reads, lexes and checks lines and hands a verdict on each to the
    /// run, until the end of the input, a line that fails its check or the run's asking it
    /// to stop. True when there is nothing more to check (the end, or a line too long to
    /// read past); otherwise the check goes on alone from where this stopped. `clean` is
    /// cleared when a line fails.
    static func handOverVerdicts(
        _ scanner: LineScanner, to handOver: LineHandOver, clean: inout Bool,
        reporting report: (SyntaxError, borrowing SourceLine) -> Void
    ) -> Bool {
        var line = SourceLine()
        var set: SetCommand?
        guard let first = handOver.takeFree() else {
            handOver.close(.stopped)
            return false
        }
        var batch = VerdictBatch.Filling(first)
        while true {
            line.removeAll()
            guard read(scanner, into: &line) else {
                handOver.deliver(batch.finished())
                handOver.close(.finished)
                return true
            }
            guard checkLine(line, onlySet: &set, reporting: report) else {
                clean = false
                handOver.deliver(batch.finished())
                handOver.close(.finished)
                return line.tooLong
            }
            if batch.isFull {
                handOver.deliver(batch.finished())
                // Asked for no more: the run reads this line and the rest without verdicts.
                guard let next = handOver.takeFree() else {
                    handOver.close(.stopped)
                    return false
                }
                batch = VerdictBatch.Filling(next)
            }
            batch.append(LineVerdict(line, set: set))
        }
    }

    /// The run's side: reads the script with `scanner` and runs each line, taking a `set`
    /// as the check parsed it where it can. Once the verdicts end, it reads on as a checked
    /// script is run (the check having passed).
    func runHandedOver(
        _ handOver: LineHandOver, reading scanner: LineScanner, _ info: SourceInfo
    ) -> Outcome {
        withSource(info) {
            var line = SourceLine()
            while let batch = handOver.takeDelivered() {
                defer { handOver.giveBack(batch) }
                // Read once: nothing of the batch object is read line after line.
                let verdicts = batch.verdicts
                let count = batch.count
                for index in 0..<count {
                    let outcome: Outcome
                    let verdict = verdicts[index]
                    if verdict.field != nil, setsRunAsHandedOver,
                        let physical = scanner.nextLine()
                    {
                        if verdict.fits(physical) {
                            outcome = runHandedSet(verdict, physical, info, line: &line)
                        } else {
                            line.removeAll()
                            Self.read(scanner, into: &line, startingWith: physical)
                            outcome = runLine(line, info, checked: true)
                        }
                    } else {
                        line.removeAll()
                        guard Self.read(scanner, into: &line) else { break }
                        outcome = runLine(line, info, checked: true)
                    }
                    if outcome != .finished {
                        lastLineNumber = scanner.lineNumber
                        return outcome
                    }
                }
            }
            guard awaitCheck() else {
                lastLineNumber = scanner.lineNumber
                return .stopped
            }
            return runLines(scanner, info, checked: true)
        }
    }

    /// `read(_:into:)` for a line whose first physical line was read already.
    static func read(
        _ scanner: LineScanner, into line: inout SourceLine, startingWith first: PhysicalLine
    ) {
        var physical = first
        while line.appendLine(physical.bytes, number: physical.number, tooLong: physical.tooLong) {
            guard let next = scanner.nextLine() else { return }
            physical = next
        }
    }

    /// True when a `set` the check parsed runs as it is: nothing needs its text as written
    /// (`--echo`, `record`, `lprof learn`), and it runs ahead of the check.
    private var setsRunAsHandedOver: Bool {
        !interpreter.settings.echo && recording == nil && commandObserver == nil
            && interpreter.deedObserver == nil && !flushEachCommand
    }

    /// Runs the `set` on `physical` as the check parsed it, as `runCommand` would; the line
    /// is read into `line` only when a failure or a note must show it.
    private func runHandedSet(
        _ verdict: LineVerdict, _ physical: PhysicalLine, _ info: SourceInfo,
        line: inout SourceLine
    ) -> Outcome {
        if pendingCheck != nil {
            commandsAhead &+= 1
            if commandsAhead & 4095 == 0 && pendingCheck?.isDone == true {
                guard awaitCheck() else { return .stopped }
            }
        }
        if interrupted || checkFailed { return .stopped }
        let interpreter = interpreter
        let set = verdict.set(onLine: physical.number)
        let failure = Result { () throws(CommandFailure) in
            try interpreter.execute(
                set, value: UnsafeBufferPointer(rebasing: physical.bytes[verdict.text]))
        }
        if case .success = failure, interpreter.notes.isEmpty {
            return outputFailed() ? .stopped : .finished
        }
        line.removeAll()
        _ = line.appendLine(physical.bytes, number: physical.number, tooLong: false)
        if case .failure(let error) = failure {
            return failed(set.command, error, in: line, info)
        }
        reportNotes(at: set.head, in: line, info)
        return outputFailed() ? .stopped : .finished
    }
}
