import LprofText
import Testing

/// A file that is not text is one error: what counts as not text.
@Suite struct TextSnifferTests {
    func problem(_ bytes: [UInt8]) -> String? {
        bytes.withUnsafeBufferPointer { TextSniffer.finding(in: $0) }.map {
            "\($0.problem) \($0.line.map(String.init) ?? "-"):\($0.column.map(String.init) ?? "-")"
        }
    }

    @Test func aNulByteNamesItsLine() {
        #expect(problem(Array("print a\nprint é\0\n".utf8)) == "a NUL byte, U+0000 2:8")
    }

    @Test func textWithAFewLatin1BytesIsStillText() {
        // "café" in Latin-1: one invalid byte in a line of text.
        #expect(problem(Array("print caf".utf8) + [0xE9] + Array(" au lait\n".utf8)) == nil)
    }

    @Test func mostlyInvalidBytesAreNotText() {
        let bytes = (0..<400).map { UInt8(0x80 + ($0 * 7) % 0x40) }
        #expect(problem(bytes) == "most of its first bytes are not UTF-8 -:-")
        #expect(problem(Array(bytes.prefix(15))) == nil)
    }

    @Test func aSequenceCutByTheSampleIsNotCounted() {
        var bytes = Array(repeating: UInt8(ascii: "a"), count: TextSniffer.sampleBytes - 2)
        bytes += Array("🍂".utf8).prefix(2)
        #expect(problem(bytes) == nil)
    }

    @Test func emptyAndPlainTextAreText() {
        #expect(problem([]) == nil)
        #expect(problem(Array("edit on\nset season 🍂\n".utf8)) == nil)
    }
}
