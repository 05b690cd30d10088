import LprofLanguage
import LprofSystem

/// Lines the check read and found clean, on their way to the run: each physical line's bytes,
/// back to back, and for a line that is one `set` with its value as written, the command
/// parsed, which the run then takes as it is, reading, lexing and parsing nothing again
/// (`Runner+CheckAhead.swift`). Everything is in two buffers that are refilled batch after
/// batch, read in order by the other thread.
final class LineBatch {
    /// One physical line.
    struct Line {
        var number: Int
        /// Its bytes' place in `bytes`.
        var start: Int
        var end: Int
        /// True when a backslash joins the next line to it.
        var joinsNext: Bool
        /// The line's one command, when it is a `set` whose value's text is its bytes at
        /// `value` (in the line); else nil.
        var set: SetCommand?
        var value: Range<Int>
    }

    /// The most lines in one batch.
    static let lineCapacity = 512
    /// A batch goes over once its lines hold this many bytes, however few they are.
    static let byteCapacity = 32 * 1024
    /// How many batches go round: one being filled, one being run, two waiting.
    static let count = 4

    /// Storage of its own, made once: the two threads take turns with a batch, and its
    /// lines are read with no retain of anything the other thread may be writing.
    let lines: UnsafeMutablePointer<Line>
    /// Room for a whole logical line past `byteCapacity`, so that one always fits.
    let bytes: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var byteCount = 0

    init() {
        precondition(_isPOD(Line.self), "a batch's lines are written over, never destroyed")
        lines = .allocate(capacity: Self.lineCapacity)
        bytes = .allocate(capacity: Self.byteCapacity + Lexer.maxLineBytes)
    }

    deinit {
        // A `Line` is a plain value: nothing to deinitialise, whichever slots were written.
        lines.deallocate()
        bytes.deallocate()
    }

    /// True when `line` fits: all its physical lines, and its bytes (at most a line's
    /// limit, past the capacity) while the capacity is not reached.
    func hasRoom(for line: SourceLine) -> Bool {
        count + line.physicalLineCount <= Self.lineCapacity && byteCount < Self.byteCapacity
    }

    /// Empties the batch for refilling.
    func removeAll() {
        count = 0
        byteCount = 0
    }

    /// Adds a checked logical line, with its `set` when that is its one command.
    func append(_ line: SourceLine, set: SetCommand?) {
        let physicalCount = line.physicalLineCount
        // Taken as parsed only on a line of its own, whose bytes are then the batch's.
        var plainValue: Range<Int>?
        if physicalCount == 1, let set { plainValue = line.plainTextRange(ofTokenAt: set.value) }
        for index in 0..<physicalCount {
            line.withPhysicalLine(at: index) { number, text in
                let start = byteCount
                if let base = text.baseAddress {
                    (bytes + start).update(from: base, count: text.count)
                }
                byteCount += text.count
                (lines + count).initialize(
                    to: Line(
                        number: number, start: start, end: byteCount,
                        joinsNext: index < physicalCount - 1, set: plainValue == nil ? nil : set,
                        value: plainValue ?? 0..<0))
                count += 1
            }
        }
    }

    /// Calls `body` with the bytes of `line`.
    @inline(__always)
    func withBytes<R>(of line: Line, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        body(UnsafeBufferPointer(start: bytes + line.start, count: line.end - line.start))
    }
}

/// How the check stopped handing lines over.
enum HandOverEnding {
    /// It handed over every line, up to the end of the script or to a line that failed
    /// its check; the number of the last line it read.
    case finished(lastLineNumber: Int)
    /// The run asked it to stop (it waits for the check): the run reads the lines from
    /// `position` on itself.
    case resume(LinePosition)
}

typealias LineHandOver = HandOver<LineBatch, HandOverEnding>

extension Runner {
    /// A hand-over with its batches made.
    static func makeLineHandOver() -> LineHandOver {
        LineHandOver((0..<LineBatch.count).map { _ in LineBatch() })
    }

