import LprofModel
import Testing

@testable import LprofViews

/// `show voiceover`: the elements of each screen in reading order, in both editions.
@Suite struct VoiceOverTests {
    static let day = CalendarDay(year: 2026, month: 11, day: 30)!
    static let profile = Profile.default(today: day)

    static func lines(_ screen: VoiceOverView.Screen, _ edition: Edition, locale: String = "en_US")
        -> [String]
    {
        VoiceOverView.render(screen, style: ViewStyle(width: 200, locale: locale, edition: edition))
            .split(separator: "\n").map(String.init)
    }

    static let summaryTail = [
        "Notifications: On",
        "Seasonal Photos: snowman",
        "Goal Date: November 30, 2026",
        "Completed Badges",
        "Badge for First Hike.",
        "Badge for Earth Day.",
        "Badge for Tenth Hike.",
        "Recent Hikes",
        "Granite Ridge Loop",
        "4.5 km",
    ]

    @Test(arguments: Edition.allCases)
    func summaryReadsTheTextsAndTheBadgeLabels(edition: Edition) {
        // The username is a plain text: .font(.title) adds no heading trait.
        #expect(
            Self.lines(.summary(Self.profile), edition)
                == ["Edit, button", "g_kumar"] + Self.summaryTail)
    }

    @Test func summaryDatesFollowTheEdition() {
        #expect(
            Self.lines(.summary(Self.profile), .beta, locale: "ko_KR")[4]
                == "Goal Date: 11월 30, 2026")
        #expect(
            Self.lines(.summary(Self.profile), .release, locale: "ko_KR")[4]
                == "Goal Date: 2026년 11월 30일")
        #expect(Self.lines(.summary(Self.profile), .release, locale: "de_DE")[11] == "4,5 km")
    }

    @Test func releaseEditor() {
        var draft = Self.profile
        draft.prefersNotifications = false
        draft.seasonalPhoto = .autumn
        #expect(
            Self.lines(.editor(draft), .release) == [
                "Cancel, button",
                "Done, button",
                "Username",
                "Username, text field, g_kumar",
                "Enable Notifications, switch, off",
                "Seasonal Photo",
                "tulip, button",
                "sun with face, button",
                "fallen leaf, button, selected",
                "snowman, button",
                "Goal Date, date picker, November 30, 2026",
            ])
    }

    @Test func betaEditorHasUnlabelledControlsAndItsOwnButtons() {
        var draft = Self.profile
        draft.seasonalPhoto = .summer
        #expect(
            Self.lines(.editor(draft), .beta) == [
                "Done, button",
                "Cancel, button",
                "Username",
                "text field, g_kumar",
                "Enable Notifications, switch, on",
                "Seasonal Photo",
                "tulip, button",
                "sun with face, button, selected",
                "fallen leaf, button",
                "snowman, button",
                "Goal Date",
                "date picker, November 30, 2026",
            ])
    }

    @Test(arguments: Edition.allCases)
    func categoryHomeReadsTheToolbarButtonsLabelAndTheListBehindIt(edition: Edition) {
        let rows = ProfileViews.sampleLandmarks.flatMap { [$0.category] + $0.names }
        #expect(
            Self.lines(.categoryHome, edition)
                == ["User Profile, button", "Featured, heading", "image"] + rows
                + (edition == .beta ? ["See All, button"] : []))
    }

    @Test func emojiAreReadByTheirUnicodeNames() {
        #expect(VoiceOverView.spoken("\u{1F337}") == "tulip")
        #expect(VoiceOverView.spoken("\u{1F31E}") == "sun with face")
        #expect(VoiceOverView.spoken("\u{1F342}") == "fallen leaf")
        #expect(VoiceOverView.spoken("\u{2603}\u{FE0F}") == "snowman")
        #expect(VoiceOverView.spoken("Zoë 🍂") == "Zoë fallen leaf")
        #expect(VoiceOverView.spoken("a🍂b") == "a fallen leaf b")
        #expect(VoiceOverView.spoken("🍂🌷") == "fallen leaf tulip")
        // Text that is not a lone emoji stays as written; controls become visible.
        #expect(VoiceOverView.spoken("한글 e\u{301} 1 #") == "한글 e\u{301} 1 #")
        #expect(VoiceOverView.spoken("🇰🇷") == "🇰🇷")
        #expect(VoiceOverView.spoken("x\u{1B}[2J") == "x^[[2J")
    }

    @Test func elementLinesLeaveOutWhatIsEmpty() {
        #expect(AccessibilityElement("A").line == "A")
        #expect(
            AccessibilityElement("A", traits: ["button", "selected"]).line == "A, button, selected")
        #expect(
            AccessibilityElement("", traits: ["text field"], value: "v").line == "text field, v")
        #expect(AccessibilityElement("L", traits: ["switch"], value: "on").line == "L, switch, on")
    }

    @Test func linesFitNarrowWidths() {
        let text = VoiceOverView.render(
            .editor(Self.profile), style: ViewStyle(width: 12, edition: .release))
        for line in text.split(separator: "\n") { #expect(TextLayout.columns(String(line)) <= 12) }
    }
}
