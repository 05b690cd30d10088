import LprofText
import Testing

@testable import LprofLanguage

@Suite struct LexerTests {
    // MARK: - Words, blanks, separators, comments

    @Test func wordsSplitOnSpacesAndTabs() {
        let lexed = langLex("  set\tseason  \t autumn ")
        #expect(lexed.result == .complete)
        #expect(lexed.texts == ["set", "season", "autumn"])
        #expect(lexed.kinds == [.word, .word, .word])
        #expect(
            lexed.tokens.map(\.span) == [
                Span(line: 1, start: 2, end: 5), Span(line: 1, start: 6, end: 12),
                Span(line: 1, start: 16, end: 22),
            ])
    }

    @Test func lineNumberIsCarried() {
        let lexed = langLex("get mode", line: 42)
        #expect(lexed.tokens.allSatisfy { $0.span.line == 42 })
    }

    @Test func emptyAndBlankLines() {
        #expect(langLex("").tokens.isEmpty)
        #expect(langLex("").result == .complete)
        #expect(langLex(" \t  ").tokens.isEmpty)
        #expect(langLex(" \t  ").result == .complete)
    }

    @Test func semicolonsSeparate() {
        let lexed = langLex("edit on;set season fall ;done")
        #expect(lexed.texts == ["edit", "on", ";", "set", "season", "fall", ";", "done"])
        #expect(lexed.kinds[2] == .separator)
        #expect(lexed.kinds[6] == .separator)
        #expect(lexed.tokens[2].span == Span(line: 1, start: 7, end: 8))
        #expect(lexed.tokens[1].span == Span(line: 1, start: 5, end: 7))
    }

    @Test func commentStartsWithHashWord() {
        #expect(langLex("# a comment \"unterminated").texts == [])
        #expect(langLex("#!/usr/bin/env lprof").result == .complete)
        #expect(langLex("get mode # trailing 'x").texts == ["get", "mode"])
        #expect(langLex("get mode;# after separator").texts == ["get", "mode", ";"])
        #expect(langLex("\t#tabbed").texts == [])
    }

    @Test func hashInsideWordIsLiteral() {
        let lexed = langLex("print a#b #c")
        #expect(lexed.texts == ["print", "a#b"])
        #expect(lexed.result == .complete)
    }

    @Test func commentMayHoldControlBytesAndBackslashAtEnd() {
        #expect(langLex("get mode # ends with \\").result == .complete)
        #expect(
            langLex(Array("get mode # ".utf8) + [0x1B] + Array("[31m".utf8)).result == .complete)
    }

    // MARK: - Strings

    @Test(arguments: [
        (#""a\\b""#, "a\\b"),
        (#""say \"hi\"""#, "say \"hi\""),
        (#""l1\nl2""#, "l1\nl2"),
        (#""c1\tc2""#, "c1\tc2"),
        (#""\u{1F342}""#, "🍂"),
        (#""\u{41}\u{e9}""#, "Aé"),
        (#""\u{000041}""#, "A"),
        (#""\u{10FFFF}""#, "\u{10FFFF}"),
        (#""x\u{2603}\u{FE0F}y""#, "x☃️y"),
        (#""""#, ""),
        (#""a b\tc""#, "a b\tc"),
        (#""é 🍂 한글""#, "é 🍂 한글"),
    ])
    func doubleQuotedEscapes(source: String, expected: String) {
        let lexed = langLex("print " + source)
        #expect(lexed.result == .complete, "\(source)")
        #expect(lexed.texts == ["print", expected])
        #expect(lexed.kinds == [.word, .string])
        #expect(lexed.tokens.last?.span == Span(line: 1, start: 6, end: 6 + source.utf8.count))
    }

    @Test func singleQuotesTakeNoEscapes() {
        let lexed = langLex(#"print 'a\nb\u{41}\"' '' '\'"#)
        #expect(lexed.result == .complete)
        #expect(lexed.texts == ["print", #"a\nb\u{41}\""#, "", "\\"])
        #expect(lexed.kinds == [.word, .string, .string, .string])
    }

    @Test func otherQuoteInsideString() {
        #expect(langLex(#"print "it's" 'say "x"'"#).texts == ["print", "it's", #"say "x""#])
    }

    @Test func stringsAndSemicolons() {
        let lexed = langLex(#"print "a;b";print 'c'"#)
        #expect(lexed.texts == ["print", "a;b", ";", "print", "c"])
    }

    @Test func hashInsideStringIsNotComment() {
        #expect(langLex(##"print "#x" '#y'"##).texts == ["print", "#x", "#y"])
    }

    @Test func emptyStrings() {
        let lexed = langLex(#"set username "" ; print ''"#)
        #expect(lexed.texts == ["set", "username", "", ";", "print", ""])
        #expect(lexed.tokens[2].span == Span(line: 1, start: 13, end: 15))
    }

    @Test(arguments: [
        // (line, start, end) of the error span; the escape is at byte 7.
        (#"print "\x""#, 7, 9),
        (#"print "\'""#, 7, 9),
        (#"print "\0""#, 7, 9),
        (#"print "\é""#, 7, 10),
        (#"print "\u""#, 7, 9),
        (#"print "\u41""#, 7, 9),
        (#"print "\u{}""#, 7, 11),
        (#"print "\u{1234567}""#, 7, 18),
        (#"print "\u{D800}""#, 7, 15),
        (#"print "\u{DFFF}""#, 7, 15),
        (#"print "\u{110000}""#, 7, 17),
        (#"print "\u{FFFFFF}""#, 7, 17),
        (#"print "\u{12g}""#, 7, 13),
        (#"print "\u{41"#, 7, 12),
    ])
    func badEscapes(line: String, start: Int, end: Int) {
        let lexed = langLex(line)
        let error = lexed.error
        #expect(error != nil, "\(line)")
        #expect(error?.span == Span(line: 1, start: start, end: end), "\(line)")
        #expect(error?.message.contains("escape") == true, "\(line): \(error?.message ?? "")")
    }

    @Test func surrogateEscapeMessageNamesTheValue() {
        #expect(langLex(#"print "\u{D800}""#).error?.message.contains("U+D800") == true)
        #expect(langLex(#"print "\u{110000}""#).error?.message.contains("U+110000") == true)
    }

    @Test(arguments: [
        (#"print "abc"#, 6),
        (#"print 'abc"#, 6),
        (#"print "a" "b"#, 10),
        ("print \"", 6),
        (#"print 'a"b"#, 6),
    ])
    func unterminatedStringPointsAtOpeningQuote(line: String, quote: Int) {
        let error = langLex(line).error
        #expect(error?.message.contains("unterminated") == true, "\(line)")
        #expect(error?.span == Span(line: 1, start: quote, end: quote + 1), "\(line)")
    }

    @Test func backslashEndingTheLineInsideAString() {
        let error = langLex(#"print "abc\"#).error
        #expect(error?.message.contains("unterminated") == true)
        #expect(error?.span.line == 1)
    }

    @Test func quoteTouchingWord() {
        let before = langLex(#"print ab"c""#).error
        #expect(before?.span == Span(line: 1, start: 8, end: 9))
        let after = langLex(#"print "a"b"#).error
        #expect(after?.span == Span(line: 1, start: 9, end: 10))
        let two = langLex(#"print "a""b""#).error
        #expect(two?.span == Span(line: 1, start: 9, end: 10))
        let single = langLex(#"print 'a'b"#).error
        #expect(single?.span == Span(line: 1, start: 9, end: 10))
        let wordSingle = langLex(#"print it's"#).error
        #expect(wordSingle?.span == Span(line: 1, start: 8, end: 9))
    }

    @Test func stringThenSeparatorOrContinuationIsFine() {
        #expect(langLex(#"print "a";get mode"#).result == .complete)
        #expect(langLex("print \"a\"\t").result == .complete)
        let cont = langLex(#"print "a"\"#)
        #expect(cont.result == .continued)
        #expect(cont.texts == ["print", "a"])
    }

    @Test func controlCharacterInsideString() {
        let error = langLex(Array(#"print "a"#.utf8) + [0x1B] + Array(#"b""#.utf8)).error
        #expect(error?.span == Span(line: 1, start: 8, end: 9))
        #expect(error?.message.contains("U+001B") == true)
        // A tab inside a string is kept.
        #expect(langLex("print \"a\tb\"").texts == ["print", "a\tb"])
    }

    // MARK: - Continuation and backslashes

    @Test func backslashAtVeryEndContinues() {
        let alone = langLex("set season \\")
        #expect(alone.result == .continued)
        #expect(alone.texts == ["set", "season"])
        let touching = langLex("set season\\")
        #expect(touching.result == .continued)
        #expect(touching.texts == ["set", "season"])
        #expect(touching.tokens[1].span == Span(line: 1, start: 4, end: 10))
        #expect(langLex("\\").result == .continued)
        #expect(langLex("\\").tokens.isEmpty)
        let doubled = langLex("print a\\\\")
        #expect(doubled.result == .continued)
        #expect(doubled.texts == ["print", "a\\"])
    }

    @Test func backslashElsewhereIsLiteral() {
        let lexed = langLex(#"print a\b \n \ c"#)
        #expect(lexed.result == .complete)
        #expect(lexed.texts == ["print", #"a\b"#, #"\n"#, "\\", "c"])
        #expect(langLex("print \\ ").result == .complete)
        #expect(langLex("print \\ ").texts == ["print", "\\"])
    }

    @Test func backslashBeforeTrailingBlankIsNotContinuation() {
        #expect(langLex("print a\\ ").result == .complete)
        #expect(langLex("print a\\ ").texts == ["print", "a\\"])
    }

    // MARK: - Bytes

    @Test(
        arguments: [
            ([0xC0, 0x80], "C0"),
            ([0xC1, 0xBF], "C1"),
            ([0xE0, 0x80, 0xAF], "E0"),
            ([0xED, 0xA0, 0x80], "ED"),
            ([0xED, 0xBF, 0xBF], "ED"),
            ([0xF0, 0x80, 0x80, 0xAF], "F0"),
            ([0xF4, 0x90, 0x80, 0x80], "F4"),
            ([0xF5, 0x80, 0x80, 0x80], "F5"),
            ([0xFF], "FF"),
            ([0xFE], "FE"),
            ([0x80], "80"),
            ([0xBF, 0x41], "BF"),
            ([0xE2, 0x82], "E2"),
            ([0xE2, 0x82, 0x41], "E2"),
            ([0xF0, 0x9F, 0x8D], "F0"),
            ([0xF0, 0x9F, 0x8D, 0x20], "F0"),
            ([0xC3], "C3"),
        ] as [([UInt8], String)])
    func invalidUTF8IsLocatedAtTheBadByte(bad: [UInt8], hex: String) {
        let prefix = Array("print é ".utf8)
        let lexed = langLex(prefix + bad + Array(" ok".utf8))
        let error = lexed.error
        #expect(error?.span == Span(line: 1, start: prefix.count, end: prefix.count + 1))
        #expect(error?.message == "invalid UTF-8 (byte 0x\(hex))")
        // Nothing of a bad line is tokenized.
        #expect(lexed.tokens.isEmpty)
    }

    @Test func invalidUTF8InsideStringAndComment() {
        #expect(
            langLex(Array("print \"a".utf8) + [0xC0, 0x80] + Array("\"".utf8)).error?.span.start
                == 8)
        #expect(langLex(Array("# note ".utf8) + [0xFF]).error?.span.start == 7)
    }

    @Test func validMultibyteIsFine() {
        let lexed = langLex("set username 한글🍂é\u{0301}")
        #expect(lexed.result == .complete)
        #expect(lexed.texts.last == "한글🍂é\u{0301}")
    }

    @Test(arguments: [UInt8(0x00), 0x01, 0x07, 0x08, 0x0B, 0x0C, 0x0D, 0x1B, 0x1F, 0x7F])
    func controlBytesAreErrors(byte: UInt8) {
        for bytes in [
            Array("print a".utf8) + [byte] + Array("b".utf8),
            Array("print ".utf8) + [byte],
        ] {
            let error = langLex(bytes).error
            let at = bytes.firstIndex(of: byte)!
            #expect(error?.span == Span(line: 1, start: at, end: at + 1))
            let hex = String(byte, radix: 16, uppercase: true)
            let code = String(repeating: "0", count: 4 - hex.count) + hex
            #expect(error?.message.contains("U+\(code)") == true, "\(error?.message ?? "")")
        }
    }

    // MARK: - Size

    /// Linear, not quadratic: ten times the semicolons take about ten times as long to lex
    /// and parse (a ratio, not a deadline, so a loaded machine or a sanitizer does not fail
    /// it; quadratic work would take a hundred times as long).
    @Test func manySemicolonsAreLinear() {
        func cost(_ count: Int) -> Duration {
            let bytes = [UInt8](repeating: UInt8(ascii: ";"), count: count)
            let clock = ContinuousClock()
            var best = Duration.seconds(1_000)
            for _ in 0..<3 {
                let elapsed = clock.measure {
                    let lexed = langLex(bytes)
                    #expect(lexed.result == .complete)
                    #expect(lexed.tokens.count == count)
                    var commands: [Command] = []
                    var errors: [SyntaxError] = []
                    Parser.parseLine(lexed.line, commands: &commands, errors: &errors)
                    #expect(commands.isEmpty && errors.isEmpty)
                }
                best = min(best, elapsed)
            }
            return best
        }
        let small = cost(20_000)
        let large = cost(200_000)
        #expect(large < small * 40, "20,000: \(small); 200,000: \(large)")
    }

    @Test func sixtyFourKiBLine() {
        var bytes = Array("print ".utf8)
        bytes += [UInt8](repeating: UInt8(ascii: "x"), count: Limits.lineBytes - bytes.count)
        #expect(bytes.count == 65_536)
        let lexed = langLex(bytes)
        #expect(lexed.result == .complete)
        #expect(lexed.tokens.count == 2)
        #expect(lexed.tokens[1].text.utf8.count == 65_530)
        #expect(lexed.tokens[1].span == Span(line: 1, start: 6, end: 65_536))
    }

    @Test func longStringWithEscapes() {
        let body = String(repeating: #"\u{1F342}\t"#, count: 4_000)
        let lexed = langLex("print \"\(body)\"")
        #expect(lexed.result == .complete)
        #expect(lexed.tokens[1].text == String(repeating: "🍂\t", count: 4_000))
    }
}

@Suite struct LexerEscapeControlTests {
    @Test(arguments: [UInt8(0x00), 0x1B, 0x07, 0x7F])
    func controlByteAfterBackslashIsAControlError(byte: UInt8) {
        let bytes = Array("print \"\\".utf8) + [byte] + Array("\"".utf8)
        let error = langLex(bytes).error
        #expect(error?.span == Span(line: 1, start: 8, end: 9))
        #expect(error?.message.contains("control character") == true)
        #expect(
            error.map { !$0.message.unicodeScalars.contains { $0.value == UInt32(byte) } } == true)
    }
}
