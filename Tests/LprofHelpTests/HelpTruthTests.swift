import Testing

@testable import LprofHelp

/// `help` says nothing about SwiftUI that the tutorial's code contradicts, and names the
/// control and the edition wherever the two editions differ (issue 11).
@Suite struct HelpTruthTests {
    /// Every topic but `learn`, whose lesson texts are checked with the lessons.
    static let topics = HelpText.topics.filter { $0.key != "learn" }

    @Test func nothingIsDisabled() {
        // ProfileHost swaps ProfileEditor out of the view tree; `.disabled` is quiz 1's
        // EditableNameView, another pattern.
        for (topic, text) in Self.topics {
            #expect(!text.contains("are disabled"), "help \(topic)")
            #expect(!text.contains("controls disabled"), "help \(topic)")
        }
        #expect(HelpText.topics["set"]?.contains("not in the view tree") == true)
    }

    @Test(arguments: ["done", "cancel", "edit"])
    func theCommittingAndCancellingTapsNameTheirControlsPerEdition(_ topic: String) throws {
        let text = try #require(HelpText.topics[topic]).split(whereSeparator: \.isWhitespace)
            .joined(separator: " ")
        #expect(text.lowercased().contains("release"))
        #expect(text.contains("beta"))
        #expect(text.contains("EditButton"))
        if topic == "done" {
            #expect(text.contains("custom Done button"))
            #expect(text.contains("onDisappear commits (modelData.profile = draftProfile)"))
        }
        if topic == "cancel" { #expect(text.contains("Cancel button")) }
    }

    @Test func theOverviewNamesBothEditionsControls() {
        let text = HelpText.overview.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(
            text.contains(
                "'done' commits the draft (release: EditButton; 2019 beta: its custom Done button)")
        )
        #expect(text.contains("'cancel' drops it (release: the Cancel button; beta: EditButton)"))
    }

    @Test func traceAndQuitSayWhatIsLprofsOwn() throws {
        let trace = try #require(HelpText.topics["trace"])
        #expect(trace.contains("'~ lprof'"))
        let quit = try #require(HelpText.topics["quit"]).split(whereSeparator: \.isWhitespace)
            .joined(separator: " ")
        #expect(quit.contains("Quitting lprof dismisses nothing"))
        #expect(quit.contains("'dismiss' would commit"))
    }
}
