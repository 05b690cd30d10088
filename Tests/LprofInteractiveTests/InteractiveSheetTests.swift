import Testing

@testable import LprofInteractive

/// Tab completion and the prompt for the profile sheet and `show voiceover`.
@Suite struct InteractiveSheetTests {
    let completer = Completer { _ in [] }

    @Test(
        arguments: [
            ("dis", "miss ", []),
            ("pre", "sent ", []),
            ("d", "", ["done", "dismiss"]),
            ("p", "r", ["present", "print"]),
            ("dismiss ", "--force ", []),
            ("present ", "", []),
            ("get sh", "eet ", []),
            ("expect sh", "eet ", []),
            ("expect sheet ", "", ["presented", "dismissed"]),
            ("expect sheet d", "ismissed ", []),
            ("expect sheet P", "", []),
            ("expect error pre", "sent ", []),
            ("show v", "oiceover ", []),
            ("help dis", "miss ", []),
            ("help pre", "sent ", []),
        ] as [(String, String, [String])])
    func completes(line: String, insertion: String, candidates: [String]) {
        let completion = completer.complete(line)
        if line == "expect sheet P" {
            // Values ignore case: the typed letter is replaced.
            #expect(completion == Completion(replacing: 1, insertion: "presented "))
            return
        }
        #expect(completion.replacing == 0)
        #expect(completion.insertion == insertion)
        #expect(completion.candidates == candidates)
    }

    @Test func showListsVoiceover() {
        #expect(completer.complete("show ").candidates.contains("voiceover"))
    }

    @Test func promptWhileDismissed() {
        let plain = Prompt.text(
            editing: false, pending: false, continuation: false, color: false, dismissed: true)
        #expect(plain == "lprof (dismissed)> ")
        let coloured = Prompt.text(
            editing: false, pending: false, continuation: false, color: true, dismissed: true)
        #expect(Prompt.visibleText(coloured) == plain)
        #expect(Prompt.visibleWidth(coloured) == plain.count)
        #expect(coloured.contains("\u{1}\u{1B}[2m\u{1}(dismissed)"))
        let continued = Prompt.text(
            editing: false, pending: false, continuation: true, color: false, dismissed: true)
        #expect(continued == "...> ")
    }
}
