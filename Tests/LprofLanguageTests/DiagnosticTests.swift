import Testing

@testable import LprofLanguage
@testable import LprofText

@Suite struct DiagnosticTests {
    static func diagnose(
        _ bytes: [UInt8], _ span: Span, source: String = "s.lprof", message: String = "bad"
    ) -> Diagnostic {
        bytes.withUnsafeBufferPointer {
            Diagnostic(.error, message, source: source, span: span, lineBytes: $0)
        }
    }

    static func diagnose(_ line: String, at needle: String, occurrence: Int = 1) -> Diagnostic {
        diagnose(Array(line.utf8), langSpan(needle, in: line, occurrence: occurrence))
    }

    /// The first line, the excerpt line and the caret line of a rendered diagnostic.
    static func rendered(_ d: Diagnostic, printer: DiagnosticPrinter = DiagnosticPrinter())
        -> [String]
    {
        printer.render(d).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    // MARK: - Location line

    @Test func plainASCII() {
        var d = Self.diagnose("set season sesaon", at: "sesaon")
        d.message = "unknown season value 'sesaon'"
        d.location?.line = 3
        #expect(
            DiagnosticPrinter().render(d) == """
                s.lprof:3:12: error: unknown season value 'sesaon'
                set season sesaon
                           ^~~~~~

                """)
    }

    @Test func warningLabel() {
        let d = Diagnostic(
            .warning, "ended in edit mode", location: .init(source: "<stdin>", line: 4, column: 1))
        #expect(DiagnosticPrinter().render(d) == "<stdin>:4:1: warning: ended in edit mode\n")
    }

