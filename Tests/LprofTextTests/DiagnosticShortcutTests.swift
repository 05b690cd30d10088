import Testing

@testable import LprofText

/// `Diagnostic.locate` takes two shortcuts: a printable-ASCII line is located byte for byte,
/// and a long line is read no further than its excerpt shows. Both must place the caret,
/// count the column and cut the excerpt exactly as reading every character does.
@Suite struct DiagnosticShortcutTests {
    static func locate(_ line: String, _ span: Span, shortcuts: Bool) -> (Int, Diagnostic.Excerpt) {
        var bytes = Array(line.utf8)
        return bytes.withUnsafeMutableBufferPointer {
            let b = UnsafeBufferPointer($0)
            return shortcuts
                ? Diagnostic.locate(span, in: b)
                : Diagnostic.locateInCharacters(span, in: b, stoppingPastExcerpt: false)
        }
    }

    static let lines: [String] = [
        "", "set season autumn", "set username \"hiker 3\"  # step 3",
        String(repeating: "word ", count: 60), String(repeating: "x", count: 300),
        "caf\u{E9} " + String(repeating: "\u{1F342} leaf ", count: 40),
        "\t" + String(repeating: "e\u{301}", count: 150) + " end",
        String(repeating: "\u{4E2D}", count: 200),
    ]

    @Test(arguments: lines)
    func shortcutsChangeNothing(_ line: String) {
        let count = line.utf8.count
        var spans: [Span] = []
        for start in stride(from: 0, through: count + 2, by: Swift.max(1, count / 17)) {
            for length in [0, 1, 3, 70, 200] {
                spans.append(Span(line: 1, start: start, end: start + length))
            }
        }
        for span in spans {
            let fast = Self.locate(line, span, shortcuts: true)
            let full = Self.locate(line, span, shortcuts: false)
            #expect(fast.0 == full.0, "column at \(span)")
            #expect(fast.1 == full.1, "excerpt at \(span)")
        }
    }
}
