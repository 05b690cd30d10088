import Testing

@testable import LprofLanguage

/// Text written as a word (`WordQuoting`, what `record` writes and Tab inserts) lexes back
/// as exactly that text, one token: a property over many generated texts.
@Suite struct WordQuotingTests {
    /// A small seeded generator (SplitMix64), so that a failure names a text that repeats.
    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func pick<T>(_ items: [T]) -> T { items[Int(next() % UInt64(items.count))] }
    }

    /// Characters that matter to the lexer, and some that do not.
    static let alphabet: [String] = [
        "a", "Z", "0", "-", "+", ".", "/", "~", " ", "\t", ";", "'", "\"", "#", "\\", "\n",
        "\u{0}", "\u{1B}", "\u{7F}", "\u{85}", "\u{9F}", "é", "e\u{301}", "🍂", "한", "\u{202E}",
        "\u{200B}", "\u{FEFF}", "}", "{", "u",
    ]

    /// The tokens `text` lexes to, as text; nil when it does not lex.
    func lexed(_ text: String) -> [String]? {
        let line = SourceLine(text)
        if line.hasLexError { return nil }
        return line.tokens.map { line.text(of: $0) }
    }

    @Test func everyWordReadsBackAsItself() {
        var generator = Generator(state: 2026_12_01)
        var checked = 0
        for _ in 0..<5_000 {
            let length = Int(generator.next() % 8)
            let text = (0..<length).map { _ in generator.pick(Self.alphabet) }.joined()
            let word = WordQuoting.word(text)
            #expect(
                lexed(word) == [text], "\(text.debugDescription) written \(word.debugDescription)")
            #expect(lexed(WordQuoting.doubleQuoted(text)) == [text])
            if WordQuoting.isBare(text) { #expect(word == text) }
            checked += 1
        }
        #expect(checked == 5_000)
    }

    @Test func theBareWordsAreTheOnesThatNeedNoQuotes() {
        #expect(WordQuoting.isBare("hike.lprof"))
        #expect(WordQuoting.isBare("Zoë🍂"))
        for text in ["", "#x", "a b", "a;b", "it's", "a\"b", "a\\b", "a\tb", "\u{85}"] {
            #expect(!WordQuoting.isBare(text), "\(text.debugDescription)")
        }
    }
}