    @Test func noLocationNoExcerpt() {
        #expect(
            DiagnosticPrinter().render(Diagnostic(.error, "script 'x' cannot be read"))
                == "lprof: error: script 'x' cannot be read\n")
    }

    @Test(arguments: [
        // (text before " bad", column of "bad", display column of the caret)
        ("print é", 9, 8),
        ("print e\u{0301}", 9, 8),
        ("print 🍂", 9, 9),
        ("print 한글", 10, 11),
        ("print 👨‍👩‍👧‍👦", 9, 9),
        ("print ☃️", 9, 9),
        ("print 🇰🇷", 9, 9),
        ("print 中文字", 11, 13),
        ("é🍂한글👨‍👩‍👧‍👦", 7, 10),
    ])
    func columnsCountCharactersAndCaretCountsWidth(prefix: String, column: Int, caret: Int) {
        let line = prefix + " bad"
        let d = Self.diagnose(line, at: "bad")
        #expect(d.location?.column == column, "\(line)")
        #expect(d.excerpt?.caretColumn == caret, "\(line)")
        #expect(d.excerpt?.caretWidth == 3)
        #expect(d.excerpt?.text == line)
        let lines = Self.rendered(d)
        #expect(lines[0] == "s.lprof:1:\(column): error: bad")
        #expect(lines[2] == String(repeating: " ", count: caret) + "^~~")
    }

    @Test func caretWidthCoversWideText() {
        let d = Self.diagnose("set username 한글🍂", at: "한글🍂")
        #expect(d.excerpt?.caretColumn == 13)
        #expect(d.excerpt?.caretWidth == 6)
        #expect(Self.rendered(d)[2] == String(repeating: " ", count: 13) + "^~~~~~")
    }

    @Test func tabsAreExpanded() {
        let line = "\tset\tseason x"
        let d = Self.diagnose(line, at: "x")
        #expect(d.location?.column == 13)
        #expect(d.excerpt?.text == "        set     season x")
        #expect(d.excerpt?.caretColumn == 23)
        #expect(Self.rendered(d)[2] == String(repeating: " ", count: 23) + "^")
    }

    @Test func tabAfterWideCharacter() {
        // 한 is two columns wide: the tab after it reaches column 8.
        let d = Self.diagnose("한\tx", at: "x")
        #expect(d.excerpt?.text == "한      x")
        #expect(d.excerpt?.caretColumn == 8)
        #expect(d.location?.column == 3)
    }

    @Test func spanAtLineEnd() {
        let line = "set season"
        let d = Self.diagnose(Array(line.utf8), Span(line: 1, start: 10, end: 10))
        #expect(d.location?.column == 11)
        #expect(d.excerpt?.caretColumn == 10)
        #expect(d.excerpt?.caretWidth == 1)
    }

    @Test func emptyLine() {
        let d = Self.diagnose([], Span(line: 7, start: 0, end: 1))
        #expect(d.location == .init(source: "s.lprof", line: 7, column: 1))
        #expect(d.excerpt?.text == "")
        #expect(d.excerpt?.caretColumn == 0)
    }

    // MARK: - Unsafe text shown safely

    @Test func controlCharactersAreVisible() {
        let bytes = Array("print a".utf8) + [0x1B] + Array("[31mb x".utf8) + [0x00, 0x7F]
        let d = Self.diagnose(bytes, Span(line: 1, start: 7, end: 8))
        #expect(d.location?.column == 8)
        #expect(d.excerpt?.text == "print a\u{241B}[31mb x\u{2400}\u{2421}")
        #expect(d.excerpt?.caretColumn == 7)
        let text = DiagnosticPrinter().render(d)
        #expect(!text.utf8.contains(0x1B))
        #expect(!text.utf8.contains(0x00))
        #expect(!text.utf8.contains(0x7F))
    }

    @Test func c1AndBidiControlsAreReplaced() {
        let line = "print \u{9B}31m \u{202E}abc \u{2066}x"
        let x = line.utf8.count - 1
        let d = Self.diagnose(Array(line.utf8), Span(line: 1, start: x, end: x + 1))
        #expect(d.excerpt?.text == "print \u{FFFD}31m \u{FFFD}abc \u{FFFD}x")
        #expect(d.location?.column == 18)
        #expect(d.excerpt?.caretColumn == 17)
    }

    @Test(
        arguments: [
            [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF5], [0xE2, 0x82], [0xFF, 0xFE], [0x80],
        ] as [[UInt8]])
    func invalidBytesAreReplaced(bad: [UInt8]) {
        let prefix = Array("set username ".utf8)
        let bytes = prefix + bad + Array(" x".utf8)
        // The lexer's own error is what gets shown.
        let lexed = langLex(bytes)
        guard let error = lexed.error else {
            Issue.record("no error for \(bad)")
            return
        }
        let d = Self.diagnose(bytes, error.span)
        #expect(d.location?.column == 14)
        #expect(d.excerpt?.caretColumn == 13)
        #expect(d.excerpt?.caretWidth == 1)
        #expect(d.excerpt?.text.hasPrefix("set username \u{FFFD}") == true)
        #expect(d.excerpt?.text.hasSuffix(" x") == true)
        let text = DiagnosticPrinter().render(d)
        #expect(String(validating: Array(text.utf8), as: UTF8.self) != nil)
    }

    @Test func realReplacementCharacterIsThreeBytes() {
        let d = Self.diagnose("print \u{FFFD} x", at: "x")
        #expect(d.location?.column == 9)
        #expect(d.excerpt?.caretColumn == 8)
    }

    @Test func lexerErrorsNeverRenderRawControlBytes() {
        // Every lexer error on a line holding control bytes renders without them.
        let lines: [[UInt8]] = [
            Array("print \"\\".utf8) + [0x1B] + Array("[2J\"".utf8),
            Array("print \"a".utf8) + [0x1B],
            Array("print ".utf8) + [0x1B] + Array("]0;title".utf8) + [0x07],
            Array("print \"".utf8) + [0x9B],
            Array("print \"\\".utf8) + [0x00] + Array("\"".utf8),
            Array("print \"\\".utf8) + [0x7F] + Array("\"".utf8),
        ]
        for bytes in lines {
            guard let error = langLex(bytes).error else {
                Issue.record("no error for \(bytes)")
                continue
            }
            var d = Self.diagnose(bytes, error.span)
            d.message = error.message
            for printer in [DiagnosticPrinter(), DiagnosticPrinter(promptWidth: 7)] {
                let text = printer.render(d)
                #expect(!text.utf8.contains(0x1B), "\(text)")
                #expect(!text.utf8.contains(0x00), "\(text)")
                #expect(!text.utf8.contains(0x07), "\(text)")
                #expect(!text.utf8.contains(0x7F), "\(text)")
            }
        }
    }

    @Test func messagesWithControlCharactersRenderSafely() {
        // A value given as "\u{1B}[31m" reaches messages that quote it.
        let d = Diagnostic(
            .error, "unknown season value '\u{1B}[31m\u{9B}1m\u{7}'",
            location: .init(source: "<stdin>", line: 1, column: 12))
        for printer in [DiagnosticPrinter(), DiagnosticPrinter(promptWidth: 7)] {
            let text = printer.render(d)
            #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(text)")
            #expect(!text.unicodeScalars.contains { (0x7F...0x9F).contains($0.value) }, "\(text)")
            #expect(text.contains("[31m"))
        }
    }

    // MARK: - Interactive form and colour

    @Test func interactiveFormPutsCaretUnderTheTypedLine() {
        let d = Self.diagnose("set sesaon x", at: "sesaon")
        let text = DiagnosticPrinter(promptWidth: 7).render(d)
        #expect(text == String(repeating: " ", count: 7 + 4) + "^~~~~~\nerror: bad\n")
        #expect(!text.contains("s.lprof"))
    }

    @Test func interactiveCaretAfterWideText() {
        let d = Self.diagnose("set username 한글 x", at: "x")
        let text = DiagnosticPrinter(promptWidth: 12).render(d)
        #expect(text.hasPrefix(String(repeating: " ", count: 12 + 18) + "^\n"))
    }

    @Test func caretOnTheLastRowOfAWrappedLineGoesStraightUnderIt() {
        // "lprof> " (7) + 38 columns at 40 wide: the terminal's rows are
        // "lprof> print aaaaaaaaaaaaaaaaaaaaaaaaaaa" and "aaaa sesaon".
        let line = "print " + String(repeating: "a", count: 31) + " sesaon"
        let d = Self.diagnose(line, at: "sesaon")
        let text = DiagnosticPrinter(promptWidth: 7, wrapWidth: 40).render(d)
        #expect(text.hasPrefix(String(repeating: " ", count: 5) + "^~~~~~\n"))
    }

    @Test func caretOnAnEarlierRowShowsThatRowAgain() {
        let line = "set sesaon " + String(repeating: "x", count: 40)
        let d = Self.diagnose(line, at: "sesaon")
        let text = DiagnosticPrinter(promptWidth: 7, wrapWidth: 40).render(d)
        let rows = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(rows[0] == "       set sesaon " + String(repeating: "x", count: 22))
        #expect(rows[1] == String(repeating: " ", count: 11) + "^~~~~~")
    }

    @Test func aLineThatFitsKeepsTheSimpleCaret() {
        let d = Self.diagnose("set sesaon x", at: "sesaon")
        let text = DiagnosticPrinter(promptWidth: 7, wrapWidth: 40).render(d)
        #expect(text.hasPrefix(String(repeating: " ", count: 11) + "^~~~~~\nerror: bad"))
    }

    @Test func interactiveWithoutExcerpt() {
        let text = DiagnosticPrinter(promptWidth: 7).render(Diagnostic(.warning, "draft pending"))
        #expect(text == "warning: draft pending\n")
    }

    @Test func colourOnlyWhenAsked() {
        let d = Self.diagnose("set sesaon x", at: "sesaon")
        #expect(!DiagnosticPrinter(color: false).render(d).contains("\u{1B}"))
        let coloured = DiagnosticPrinter(color: true).render(d)
        #expect(coloured.contains("\u{1B}[1;31merror:\u{1B}[0m bad"))
        let warning = Diagnostic(.warning, "w")
        #expect(DiagnosticPrinter(color: true).render(warning).contains("\u{1B}[1;35mwarning:"))
    }
}

