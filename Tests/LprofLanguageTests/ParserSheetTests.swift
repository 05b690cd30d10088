import LprofText
import Testing

@testable import LprofLanguage

/// The sheet's commands and targets, and `show voiceover` (SPEC §3).
@Suite struct ParserSheetTests {
    @Test func dismissAndPresent() {
        #expect(langCommand("dismiss") == .dismiss(force: false))
        #expect(langCommand("dismiss --force") == .dismiss(force: true))
        #expect(langCommand("present") == .present)
        let (commands, errors) = langParse("dismiss; present")
        #expect(errors.isEmpty)
        #expect(commands.map(\.kind) == [.dismiss(force: false), .present])
    }

    @Test func dismissAndPresentTakeNoOtherArguments() {
        #expect(
            langError("present now")?.message
                == "too many arguments to 'present' (see 'help present')")
        #expect(langError("dismiss now")?.message == "unknown option 'now'")
        #expect(
            langError("dismiss --force x")?.message
                == "too many arguments to 'dismiss' (see 'help dismiss')")
        #expect(langError("dismis")?.message == "unknown command 'dismis'; did you mean 'dismiss'?")
    }

    @Test func getAndExpectTheSheet() {
        #expect(langCommand("get sheet") == .get(.sheet))
        let line = "expect sheet dismissed"
        #expect(
            langCommand(line)
                == .expect(.sheet, Argument("dismissed", at: langSpan("dismissed", in: line))))
        #expect(langCommand("expect error present") != nil)
        #expect(langError("get sheets")?.message == "unknown field 'sheets'; did you mean 'sheet'?")
    }

    @Test func setSheetPointsAtTheCommands() {
        #expect(
            langError("set sheet dismissed")?.message
                == "the sheet changes with 'dismiss' and 'present', not 'set'")
    }

    @Test func showVoiceover() {
        #expect(
            langCommand("show voiceover") == .show(.voiceover, Span(line: 1, start: 5, end: 14)))
        #expect(
            langError("show voiceovr")?.message
                == "unknown view 'voiceovr'; did you mean 'voiceover'?")
        #expect(langError("show voiceover x") != nil)
    }
}
