import Glibc
import Testing

@testable import LprofInteractive

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
        while case .line(let line) = reader.readLine(prompt: "lprof> ", continuation: false) {
            result.append(line)
        }
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
        // As scripts are read: a last line's CR is dropped too, and a byte-order mark.
        #expect(text("end\r", blockSize: blockSize) == ["end"])
        #expect(text("\u{FEFF}show\n", blockSize: blockSize) == ["show"])
        #expect(text("\r\r\n", blockSize: blockSize) == ["\r"])
        #expect(text("", blockSize: blockSize) == [])
        #expect(text("Zoë 🍂 한글\n", blockSize: blockSize) == ["Zoë 🍂 한글"])
    }

    @Test func longLinesSpanManyBlocks() {
        let long = String(repeating: "0123456789", count: 6_500)
        #expect(text(long + "\r\nshort\n" + long, blockSize: 4096) == [long, "short", long])
    }

    /// A line over 64 KiB ends the input with a located error, as in a script, instead of
    /// growing without end.
    @Test(arguments: [4096, 64 * 1024])
    func aLineOverTheLimitEndsTheInput(blockSize: Int) {
        let root = makeTemporaryFolder()
        defer { removeTree(root) }
        let long = String(repeating: "x", count: 70_000)
        writeFile(root + "/input", Array("show\n\(long)\nquit\n".utf8))
        let fd = open(root + "/input", O_RDONLY)
        defer { close(fd) }
        let reader = PlainLineReader(fileDescriptor: fd, blockSize: blockSize)
        #expect(reader.readLine(prompt: "", continuation: false) == .line(Array("show".utf8)))
        #expect(reader.failure == nil)
        #expect(reader.readLine(prompt: "", continuation: false) == .endOfInput)
        let failure = reader.failure
        #expect(failure?.location == .init(source: "<stdin>", line: 2, column: 1))
        #expect(
            failure?.message == "line 2 is longer than 65536 bytes (the limit; see 'help limits')")
        #expect(reader.readLine(prompt: "", continuation: false) == .endOfInput)
    }

    @Test func aReadErrorEndsTheInputWithAnError() {
        let root = makeTemporaryFolder()
        defer { removeTree(root) }
        let fd = open(root, O_RDONLY | O_DIRECTORY)
        defer { close(fd) }
        let reader = PlainLineReader(fileDescriptor: fd, name: "<folder>")
        #expect(reader.readLine(prompt: "", continuation: false) == .endOfInput)
        #expect(reader.failure?.message == "'<folder>' cannot be read: Is a directory")
    }

    @Test func invalidUTF8IsPreserved() {
        let bytes: [UInt8] = [0x66, 0xFF, 0xC3, 0x0D, 0x0A, 0xED, 0xA0, 0x80, 0x0A, 0xE2]
        #expect(lines(bytes, blockSize: 3) == [[0x66, 0xFF, 0xC3], [0xED, 0xA0, 0x80], [0xE2]])
    }

    @Test func readerDefaultsKeepNoHistoryAndNoInterrupt() {
        let root = makeTemporaryFolder()
        defer { removeTree(root) }
        writeFile(root + "/input", [0x61, 0xFF, 0x0A])
        let fd = open(root + "/input", O_RDONLY)
        defer { close(fd) }
        let reader: any LineReader = PlainLineReader(fileDescriptor: fd)
        #expect(reader.readLine(prompt: "", continuation: false) == .line([0x61, 0xFF]))
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
        #expect(reader.readLine(prompt: "", continuation: false) == .line(Array("show".utf8)))
        #expect(reader.readLine(prompt: "", continuation: true) == .line(Array("get mode".utf8)))
        #expect(reader.readLine(prompt: "", continuation: false) == .line(Array("last".utf8)))
        #expect(reader.readLine(prompt: "", continuation: false) == .endOfInput)
    }
}
