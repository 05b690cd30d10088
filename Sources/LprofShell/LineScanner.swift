#if canImport(Glibc)
    import Glibc
#endif
import LprofLanguage

/// Reads physical lines from a file descriptor in large blocks, or from bytes in memory.
/// A line ends at LF, with a CR before it dropped; a UTF-8 byte-order mark at the very start
/// is skipped. A line longer than `Lexer.maxLineBytes` is cut there and flagged, so memory
/// stays bounded whatever the input.
final class LineScanner {
    private let fd: Int32
    private var buffer: [UInt8]
    private var start = 0
    private var end = 0
    private var atEOF: Bool
    private var atStart = true
    /// True after a too-long line was returned before its end: skip to the next LF.
    private var skipping = false
    /// The number of the line last returned (1-based).
    private(set) var lineNumber = 0
    /// Set when reading failed; the error's errno.
    private(set) var readError: Int32?
    /// Called before each read from the descriptor, which may block (piped stdin that has
    /// not come yet): the runner flushes output here so that a reader sees every result.
    var beforeRead: (() -> Void)?

    /// Lines read from a descriptor (not closed here).
    init(descriptor: Int32) {
        fd = descriptor
        buffer = [UInt8](repeating: 0, count: 128 * 1024)
        atEOF = false
    }

    /// Lines of text already in memory.
    init(bytes: [UInt8]) {
        fd = -1
        buffer = bytes
        end = bytes.count
        atEOF = true
    }

    /// Appends the next line's bytes to `line` (which the caller empties) and returns its
    /// number and whether it was too long; nil at the end of the input.
    func nextLine(into line: inout [UInt8]) -> (number: Int, tooLong: Bool)? {
        var sawAny = false
        while skipping {
            if start < end {
                let found: Int? = buffer[start..<end].firstIndex(of: 0x0A)
                start = found.map { $0 + 1 } ?? end
                if found != nil { skipping = false }
            } else if atEOF {
                skipping = false
            } else {
                refill()
            }
        }
        while true {
            if start < end {
                sawAny = true
                let found: Int? = buffer.withUnsafeBufferPointer { p in
                    guard
                        let hit = memchr(p.baseAddress! + start, 0x0A, end - start)
                    else { return nil }
                    return p.baseAddress!.distance(
                        to: hit.assumingMemoryBound(to: UInt8.self))
                }
                let stop = found ?? end
                let room = Lexer.maxLineBytes + 1 - line.count
                if room > 0 {
                    line.append(contentsOf: buffer[start..<Swift.min(stop, start + room)])
                }
                if stop - start > room {
                    // Return at once, so that input with no line ends (/dev/zero) stays
                    // bounded; the rest of the line is skipped on the next call.
                    start = found.map { $0 + 1 } ?? end
                    skipping = found == nil
                    return finish(&line, tooLong: true)
                }
                if let found {
                    start = found + 1
                    return finish(&line, tooLong: false)
                }
                start = end
            }
            if atEOF {
                guard sawAny || !line.isEmpty else { return nil }
                return finish(&line, tooLong: false)
            }
            refill()
        }
    }

    private func finish(_ line: inout [UInt8], tooLong: Bool) -> (number: Int, tooLong: Bool) {
        lineNumber += 1
        if atStart {
            atStart = false
            if line.count >= 3 && line[0] == 0xEF && line[1] == 0xBB && line[2] == 0xBF {
                line.removeFirst(3)
            }
        }
        if !tooLong, line.last == 0x0D { line.removeLast() }
        var tooLong = tooLong
        if line.count > Lexer.maxLineBytes {
            tooLong = true
            line.removeLast(line.count - Lexer.maxLineBytes)
        }
        return (lineNumber, tooLong)
    }

    private func refill() {
        start = 0
        end = 0
        beforeRead?()
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                readError = errno
                atEOF = true
                return
            }
            if n == 0 { atEOF = true }
            end = n
            return
        }
    }
}

extension LineScanner {
    /// Reads the next logical line (joining continued lines) into `line`, lexed; false at
    /// the end of the input.
    func readLogicalLine(into line: inout SourceLine) -> Bool {
        line.removeAll()
        while true {
            guard let result = line.appendPhysicalLine({ nextLine(into: &$0) }) else {
                return !line.lines.isEmpty
            }
            if result != .continued { return true }
        }
    }
}