    /// The check's side: reads, lexes and checks lines into batches and hands them over,
    /// until the end of the input, a line that fails its check or the run's asking it to
    /// stop. True when there is nothing more to check (the end, or a line too long to read
    /// past); otherwise the check goes on alone from where this stopped. `clean` is cleared
    /// when a line fails.
    static func handOverLines(
        _ scanner: LineScanner, to handOver: LineHandOver, clean: inout Bool,
        reporting report: (SyntaxError, borrowing SourceLine) -> Void
    ) -> Bool {
        var line = SourceLine()
        var set: SetCommand?
        /// Where the next line starts: the run reads on from there if the hand-over stops.
        func position() -> LinePosition {
            guard let position = scanner.position else {
                preconditionFailure("a clean script's scanner knows its position")
            }
            return position
        }
        guard var batch = handOver.takeFree() else {
            handOver.close(.resume(position()))
            return false
        }
        batch.removeAll()
        while true {
            let before = position()
            line.removeAll()
            guard read(scanner, into: &line) else {
                handOver.deliver(batch)
                handOver.close(.finished(lastLineNumber: scanner.lineNumber))
                return true
            }
            guard checkLine(line, onlySet: &set, reporting: report) else {
                clean = false
                handOver.deliver(batch)
                handOver.close(.finished(lastLineNumber: scanner.lineNumber))
                return line.tooLong
            }
            if !batch.hasRoom(for: line) {
                handOver.deliver(batch)
                // The run asked for no more (or the line has more physical lines than a batch
                // holds): it reads on itself from this line, which the check has seen.
                guard line.physicalLineCount <= LineBatch.lineCapacity,
                    let next = handOver.takeFree()
                else {
                    handOver.close(.resume(before))
                    return false
                }
                batch = next
                batch.removeAll()
            }
            batch.append(line, set: set)
        }
    }

    /// The run's side: runs the lines the check hands over and then, when it asked the
    /// check to stop handing them over, the rest of `file` from where the check stopped.
    func runHandedOver(
        _ handOver: LineHandOver, of file: ScriptFile, _ info: SourceInfo
    ) -> Outcome {
        withSource(info) {
            // A line that is not a plain `set` is read into this, lexed again, and run.
            var line = SourceLine()
            while let batch = handOver.takeDelivered() {
                defer { handOver.giveBack(batch) }
                // Read once: nothing of the batch is retained, line after line.
                let lines = batch.lines
                let count = batch.count
                var index = 0
                while index < count {
                    let first = lines[index]
                    let outcome: Outcome
                    if let set = first.set, setsRunAsHandedOver {
                        index += 1
                        outcome = runHandedSet(set, first, of: batch, info, line: &line)
                    } else {
                        line.removeAll()
                        var joinsNext = true
                        while joinsNext {
                            let physical = lines[index]
                            batch.withBytes(of: physical) {
                                _ = line.appendLine($0, number: physical.number, tooLong: false)
                            }
                            joinsNext = physical.joinsNext
                            index += 1
                        }
                        outcome = runLine(line, info, checked: true)
                    }
                    if outcome != .finished {
                        lastLineNumber = lines[index - 1].number
                        return outcome
                    }
                }
            }
            switch handOver.ending {
            case .finished(let last)?:
                lastLineNumber = last
                return .finished
            case .resume(let position)?:
                // The run stopped the hand-over to wait for the check, which passed.
                return runLines(file.scanner(from: position), info, checked: true)
            case nil:
                preconditionFailure("a hand-over ends before its last batch is taken")
            }
        }
    }

    /// True when a `set` handed over parsed runs as it is: nothing needs its text as
    /// written (`--echo`, `record`, `lprof learn`), and it runs ahead of the check.
    private var setsRunAsHandedOver: Bool {
        !interpreter.settings.echo && recording == nil && commandObserver == nil
            && interpreter.deedObserver == nil && !flushEachCommand
    }

    /// Runs a `set` the check handed over parsed, as `runCommand` would; its line is read
    /// into `line` only when a failure or a note must show it.
    private func runHandedSet(
        _ set: SetCommand, _ handed: LineBatch.Line, of batch: LineBatch, _ info: SourceInfo,
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
        let failure = batch.withBytes(of: handed) { bytes in
            Result { () throws(CommandFailure) in
                try interpreter.execute(
                    set, value: UnsafeBufferPointer(rebasing: bytes[handed.value]))
            }
        }
        if case .success = failure, interpreter.notes.isEmpty {
            return outputFailed() ? .stopped : .finished
        }
        line.removeAll()
        batch.withBytes(of: handed) {
            _ = line.appendLine($0, number: handed.number, tooLong: false)
        }
        if case .failure(let error) = failure {
            return failed(set.command, error, in: line, info)
        }
        reportNotes(at: set.head, in: line, info)
        return outputFailed() ? .stopped : .finished
    }
}
