extension ProfileViews {
    /// lprof's sample landmarks, by category in sorted order, for the rows of CategoryHome's
    /// list that VoiceOver reads (a `CategoryRow` per category, 002:145-146 and 000:71-72):
    /// made for lprof, as its hike is; the tutorial's landmark data is not in lprof.
    static let sampleLandmarks: [(category: String, names: [String])] = [
        ("Lakes", ["Silver Lake", "Echo Lake"]),
        ("Mountains", ["Pine Summit"]),
    ]

    /// The profile button as drawn: the tutorial's `person.crop.circle` image, bracketed
    /// as lprof draws controls.
    static let profileButton = "[👤]"

    /// CategoryHome while the profile sheet is dismissed: the navigation title `Featured`
    /// and, at the right, the toolbar's profile button that `present` taps; then the list
    /// `show voiceover` reads on the same screen: the featured image, a row per category
    /// (lprof's sample landmarks), and in the beta the NavigationButton's "See All"
    /// (000:76-78).
    public static func categoryHome(style: ViewStyle) -> String {
        var view = ViewText(style: style)
        let title = "Featured"
        let gap = view.width - TextLayout.columns(profileButton) - TextLayout.columns(title)
        if gap > 0 {
            view.append(
                contentsOf: [
                    TerminalColor.bold(title, style.color) + TextLayout.spaces(gap) + profileButton
                ])
        } else {
            view.text(title, bold: true)
        }
        view.text("[featured landmark image]")
        for row in sampleLandmarks {
            view.text(row.category, bold: true)
            view.text("  " + row.names.joined(separator: "   "))
        }
        if style.edition == .beta { view.text("[See All]") }
        return view.rendered
    }
}
