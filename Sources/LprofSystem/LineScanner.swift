import Glibc

/// Hands out physical lines in place, without copying, from a descriptor read in large blocks
/// or from `SourceBytes`, cutting an overlong line so that memory stays bounded on any input.
public final class LineScanner {
    private let fd: Int32
    private let buffer: UnsafeMutablePointer<UInt8>
    private let capacity: Int
    /// The most one read asks for (less than `capacity` only in tests, to split lines).
    private let blockSize: Int
    private let fileSystem = FileSystem()
    let lineLimit: Int
    private var start = 0
    private var end = 0
    private var atEOF = false
    private var atStart = true
    /// What the buffer points into, for a scanner over bytes in memory.
    private let source: SourceBytes?
    /// Set after a cut line was handed out: skip to the next LF.
    private var skipping = false
    /// The 1-based number of the line last returned.
    public private(set) var lineNumber = 0
    public private(set) var readError: Int32?
    /// Called before each read, which may block, so that the runner can flush output first.
    public var beforeRead: (() -> Void)?

    /// Lines read from a descriptor (not closed here), at most `blockSize` bytes a read.
    public init(descriptor: Int32, lineLimit: Int, blockSize: Int = .max) {
        fd = descriptor
        self.lineLimit = lineLimit
        capacity = Swift.max(128 * 1024, 2 * lineLimit)
        self.blockSize = Swift.max(1, blockSize)
        buffer = .allocate(capacity: capacity)
        source = nil
    }

    /// The lines of `source` from the line start `offset` on, numbered from `firstLineNumber`.
    public init(
        source: SourceBytes, lineLimit: Int, from offset: Int = 0, firstLineNumber: Int = 1
    ) {
        fd = -1
        self.lineLimit = lineLimit
        self.source = source
        capacity = Swift.max(source.count, 1)
        blockSize = capacity
        // Only read: the scanner never writes into bytes that are all there (`atEOF`).
        buffer = UnsafeMutablePointer(mutating: source.bytes.baseAddress!)
        start = offset
        end = source.count
        atEOF = true
        atStart = offset == 0
        lineNumber = firstLineNumber - 1
    }

    deinit {
        if source == nil { buffer.deallocate() }
    }

    /// Where the next line starts, as an offset into the bytes read.
    public var position: Int { start }

    /// The next line without its LF or CRLF, valid until the next call; nil at the end.
    @inline(__always)
    public func nextLine() -> PhysicalLine? {
        // Most lines: a whole line, within the limit, already in the buffer, not the first.
        if !atStart && !skipping && start < end,
            let hit = memchr(buffer + start, 0x0A, end - start)
        {
            let newline = buffer.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            let lower = start
            var upper = newline
            if upper > lower && buffer[upper - 1] == 0x0D { upper -= 1 }
            if upper - lower <= lineLimit {
                start = newline + 1
                lineNumber += 1
                return PhysicalLine(
                    bytes: UnsafeBufferPointer(start: buffer + lower, count: upper - lower),
                    number: lineNumber, tooLong: false)
            }
        }
        return nextLineInGeneral()
    }

    /// `nextLine` for the rare cases: the first line's byte-order mark, a line still to be
    /// read, a line over the limit, the end of the input.
    private func nextLineInGeneral() -> PhysicalLine? {
        while skipping {
            if let newline = find(from: start) {
                start = newline + 1
                skipping = false
            } else if atEOF {
                start = end
                skipping = false
            } else {
                start = end
                refill()
            }
        }
        while true {
            if let newline = find(from: start) {
                let line = start..<newline
                start = newline + 1
                // The limit is on the line's text: a CRLF line's CR does not count.
                let crlf = newline > line.lowerBound && buffer[newline - 1] == 0x0D
                if line.count - (crlf ? 1 : 0) > lineLimit { return cut(line.lowerBound) }
                return finish(line)
            }
            if end - start > lineLimit + 1 {
                // No line end within the limit: hand out what fits and skip the rest.
                skipping = true
                let lineStart = start
                start = end
                return cut(lineStart)
            }
            if atEOF {
                guard start < end else { return nil }
                let line = start..<end
                start = end
                let cr = buffer[end - 1] == 0x0D
                if line.count - (cr ? 1 : 0) > lineLimit { return cut(line.lowerBound) }
                return finish(line)
            }
            refill()
        }
    }

    private func find(from index: Int) -> Int? {
        guard index < end, let hit = memchr(buffer + index, 0x0A, end - index) else { return nil }
        return buffer.distance(to: hit.assumingMemoryBound(to: UInt8.self))
    }

    private func cut(_ lineStart: Int) -> PhysicalLine {
        lineNumber += 1
        atStart = false
        return PhysicalLine(
            bytes: UnsafeBufferPointer(start: buffer + lineStart, count: lineLimit),
            number: lineNumber, tooLong: true)
    }

    private func finish(_ range: Range<Int>) -> PhysicalLine {
        lineNumber += 1
        var lower = range.lowerBound
        var upper = range.upperBound
        if atStart {
            atStart = false
            if upper - lower >= 3 && buffer[lower] == 0xEF && buffer[lower + 1] == 0xBB
                && buffer[lower + 2] == 0xBF
            {
                lower += 3
            }
        }
        if upper > lower && buffer[upper - 1] == 0x0D { upper -= 1 }
        return PhysicalLine(
            bytes: UnsafeBufferPointer(start: buffer + lower, count: upper - lower),
            number: lineNumber, tooLong: false)
    }

    /// Moves the unread part of the line to the front and reads more after it.
    private func refill() {
        if start > 0 {
            let pending = end - start
            if pending > 0 { buffer.update(from: buffer + start, count: pending) }
            start = 0
            end = pending
        }
        beforeRead?()
        do {
            let count = Swift.min(blockSize, capacity - end)
            let n = try fileSystem.readSome(fd, into: buffer + end, count: count, path: "")
            if n == 0 { atEOF = true }
            end += n
        } catch {
            readError = error.errno
            atEOF = true
        }
    }
}

/// One line as a scanner hands it out: a struct, since an optional tuple is destroyed through
/// its type's metadata at every line.
public struct PhysicalLine {
    public var bytes: UnsafeBufferPointer<UInt8>
    public var number: Int
    public var tooLong: Bool
}
