import LprofModel
import Testing

@testable import LprofInteractive
@testable import LprofShell

extension Prompt {
    /// The prompt for these marks (`PromptText.parts(editing:…)`), or the continuation's.
    static func text(
        editing: Bool, pending: Bool, continuation: Bool, color: Bool, dismissed: Bool = false
    ) -> String {
        let parts =
            continuation
            ? PromptText.continuation
            : PromptText.parts(
                editing: editing, pending: pending, dismissed: dismissed, wired: false)
        return text(parts, color: color)
    }
}

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

    /// The terminal paints the words `--echo` prints (`PromptText`, one place for both), in
    /// every state the host can show: the lab's wiring, the sheet, edit mode, a stale draft.
    @Test func theTerminalPaintsTheEchosWords() throws {
        let today = try #require(CalendarDay(iso: "2026-11-30"))
        var stored = Profile.default(today: today)
        stored.seasonalPhoto = .autumn
        var host = Host(profile: stored, defaultProfile: .default(today: today))
        var seen: [String] = []
        func look() {
            let plain = PromptText.plain(for: host)
            #expect(Prompt.text(for: host, color: false) == plain)
            #expect(Prompt.visibleText(Prompt.text(for: host, color: true)) == plain)
            seen.append(plain)
        }
        look()
        _ = try host.apply(.rewire(.onAppear(.none), stored))
        look()
        _ = try host.apply(.editButton(.on))
        look()
        _ = try host.apply(.dismiss)
        look()
        #expect(
            seen == [
                "lprof> ", "lprof (wired)> ", "lprof (wired) edit*> ",
                "lprof (wired) (dismissed)> ",
            ])
        #expect(Prompt.continuation(color: false) == "...> ")
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
