import Glibc
import LprofShell
import LprofSystem

/// Reads lines from a file descriptor (piped stdin, a file) without line editing.
///
/// It reads in large blocks rather than a byte at a time, splits on LF, drops a CR just
/// before the LF, and hands back the bytes unchanged: invalid UTF-8 is the lexer's to
/// report, not the reader's to repair. A last line without a newline is still a line.
public final class PlainLineReader: LineReader {
    private let fileDescriptor: Int32
    private let blockSize: Int
    private var buffer: [UInt8] = []
    /// Where the unread part of `buffer` starts; consumed bytes are dropped in bulk.
    private var start = 0
    /// Where to resume looking for LF, so a long line is scanned once, not per block.
    private var scanFrom = 0
    private var atEnd = false

    /// Reads from `fileDescriptor` (stdin by default) in blocks of `blockSize` bytes. The
    /// descriptor is not closed by the reader.
    public init(fileDescriptor: Int32 = 0, blockSize: Int = 64 * 1024) {
        self.fileDescriptor = fileDescriptor
        self.blockSize = max(1, blockSize)
    }

    /// Decodes the line's bytes, repairing invalid UTF-8 with U+FFFD; the runner should
    /// prefer `readLineBytes`, which does not.
    public func readLine(prompt: String, continuation: Bool) -> LineReadResult {
        LineReadResult(readLineBytes(prompt: prompt, continuation: continuation))
    }

    /// The next line's bytes, without LF or CRLF; the prompt is not shown.
    public func readLineBytes(prompt: String, continuation: Bool) -> LineBytesReadResult {
        guard let bytes = nextLine() else { return .endOfInput }
        return .line(bytes)
    }

    /// The next line, or nil once the input is exhausted (or cannot be read).
    public func nextLine() -> [UInt8]? {
        while true {
            if let newline = buffer[scanFrom...].firstIndex(of: UInt8(ascii: "\n")) {
                var end = newline
                if end > start && buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
                let line = Array(buffer[start..<end])
                start = newline + 1
                scanFrom = start
                return line
            }
            scanFrom = buffer.count
            if atEnd {
                guard start < buffer.count else { return nil }
                let line = Array(buffer[start...])
                start = buffer.count
                return line
            }
            fill()
        }
    }

    /// Reads one more block, first dropping consumed bytes so the buffer stays small.
    private func fill() {
        if start > 0 {
            buffer.removeSubrange(0..<start)
            scanFrom -= start
            start = 0
        }
        let oldCount = buffer.count
        buffer.append(contentsOf: repeatElement(0, count: blockSize))
        let count = buffer.withUnsafeMutableBytes { raw -> Int in
            while true {
                let n = read(fileDescriptor, raw.baseAddress! + oldCount, blockSize)
                if n < 0 && errno == EINTR { continue }
                return n
            }
        }
        buffer.removeSubrange((oldCount + max(count, 0))...)
        if count <= 0 { atEnd = true }
    }
}
