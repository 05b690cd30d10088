import LprofText
import Testing

@testable import LprofLanguage

/// The buffers a source line is refilled into: their own storage, shared by copies until one
/// is changed, kept across `removeAll`.
@Suite struct ReusableBufferTests {
    @Test func appendsGrowAndKeepEveryElement() {
        var buffer = ReusableBuffer<Int>()
        for i in 0..<1000 { buffer.append(i) }
        #expect(buffer.count == 1000)
        #expect(buffer.elements == Array(0..<1000))
        #expect(buffer.last == 999)
    }

    @Test func aCopyIsNotChangedByTheOriginal() {
        var original = ReusableBuffer<String>()
        original.append("one")
        var copy = original
        original.append("two")
        copy.append("three")
        #expect(original.elements == ["one", "two"])
        #expect(copy.elements == ["one", "three"])
        original.removeAll()
        original.append("four")
        #expect(copy.elements == ["one", "three"])
        #expect(original.elements == ["four"])
    }

    @Test func removeAllReusesTheSlots() {
        var buffer = ReusableBuffer<String>()
        for word in ["a", "b", "c"] { buffer.append(word) }
        buffer.removeAll()
        #expect(buffer.isEmpty)
        buffer.append("d")
        #expect(buffer.elements == ["d"])
        #expect(buffer.last == "d")
    }

    @Test func elementsWrittenInPlaceAreCountedOnce() {
        var buffer = ReusableBuffer<Token>()
        buffer.append(Token(.word, span: Span(line: 1, start: 0, end: 1), textStart: 0, textEnd: 1))
        let copy = buffer
        let answer = buffer.appendInPlace(upTo: 100) { room -> (written: Int, result: String) in
            for i in 0..<100 {
                (room + i).initialize(
                    to: Token(
                        .separator, span: Span(line: 1, start: i, end: i + 1), textStart: i,
                        textEnd: i + 1))
            }
            return (100, "done")
        }
        #expect(answer == "done")
        #expect(buffer.count == 101)
        #expect(buffer[100].span.start == 99)
        #expect(copy.count == 1)
        #expect(copy[0].kind == .word)
    }

    @Test func bytesAppendInBulk() {
        var buffer = ReusableBuffer<UInt8>()
        let text = Array("set season winter".utf8)
        for _ in 0..<100 {
            text.withUnsafeBufferPointer { buffer.append(contentsOf: $0) }
        }
        #expect(buffer.count == text.count * 100)
        let copy = buffer
        buffer.removeAll()
        text.withUnsafeBufferPointer {
            buffer.append(contentsOf: UnsafeBufferPointer(rebasing: $0[0..<3]))
        }
        #expect(buffer.elements == Array("set".utf8))
        #expect(copy.elements == Array(repeating: text, count: 100).flatMap { $0 })
        buffer.withUnsafeBufferPointer { #expect(Array($0) == Array("set".utf8)) }
    }
}
