import Testing

@testable import LprofText

@Suite struct TextWrapTests {
    /// Code indented deeper than a narrow window (`show code` at 20 columns from
    /// accessibilityMedium up) keeps half the width of its indentation: no line of spaces
    /// alone, none wider than the width.
    @Test func deepIndentationFitsANarrowWidth() {
        let line = String(repeating: " ", count: 24) + "draftProfile = modelData.profile"
        let lines = TextWrap.lines(line, width: 20)
        #expect(lines.allSatisfy { TextWidth.columns(of: $0) <= 20 }, "\(lines)")
        #expect(!lines.contains { $0.allSatisfy { $0 == " " } }, "\(lines)")
        #expect(lines.first == String(repeating: " ", count: 10) + "draftProfi")
    }

    @Test func aQuotedCommandStaysOnOneLine() {
        let lines = TextWrap.lines("then type 'get --json' to see it", width: 14)
        #expect(lines == ["then type", "'get --json'", "to see it"])
        // Punctuation after the closing quote, and an apostrophe inside a word.
        #expect(
            TextWrap.lines("lprof's store: 'done --force', then", width: 16)
                == ["lprof's store:", "'done --force',", "then"])
    }

    @Test func aQuoteTooWideForTheLineBreaksAsWords() {
        #expect(TextWrap.lines("'a b c d e f'", width: 6) == ["'a b c", "d e f'"])
    }

    /// A paragraph broken for 80 columns is wrapped whole when narrower; a line that ends
    /// short, or a labelled line, starts its own (issue 25 item 5).
    @Test func aParagraphBrokenAt80IsWrappedWhole() {
        let first = "  " + Array(repeating: "word", count: 15).joined(separator: " ")  // 76
        let text = first + "\n  more words here.\n  Example: x y"
        #expect(TextWrap.block(text, width: 80) == text)
        #expect(
            TextWrap.block(text, width: 40).split(separator: "\n")
                == [
                    "  word word word word word word word", "  word word word word word word word",
                    "  word more words here.", "  Example: x y",
                ])
        // A short line ends where its writer meant it to.
        #expect(TextWrap.block("  short line.\n  next", width: 8) == "  short\n  line.\n  next")
    }

    @Test func shortTextIsLeftAlone() {
        #expect(TextWrap.lines("one two", width: 7) == ["one two"])
        #expect(TextWrap.block("a\n\nb", width: 1) == "a\n\nb")
    }

    @Test func wrapsAtSpacesAndKeepsTheIndent() {
        #expect(TextWrap.lines("  one two three", width: 9) == ["  one two", "  three"])
        #expect(
            TextWrap.lines("error: one two three", width: 14, indent: 7)
                == ["error: one two", "       three"])
        // An indent over half the width is not kept.
        #expect(TextWrap.lines("error: one two", width: 10, indent: 7) == ["error: one", "two"])
    }

    @Test func wordsWiderThanTheLineBreakInside() {
        #expect(TextWrap.lines("abcdefgh", width: 3) == ["abc", "def", "gh"])
        #expect(TextWrap.lines("한글한글", width: 4) == ["한글", "한글"])
    }

    @Test func twoColumnEntriesWrapUnderTheSecondColumn() {
        let line = "  get FIELD   print one value of the profile"
        #expect(TextWrap.secondColumn(of: line)?.column == 14)
        #expect(TextWrap.secondColumn(of: line)?.first == "  get FIELD")
        #expect(
            TextWrap.block(line, width: 30)
                == "  get FIELD   print one value\n              of the profile")
        // Too little room beside the first column: the second goes underneath.
        #expect(
            TextWrap.block(line, width: 20)
                == "  get FIELD\n      print one\n      value of the\n      profile")
        #expect(TextWrap.secondColumn(of: "plain prose, one space") == nil)
    }

    @Test func diagnosticsWrapOnlyTheirMessageLine() {
        let d = Diagnostic(
            .error, "fields change only in edit mode",
            location: Diagnostic.Location(source: "<prompt>", line: 1, column: 1))
        var printer = DiagnosticPrinter(promptWidth: 7, wrapWidth: 24)
        #expect(printer.render(d) == "error: fields change\n       only in edit mode\n")
        printer.promptWidth = nil
        #expect(
            printer.render(d)
                == "<prompt>:1:1: error:\n  fields change only in\n  edit mode\n")
        printer.wrapWidth = nil
        #expect(printer.render(d) == "<prompt>:1:1: error: fields change only in edit mode\n")
    }
}
