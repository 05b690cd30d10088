import LprofModel

/// The screens of the tutorial as text. Views return text; they never write to a terminal.
public enum ProfileViews {
    /// ProfileSummary.
    public static func summary(_ profile: Profile, style: ViewStyle) -> String {
        var lines = [profile.username]
        lines.append("Notifications: \(profile.prefersNotifications ? "On" : "Off")")
        lines.append("Seasonal Photos: \(profile.seasonalPhoto.emoji)")
        lines.append("Goal Date: \(profile.goalDate.iso)")
        return lines.joined(separator: "\n") + "\n"
    }

    /// ProfileEditor, showing the draft and its DatePicker range.
    public static func editor(_ draft: Profile, style: ViewStyle) -> String {
        let range = draft.goalRange
        var lines = ["Username: \(draft.username)"]
        lines.append("Enable Notifications: \(draft.prefersNotifications ? "On" : "Off")")
        lines.append(
            "Seasonal Photo: "
                + Season.allCases.map { $0 == draft.seasonalPhoto ? "[\($0.emoji)]" : " \($0.emoji) " }
                .joined())
        lines.append(
            "Goal Date: \(draft.goalDate.iso) (\(range.lowerBound.iso) … \(range.upperBound.iso))")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The fields where the draft differs from the profile, old and new.
    public static func diff(profile: Profile, draft: Profile, style: ViewStyle) -> String {
        let fields = draft.differences(from: profile)
        if fields.isEmpty { return "No changes.\n" }
        return fields.map { "\($0.rawValue): \(profile[$0].plainText) → \(draft[$0].plainText)\n" }
            .joined()
    }

    /// The three completed badges.
    public static func badges(style: ViewStyle) -> String {
        "Completed Badges\nFirst Hike\nEarth Day\nTenth Hike\n"
    }

    /// The first hike's graph.
    public static func hike(_ kind: HikeGraphKind, style: ViewStyle) -> String {
        "Recent Hikes\n\(kind.rawValue)\n"
    }
}
