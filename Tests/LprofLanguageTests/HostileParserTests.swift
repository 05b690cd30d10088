import LprofText
import Testing

@testable import LprofLanguage

/// Inputs found while fuzzing and probing (issue 7): each must give a located syntax error,
/// never a crash, a trap or an unbounded recursion.
@Suite struct HostileParserTests {
    static func parse(_ text: String) -> ([Command], [SyntaxError]) {
        let line = SourceLine(text)
        if let error = line.lexError { return ([], [error]) }
        var commands: [Command] = []
        var errors: [SyntaxError] = []
        Parser.parseLine(line, commands: &commands, errors: &errors)
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
        let text = String(repeating: "expect error ", count: Limits.expectNesting) + "print x"
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
        let line = SourceLine(text)
        guard let error = line.lexError else {
            Issue.record("no error for \(text.debugDescription)")
            return
        }
        #expect(error.span.start >= 0 && error.span.start <= error.span.end)
        #expect(error.span.end <= text.utf8.count)
        let d = line.diagnostic(.error, error.message, at: error.span, source: "t")
        #expect(
            !DiagnosticPrinter().render(d).unicodeScalars.contains {
                $0.value < 0x0A || $0.value == 0x1B
            })
    }

    @Test func invalidAndOverlongUTF8AreLocated() {
        for bad: [UInt8] in [
            [0xC0, 0xAF], [0xE0, 0x80, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xFF],
            [0xC2],
        ] {
            var line = SourceLine()
            let bytes: [UInt8] = [0x70] + bad
            bytes.withUnsafeBufferPointer {
                _ = line.appendPhysicalLine($0, number: 1, tooLong: false)
            }
            guard let error = line.lexError else {
                Issue.record("no error for \(bad)")
                continue
            }
            #expect(error.span.start == 1)
        }
    }

    @Test func diagnosticsShowNoControlsFromTheUser() {
        let d = Diagnostic(
            .error, "unknown view '\u{1B}[2J\u{9B}\u{202E}'",
            location: .init(source: "a\u{1B}b", line: 1, column: 1))
        let text = DiagnosticPrinter().render(d)
        #expect(
            !text.unicodeScalars.contains {
                $0.value == 0x1B || $0.value == 0x9B || $0.value == 0x202E
            })
    }
}
