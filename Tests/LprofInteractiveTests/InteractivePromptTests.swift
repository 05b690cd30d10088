import Testing

@testable import LprofInteractive

@Suite struct InteractivePromptTests {
    @Test(arguments: [
        (false, false, false, "lprof> "),
        (false, true, false, "lprof> "),
        (true, false, false, "lprof edit> "),
        (true, true, false, "lprof edit*> "),
        (false, false, true, "...> "),
        (true, true, true, "...> "),
    ])
    func plainText(editing: Bool, pending: Bool, continuation: Bool, expected: String) {
        let text = Prompt.text(
            editing: editing, pending: pending, continuation: continuation, color: false)
        #expect(text == expected)
        #expect(!text.contains(Prompt.escapeMarker))
        #expect(Prompt.visibleWidth(text) == expected.count)
    }

    @Test(arguments: [
        (false, false, false), (true, false, false), (true, true, false), (false, false, true),
    ])
    func colouredTextShowsTheSameWords(editing: Bool, pending: Bool, continuation: Bool) {
        let plain = Prompt.text(
            editing: editing, pending: pending, continuation: continuation, color: false)
        let coloured = Prompt.text(
            editing: editing, pending: pending, continuation: continuation, color: true)
        #expect(coloured != plain)
        #expect(Prompt.visibleText(coloured) == plain)
        #expect(Prompt.visibleWidth(coloured) == plain.count)
    }

    /// Every escape sequence sits between markers, and each marked run is followed by a
    /// visible character: libedit prints a marked run together with that character and
    /// drops a run that nothing visible follows.
    @Test(arguments: [(false, false), (true, false), (true, true)])
    func markersWrapEscapesBeforeVisibleText(editing: Bool, pending: Bool) {
        let coloured = Prompt.text(
            editing: editing, pending: pending, continuation: false, color: true)
        let pieces = coloured.split(
            separator: Prompt.escapeMarker, omittingEmptySubsequences: false)
        #expect(pieces.count % 2 == 1)
        for (index, piece) in pieces.enumerated() {
            if index % 2 == 1 {
                #expect(piece.hasPrefix("\u{1B}[") && piece.hasSuffix("m"))
            } else {
                #expect(!piece.contains("\u{1B}"))
                if index > 0 { #expect(!piece.isEmpty) }
            }
        }
        #expect(coloured.hasSuffix("\u{1B}[0m\u{1}> "))
    }

    @Test func pendingStarIsRed() {
        let coloured = Prompt.text(editing: true, pending: true, continuation: false, color: true)
        #expect(coloured.contains("\u{1}\u{1B}[0;1;31m\u{1}*"))
    }

    @Test func widthCountsWideCharactersAndSkipsMarkedText() {
        #expect(Prompt.visibleWidth("\u{1}\u{1B}[1m\u{1}한글> ") == 6)
        #expect(Prompt.visibleText("a\u{1}hidden\u{1}b") == "ab")
    }
}

/// The history warning fits the terminal, broken at spaces.
@Suite struct HistoryWarningTests {
    @Test func wrapsUnderItsText() {
        let text = HistoryPolicy.notSavedWarning("cannot open it: Permission denied", width: 40)
        let lines = text.dropLast().split(separator: "\n").map(String.init)
        #expect(lines.count > 1)
        #expect(lines.allSatisfy { $0.count <= 40 })
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("         ") })
        #expect(
            lines.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
                == "warning: history is not saved (cannot open it: Permission denied); this session keeps it in memory"
        )
    }
}