@Suite struct TextWidthTests {
    @Test(
        arguments: [
            ("a", 1), ("~", 1), ("é", 1), ("中", 2), ("한", 2), ("あ", 2), ("Ａ", 2), ("🍂", 2),
            ("🌷", 2), ("🌞", 2), ("😀", 2), ("🦊", 2),
        ] as [(Unicode.Scalar, Int)])
    func scalarWidths(scalar: Unicode.Scalar, width: Int) {
        #expect(TextWidth.columns(of: scalar) == width, "U+\(String(scalar.value, radix: 16))")
    }

    @Test(
        arguments: [
            0x0300, 0x0301, 0x0308, 0x20DD, 0xFE0F, 0xFE0E, 0x200B, 0x200D, 0x1160, 0x11A8, 0xE0100,
        ] as [UInt32])
    func zeroWidthScalars(value: UInt32) {
        #expect(TextWidth.columns(of: Unicode.Scalar(value)!) == 0, "U+\(String(value, radix: 16))")
    }

    @Test(arguments: [0x00, 0x1B, 0x7F, 0x9B] as [UInt32])
    func controlScalarsAreZero(value: UInt32) {
        #expect(TextWidth.columns(of: Unicode.Scalar(value)!) == 0)
    }

    @Test(
        arguments: [
            ("a", 1), ("e\u{0301}", 1), ("☃️", 2), ("☃", 1), ("❤️", 2), ("🍂", 2),
            ("👨‍👩‍👧‍👦", 2), ("🇰🇷", 2), ("👍🏽", 2), ("각", 2), ("\u{1100}\u{1161}\u{11A8}", 2),
            ("\u{FE0F}", 0),
        ] as [(Character, Int)])
    func characterWidths(character: Character, width: Int) {
        #expect(
            TextWidth.columns(of: character) == width,
            "\(character.unicodeScalars.map { $0.value })")
    }

    @Test func stringWidths() {
        #expect(TextWidth.columns(of: "") == 0)
        #expect(TextWidth.columns(of: "g_kumar") == 7)
        #expect(TextWidth.columns(of: "Seasonal Photos: ☃️") == 19)
        #expect(TextWidth.columns(of: "2026년 11월 30일") == 4 + 2 + 1 + 2 + 2 + 1 + 2 + 2)
        #expect(TextWidth.columns(of: "2026年11月30日") == 4 + 2 + 2 + 2 + 2 + 2)
        #expect(TextWidth.columns(of: "Cafe\u{0301} 🍂"[...]) == 7)
    }
}

@Suite struct DiagnosticClusterTests {
    @Test func spanStartingInsideACharacterPointsAtThatCharacter() {
        // `"a"` then U+0301: the quote and the mark are one character; the lexer's error is at
        // the mark's first byte, inside it.
        let bytes = Array("print \"a\"\u{0301} x".utf8)
        guard let error = langLex(bytes).error else {
            Issue.record("no error")
            return
        }
        #expect(error.span.start == 9)
        let d = bytes.withUnsafeBufferPointer {
            Diagnostic(.error, error.message, source: "s", span: error.span, lineBytes: $0)
        }
        #expect(d.location?.column == 9)
        #expect(d.excerpt?.caretColumn == 8)
        #expect(d.excerpt?.caretWidth == 1)
    }

    @Test func emptySpanBetweenCharacters() {
        let bytes = Array("ab cd".utf8)
        let d = bytes.withUnsafeBufferPointer {
            Diagnostic(
                .error, "m", source: "s", span: Span(line: 1, start: 3, end: 3), lineBytes: $0)
        }
        #expect(d.location?.column == 4)
        #expect(d.excerpt?.caretColumn == 3)
        #expect(d.excerpt?.caretWidth == 1)
    }
}
