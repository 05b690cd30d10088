import LprofSystem
import LprofText

/// Where a step was written, read from the line table and the kept bytes by searching for
/// line ends, never by lexing again.
extension Program {
    /// The place of step `index`'s first word.
    func headSpan(_ index: Int) -> Span {
        let step = steps[index]
        let column = Int(step.start) - lineStart(before: Int(step.start))
        return Span(line: line(of: index), start: column, end: column + Int(step.headLength))
    }

    /// The place of a `set`'s value, its last word (which may be on a continued line).
    func valueSpan(_ index: Int) -> Span {
        let step = steps[index]
        let start = Int(step.end) - Int(step.valueLength)
        let line = line(of: index) + source.lineEnds(in: Int(step.start)..<start)
        let column = start - lineStart(before: start)
        return Span(line: line, start: column, end: column + Int(step.valueLength))
    }

    /// The number of the last line of step `index`'s logical line.
    func lastLine(of index: Int) -> Int {
        let start = steps[index].start
        // The continued lines are in order: the last one starting at or before the step.
        var low = 0
        var high = continuedLines.count
        while low < high {
            let middle = (low + high) / 2
            if continuedLines[middle].start <= start { low = middle + 1 } else { high = middle }
        }
        if low > 0, continuedLines[low - 1].end > start {
            return Int(continuedLines[low - 1].lastLine)
        }
        return line(of: index)
    }

    /// The command of step `index` as written (for `--echo`), its continued lines joined by a
    /// space.
    func text(_ index: Int) -> String {
        let step = steps[index]
        let end = Int(step.end)
        var parts: [String] = []
        var start = Int(step.start)
        while true {
            let lineEnd = nextLineEnd(from: start, before: end)
            var upper = lineEnd
            if lineEnd < end {
                if upper > start && source.bytes[upper - 1] == 0x0D { upper -= 1 }
                if upper > start && source.bytes[upper - 1] == UInt8(ascii: "\\") { upper -= 1 }
            }
            var lower = start
            let bytes = source.bytes
            while lower < upper && (bytes[lower] == 0x20 || bytes[lower] == 0x09) { lower += 1 }
            while upper > lower && (bytes[upper - 1] == 0x20 || bytes[upper - 1] == 0x09) {
                upper -= 1
            }
            if lower < upper {
                parts.append(
                    String(
                        decoding: UnsafeBufferPointer(rebasing: bytes[lower..<upper]), as: UTF8.self
                    ))
            }
            if lineEnd >= end { break }
            start = lineEnd + 1
        }
        return parts.joined(separator: " ")
    }

    /// A diagnostic at `span` in step `index`'s logical line, with its line's text as the excerpt.
    func diagnostic(
        _ severity: Diagnostic.Severity, _ message: String, at span: Span, step index: Int,
        whole: Bool = false
    ) -> Diagnostic {
        let step = steps[index]
        var start = lineStart(before: Int(step.start))
        let line = line(of: index)
        for _ in line..<Swift.max(line, span.line) {
            start = nextLineEnd(from: start, before: source.count) + 1
        }
        var end = nextLineEnd(from: start, before: source.count)
        if end > start && source.bytes[end - 1] == 0x0D { end -= 1 }
        return Diagnostic(
            severity, message, source: info.name, span: span,
            lineBytes: UnsafeBufferPointer(rebasing: source.bytes[start..<end]), whole: whole)
    }

    /// The number of the line step `index` starts on, counted from its line mark or the line
    /// asked for last if nearer.
    func line(of index: Int) -> Int {
        var from = index / Self.stepsPerLineMark * Self.stepsPerLineMark
        var line = Int(lineMarks[from / Self.stepsPerLineMark])
        if (from...index).contains(lastLineFound.index) {
            (from, line) = lastLineFound
        }
        line += source.lineEnds(in: Int(steps[from].start)..<Int(steps[index].start))
        lastLineFound = (index, line)
        return line
    }

    /// Where the line holding byte `offset` starts, going on from the offset found last past a
    /// few hundred bytes, so that a line of 8,000 commands is not read again for each.
    private func lineStart(before offset: Int) -> Int {
        let bytes = source.bytes
        var start = offset
        let near = Swift.max(firstLineStart, offset - 256)
        while start > near && bytes[start - 1] != 0x0A { start -= 1 }
        if start == firstLineStart || bytes[start - 1] == 0x0A { return start }
        let (known, knownStart) = lineStartFound
        if known >= 0, knownStart <= offset, offset <= known { return knownStart }
        if known >= 0, offset > known {
            start = knownStart
            for index in known..<offset where bytes[index] == 0x0A { start = index + 1 }
        } else {
            while start > firstLineStart && bytes[start - 1] != 0x0A { start -= 1 }
        }
        lineStartFound = (offset, start)
        return start
    }

    /// The offset of the first LF at or after `offset`, or `limit` when none comes first.
    private func nextLineEnd(from offset: Int, before limit: Int) -> Int {
        let bytes = source.bytes
        var index = offset
        while index < limit && bytes[index] != 0x0A { index += 1 }
        return index
    }
}
