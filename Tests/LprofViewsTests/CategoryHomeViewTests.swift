import Testing

@testable import LprofViews

/// Bare `show` while the sheet is dismissed: CategoryHome, its title line and the list
/// behind the sheet.
@Suite struct CategoryHomeViewTests {
    @Test func titleLeftProfileButtonRight() {
        let text = ProfileViews.categoryHome(style: ViewStyle(width: 30))
        let first = String(text.split(separator: "\n")[0])
        #expect(first == "Featured" + String(repeating: " ", count: 18) + "[👤]")
        #expect(TextLayout.columns(first) == 30)
    }

    @Test func boldWithColourAndCutWhenNarrow() {
        let coloured = ProfileViews.categoryHome(style: ViewStyle(width: 20, color: .ansi256))
        #expect(coloured.hasPrefix("\u{1B}[1mFeatured\u{1B}[0m"))
        #expect(coloured.split(separator: "\n")[0].hasSuffix("[👤]"))
        #expect(ProfileViews.categoryHome(style: ViewStyle(width: 6)).hasPrefix("Featu…\n"))
    }

    /// What the eye sees is what VoiceOver reads on the same screen (issue 34 item 13): the
    /// list of landmarks by category, and in the beta "See All".
    @Test(arguments: [false, true])
    func showDrawsWhatVoiceOverReads(_ beta: Bool) {
        let style = ViewStyle(width: 80, edition: beta ? .beta : .release)
        let shown = ProfileViews.categoryHome(style: style)
        for element in VoiceOverView.elements(.categoryHome, style: style)
        where !element.label.isEmpty && element.label != "User Profile" {
            #expect(shown.contains(element.label), "\(element.label)")
        }
        #expect(shown.contains("[👤]") && shown.contains("[featured landmark image]"))
        #expect(shown.contains("See All") == beta)
    }
}
