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

    /// CategoryHome while the profile sheet is dismissed, in one line: the navigation title
    /// `Featured` and, at the right, the toolbar's profile button that `present` taps.
    public static func categoryHome(style: ViewStyle) -> String {
        var view = ViewText(style: style)
        let title = "Featured"
        let button = profileButton
        let room = view.width - TextLayout.columns(button)
        if room > TextLayout.columns(title) {
            let line = TextLayout.pad(title, to: room) + button
            view.append(
                contentsOf: [
                    TerminalColor.bold(title, style.color) + String(line.dropFirst(title.count))
                ])
        } else {
            view.text(title, bold: true)
        }
        return view.rendered
    }
}
