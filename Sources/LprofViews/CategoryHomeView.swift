extension ProfileViews {
    /// Sample landmarks for CategoryHome's rows (002:145-146, 000:71-72), made for lprof.
    static let sampleLandmarks: [(category: String, names: [String])] = [
        ("Lakes", ["Silver Lake", "Echo Lake"]),
        ("Mountains", ["Pine Summit"]),
    ]

    /// The tutorial's `person.crop.circle` button, bracketed as lprof draws controls.
    static let profileButton = "[👤]"

    /// CategoryHome while the profile sheet is dismissed, with the beta's "See All" (000:76-78).
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
