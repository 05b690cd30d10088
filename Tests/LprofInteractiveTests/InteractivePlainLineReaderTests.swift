import Glibc
import Testing

@testable import LprofInteractive
@testable import LprofShell
@testable import LprofSystem

@Suite struct InteractivePlainLineReaderTests {
    /// Every line a reader gives for `bytes` read from a file in blocks of `blockSize`.
    func lines(_ bytes: [UInt8], blockSize: Int = 64 * 1024) -> [[UInt8]] {
        let root = makeTemporaryFolder()
        defer { removeTree(root) }
        writeFile(root + "/input", bytes)
        let fd = open(root + "/input", O_RDONLY)
        defer { close(fd) }
        let reader = PlainLineReader(fileDescriptor: fd, blockSize: blockSize)
        var result: [[UInt8]] = []
        while case .line(let line) = reader.readLineBytes(prompt: "lprof> ", continuation: false) {
            result.append(line)
        }
        #expect(reader.readLineBytes(prompt: "", continuation: false) == .endOfInput)
        #expect(reader.readLine(prompt: "", continuation: false) == .endOfInput)
        return result
    }

    func text(_ string: String, blockSize: Int = 64 * 1024) -> [String] {
        lines(Array(string.utf8), blockSize: blockSize).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test(arguments: [1, 2, 3, 7, 64 * 1024])
    func splitsOnLFAndCRLF(blockSize: Int) {
        #expect(text("a\nb\r\nc", blockSize: blockSize) == ["a", "b", "c"])
        #expect(text("a\n\nb\n", blockSize: blockSize) == ["a", "", "b"])
        #expect(text("\r\n", blockSize: blockSize) == [""])
        #expect(text("a\rb\n", blockSize: blockSize) == ["a\rb"])
        #expect(text("end\r", blockSize: blockSize) == ["end\r"])
        #expect(text("\r\r\n", blockSize: blockSize) == ["\r"])
        #expect(text("", blockSize: blockSize) == [])
        #expect(text("Zoë 🍂 한글\n", blockSize: blockSize) == ["Zoë 🍂 한글"])
    }

    @Test func longLinesSpanManyBlocks() {
        let long = String(repeating: "0123456789", count: 100_000)
        #expect(text(long + "\r\nshort\n" + long, blockSize: 4096) == [long, "short", long])
    }

    @Test func invalidUTF8IsPreserved() {
        let bytes: [UInt8] = [0x66, 0xFF, 0xC3, 0x0D, 0x0A, 0xED, 0xA0, 0x80, 0x0A, 0xE2]
        #expect(lines(bytes, blockSize: 3) == [[0x66, 0xFF, 0xC3], [0xED, 0xA0, 0x80], [0xE2]])
    }

    @Test func stringVariantRepairsInvalidUTF8() {
        let root = makeTemporaryFolder()
        defer { removeTree(root) }
        writeFile(root + "/input", [0x61, 0xFF, 0x0A])
        let fd = open(root + "/input", O_RDONLY)
        defer { close(fd) }
        let reader: any LineReader = PlainLineReader(fileDescriptor: fd)
        #expect(reader.readLine(prompt: "", continuation: false) == .line("a\u{FFFD}"))
        #expect(reader.historyEntries == [])
        #expect(reader.takeInterrupt() == false)
    }

    @Test func readsFromAPipe() {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let data = Array("show\r\nget mode\nlast".utf8)
        _ = data.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) }
        close(ends[1])
        defer { close(ends[0]) }
        let reader = PlainLineReader(fileDescriptor: ends[0])
        #expect(reader.readLine(prompt: "", continuation: false) == .line("show"))
        #expect(reader.readLine(prompt: "", continuation: true) == .line("get mode"))
        #expect(reader.readLine(prompt: "", continuation: false) == .line("last"))
        #expect(reader.readLine(prompt: "", continuation: false) == .endOfInput)
    }

    @Test func defaultBytesVariantEncodesTheLine() {
        final class Scripted: LineReader {
            func readLine(prompt: String, continuation: Bool) -> LineReadResult { .line("é") }
        }
        #expect(Scripted().readLineBytes(prompt: "", continuation: false) == .line([0xC3, 0xA9]))
    }
}
