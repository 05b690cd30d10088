import Testing

@testable import LprofText

@Suite struct UTF8CheckTests {
    /// Where Swift's own decoder finds the first invalid sequence, or nil.
    static func swiftFirstInvalid(_ bytes: [UInt8]) -> Int? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var position = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded): position += encoded.count
            case .error: return position
            case .emptyInput: return nil
            }
        }
    }

    static func check(_ bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { UTF8Check.firstInvalidByte(in: $0) }
    }

    @Test func validTextHasNoInvalidByte() {
        for text in ["", "abc", "é", "🍂", "한글", "☃️", "👨‍👩‍👧‍👦", "\u{10FFFF}", "\u{FFFD}", "\u{E000}"] {
            #expect(Self.check(Array(text.utf8)) == nil, "\(text)")
        }
    }

    /// The ASCII fast path reads eight bytes at a time, the last eight overlapping: a bad
    /// byte anywhere in lines of every length up to 40 is still found, at its place.
    @Test func aBadByteIsFoundAtEveryPositionOfEveryLength() {
        for length in 1...40 {
            #expect(Self.check(Array(repeating: 0x61, count: length)) == nil)
            for position in 0..<length {
                var bytes = [UInt8](repeating: 0x61, count: length)
                bytes[position] = 0xFF
                #expect(Self.check(bytes) == position, "length \(length), position \(position)")
                // A lead byte followed by ASCII (or nothing) is as bad.
                bytes[position] = 0xC3
                #expect(Self.check(bytes) == position, "length \(length), position \(position)")
            }
        }
    }

    @Test func boundaries() {
        #expect(Self.check([0x7F]) == nil)
        #expect(Self.check([0xC2, 0x80]) == nil)
        #expect(Self.check([0xDF, 0xBF]) == nil)
        #expect(Self.check([0xE0, 0xA0, 0x80]) == nil)
        #expect(Self.check([0xE0, 0x9F, 0xBF]) == 0)  // overlong
        #expect(Self.check([0xED, 0x9F, 0xBF]) == nil)  // U+D7FF
        #expect(Self.check([0xED, 0xA0, 0x80]) == 0)  // U+D800
        #expect(Self.check([0xEE, 0x80, 0x80]) == nil)
        #expect(Self.check([0xF0, 0x90, 0x80, 0x80]) == nil)
        #expect(Self.check([0xF0, 0x8F, 0xBF, 0xBF]) == 0)  // overlong
        #expect(Self.check([0xF4, 0x8F, 0xBF, 0xBF]) == nil)  // U+10FFFF
        #expect(Self.check([0xF4, 0x90, 0x80, 0x80]) == 0)  // U+110000
        #expect(Self.check([0x41, 0xE2, 0x82, 0xAC, 0xE2, 0x82]) == 4)
        #expect(Self.check([0x41, 0xE2, 0x28, 0xA1]) == 1)
        #expect(Self.check([0xF0, 0x9F, 0x8D, 0x82, 0x80]) == 4)
    }

    @Test func sequenceLength() {
        #expect(UTF8Check.sequenceLength(0x41) == 1)
        #expect(UTF8Check.sequenceLength(0xC3) == 2)
        #expect(UTF8Check.sequenceLength(0xE2) == 3)
        #expect(UTF8Check.sequenceLength(0xF0) == 4)
        #expect(UTF8Check.sequenceLength(0x80) == 1)
        #expect(UTF8Check.sequenceLength(0xFF) == 1)
    }

    /// Random byte strings, biased toward the bytes where UTF-8 is subtle, agree with
    /// Swift's own validation: valid exactly when Swift says so, and the first bad byte is
    /// where Swift's decoder first fails.
    @Test func agreesWithSwiftOnRandomBytes() {
        var rng = LangSplitMix(seed: 0x1F342)
        let interesting: [UInt8] = [
            0x00, 0x20, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF,
            0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xF7, 0xF8, 0xFE,
            0xFF,
        ]
        let samples: [[UInt8]] = ["é", "🍂", "한", "\u{10FFFF}", "\u{D7FF}", "\u{E000}", "\u{FFFD}"]
            .map { Array($0.utf8) }
        var valid = 0
        for _ in 0..<20_000 {
            var bytes: [UInt8] = []
            let length = Int.random(in: 0...12, using: &rng)
            while bytes.count < length {
                switch Int.random(in: 0..<4, using: &rng) {
                case 0: bytes.append(UInt8.random(in: 0...255, using: &rng))
                case 1: bytes.append(interesting.randomElement(using: &rng)!)
                case 2: bytes += samples.randomElement(using: &rng)!
                default:
                    // A valid sequence cut short or with a wrong continuation.
                    var s = samples.randomElement(using: &rng)!
                    if s.count > 1 {
                        s.removeLast(Int.random(in: 0..<s.count, using: &rng))
                        if Bool.random(using: &rng) {
                            s[s.count - 1] = interesting.randomElement(using: &rng)!
                        }
                    }
                    bytes += s
                }
            }
            let swiftValid = String(validating: bytes, as: UTF8.self) != nil
            let ours = Self.check(bytes)
            #expect((ours == nil) == swiftValid, "\(bytes)")
            #expect(ours == Self.swiftFirstInvalid(bytes), "\(bytes)")
            if swiftValid { valid += 1 }
        }
        // The generator exercises both outcomes.
        #expect(valid > 2_000)
        #expect(valid < 18_000)
    }

    @Test func agreesWithSwiftOnEveryTwoByteString() {
        for a in 0x80...0xFF {
            for b in 0...0xFF {
                let bytes = [UInt8(a), UInt8(b)]
                #expect(Self.check(bytes) == Self.swiftFirstInvalid(bytes))
            }
        }
    }
}
