import Testing

@testable import LprofViews

/// Bare `show` while the sheet is dismissed: CategoryHome in one line.
@Suite struct CategoryHomeViewTests {
    @Test func titleLeftProfileButtonRight() {
        let text = ProfileViews.categoryHome(style: ViewStyle(width: 30))
        #expect(text == "Featured" + String(repeating: " ", count: 18) + "[👤]\n")
        #expect(TextLayout.columns(String(text.dropLast())) == 30)
    }

    @Test func boldWithColourAndCutWhenNarrow() {
        let coloured = ProfileViews.categoryHome(style: ViewStyle(width: 20, color: .ansi256))
        #expect(coloured.hasPrefix("\u{1B}[1mFeatured\u{1B}[0m"))
        #expect(coloured.hasSuffix("[👤]\n"))
        #expect(ProfileViews.categoryHome(style: ViewStyle(width: 6)) == "Featu…\n")
    }
}
