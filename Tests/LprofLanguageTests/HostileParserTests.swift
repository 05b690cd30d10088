import Testing

@testable import LprofLanguage

/// Inputs found while fuzzing and probing (issue 7): each must give a located syntax error,
/// never a crash, a trap or an unbounded recursion.
@Suite struct HostileParserTests {
    static func lex(_ text: String) -> (LexResult, [Token]) {
        var tokens: [Token] = []
        let bytes = Array(text.utf8)
        let result = bytes.withUnsafeBufferPointer { Lexer.lex($0, line: 1, into: &tokens) }
        return (result, tokens)
    }

    static func parse(_ text: String) -> ([Command], [SyntaxError]) {
        let (result, tokens) = lex(text)
        if case .failed(let error) = result { return ([], [error]) }
        var commands: [Command] = []
        var errors: [SyntaxError] = []
        Parser.parseLine(tokens, commands: &commands, errors: &errors)
        return (commands, errors)
    }

    @Test func aDeepExpectErrorChainIsAnErrorNotAStackOverflow() {
        let text = String(repeating: "expect error ", count: 5000) + "print x"
        let (commands, errors) = Self.parse(text)
        #expect(commands.isEmpty)
        #expect(errors.count == 1)
        #expect(errors.first?.message.contains("nests too deeply") == true)
    }

    @Test func expectErrorNestsUpToTheLimit() {
        let text = String(repeating: "expect error ", count: Parser.maxExpectNesting) + "print x"
        let (commands, errors) = Self.parse(text)
        #expect(errors.isEmpty)
        #expect(commands.count == 1)
    }

    @Test(arguments: [
        "print a\u{0}b", "print \"\u{0}\"", "print \"bad \\\u{0}\"", "print \u{1B}[31m",
        "print \"\\u{D800}\"", "print \"\\u{110000}\"", "print \"\\u{FFFFFFF}\"", "print \"\\u{}\"",
        "print \"\\u{1F342\"", "print \"\\u\"", "print \"abc\\",
    ])
    func controlsAndBadEscapesAreLocatedErrors(_ text: String) {
        let (result, _) = Self.lex(text)
        guard case .failed(let error) = result else {
            Issue.record("no error for \(text.debugDescription)")
            return
        }
        #expect(error.span.start >= 0 && error.span.start <= error.span.end)
        #expect(error.span.end <= text.utf8.count)
        let d = Diagnostic(.error, error.message, source: "t", span: error.span, lineBytes: UnsafeBufferPointer(start: nil, count: 0))
        #expect(!DiagnosticPrinter().render(d).unicodeScalars.contains { $0.value < 0x0A || $0.value == 0x1B })
    }

    @Test func invalidAndOverlongUTF8AreLocated() {
        for bytes: [UInt8] in [
            [0x70, 0xC0, 0xAF], [0x70, 0xE0, 0x80, 0xAF], [0x70, 0xED, 0xA0, 0x80], [0x70, 0xF4, 0x90, 0x80, 0x80],
            [0x70, 0xFF], [0x70, 0xC2],
        ] {
            var tokens: [Token] = []
            let result = bytes.withUnsafeBufferPointer { Lexer.lex($0, line: 1, into: &tokens) }
            guard case .failed(let error) = result else {
                Issue.record("no error for \(bytes)")
                continue
            }
            #expect(error.span.start == 1)
        }
    }

    @Test func diagnosticsShowNoControlsFromTheUser() {
        let d = Diagnostic(
            .error, "unknown view '\u{1B}[2J\u{9B}\u{202E}'", location: .init(source: "a\u{1B}b", line: 1, column: 1))
        let text = DiagnosticPrinter().render(d)
        #expect(!text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x9B || $0.value == 0x202E })
    }

    @Test func aHugeLineShowsAWindowAroundTheCaret() {
        let line = Array((String(repeating: "a", count: 60_000) + " \"\\q\"").utf8)
        let span = Span(line: 1, start: 60_002, end: 60_004)
        let d = line.withUnsafeBufferPointer {
            Diagnostic(.error, "unknown escape", source: "t", span: span, lineBytes: $0)
        }
        let excerpt = d.excerpt!
        #expect(excerpt.text.count <= Diagnostic.maxExcerptColumns + 2)
        #expect(d.location?.column == 60_003)
        let shown = Array(excerpt.text)
        #expect(shown[excerpt.caretColumn] == "\\")
    }
}
