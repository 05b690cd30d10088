import LprofLanguage
import Testing

@testable import LprofHelp

/// `help` says nothing about SwiftUI that the tutorial's code contradicts, and names the
/// control and the edition wherever the two editions differ (issue 11).
@Suite struct HelpTruthTests {
    /// Every command's and topic's text but `options`, by name (`exit` shares `quit`'s).
    static let allTopics: [String: String] = {
        var topics: [String: String] = [:]
        for command in CommandName.allCases where command != .exit {
            topics[command.rawValue] = HelpText.text(for: command)
        }
        for topic in HelpTopic.allCases where topic != .options {
            topics[topic.rawValue] = HelpText.text(for: topic, options: "")
        }
        return topics
    }()

    /// Every topic but `learn`, whose lesson texts are checked with the lessons.
    static let topics = allTopics.filter { $0.key != "learn" }

    @Test func nothingIsDisabled() {
        // ProfileHost swaps ProfileEditor out of the view tree; `.disabled` is quiz 1's
        // EditableNameView, another pattern.
        for (topic, text) in Self.topics {
            #expect(!text.contains("are disabled"), "help \(topic)")
            #expect(!text.contains("controls disabled"), "help \(topic)")
        }
        #expect(Self.allTopics["set"]?.contains("not in the view tree") == true)
    }

    @Test(arguments: ["done", "cancel", "edit"])
    func theCommittingAndCancellingTapsNameTheirControlsPerEdition(_ topic: String) throws {
        let text = try #require(Self.allTopics[topic]).split(whereSeparator: \.isWhitespace)
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
        let trace = try #require(Self.allTopics["trace"])
        #expect(trace.contains("'~ lprof'"))
        let quit = try #require(Self.allTopics["quit"]).split(whereSeparator: \.isWhitespace)
            .joined(separator: " ")
        #expect(quit.contains("Quitting lprof dismisses nothing"))
        #expect(quit.contains("'dismiss' would commit"))
    }
}

/// Issue 34: what help says about the beta's store, the renderer's order and dismissing.
@Suite struct HelpFrameTruthTests {
    static func flat(_ topic: String) -> String {
        (HelpTruthTests.allTopics[topic] ?? "").split(whereSeparator: \.isWhitespace).joined(
            separator: " ")
    }

    /// 000:728 `@State var profile = Profile.default`: the beta's profile is ProfileHost's
    /// own, so lprof's store is not used (trace: `~ lprof store: not used`).
    @Test func presentSaysTheBetaDoesNotUseTheStore() {
        let text = Self.flat("present")
        #expect(!text.contains("keeps it in its store"))
        #expect(text.contains("In the 2019 beta the profile is ProfileHost's own @State too"))
        #expect(text.contains("lprof's store is not used"))
    }

    /// The beta's Done saves nothing: the saving sentence names the release.
    @Test func doneSavesOnlyInTheRelease() {
        let text = Self.flat("done")
        #expect(!text.contains("profile. lprof then saves its store"))
        #expect(text.contains("In the release, lprof then saves its store"))
        #expect(
            text.contains("In the beta the profile is ProfileHost's @State, so nothing is saved"))
    }

    /// The seeds fix each button's statements and the copies; where the views' lines fall
    /// is the renderer's, said once, as lprof's reading of SwiftUI's documentation.
    @Test func traceSaysWhichOrderIsTheCodesAndWhichTheRenderers() {
        let text = Self.flat("trace")
        #expect(
            text.contains(
                "the tutorial's code fixes the order of each button's statements and of the copies"
            ))
        #expect(text.contains("the renderer decides: that order is lprof's"))
        #expect(text.contains("lprof's reading of SwiftUI's documentation (not the tutorial's)"))
        #expect(text.contains("runs after its view has disappeared from the interface"))
    }

    /// onDisappear on a swipe is SwiftUI's behaviour, not a line of the seeds.
    @Test func dismissLabelsTheOnDisappearAsSwiftUIs() {
        let text = Self.flat("dismiss")
        #expect(
            text.contains(
                "That it runs when the sheet goes is SwiftUI's behaviour for a view leaving the"
                    + " screen, as lprof reads it, not a line of the tutorial"))
        #expect(!text.contains("that is the release's own code"))
    }

    /// A free step ends with 'next', which help names among the lesson's words.
    @Test func theLessonWordsNameNext() {
        #expect(HelpText.lessonWordLines.contains("next"))
        #expect(HelpText.lessonWordHelp("next")?.contains("free step") == true)
        #expect(Self.flat("learn").contains("free TEXT … a free step: anything goes until 'next'"))
    }
}
