import Testing

@testable import LprofLanguage

/// Text written as a word (`WordQuoting`, what `record` writes and Tab inserts) lexes back
/// as exactly that text, one token: a property over many generated texts.
@Suite struct WordQuotingTests {
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
        var generator = LangSplitMix(seed: 2026_12_01)
        var checked = 0
        for _ in 0..<5_000 {
            let length = Int(generator.next() % 8)
            let text = (0..<length).map { _ in Self.alphabet.randomElement(using: &generator)! }
                .joined()
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
