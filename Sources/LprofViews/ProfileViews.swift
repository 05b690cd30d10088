import LprofLanguage
import LprofModel

/// The screens of the tutorial as text. Views return text; they never write to a terminal.
///
/// Every profile string passes through `TerminalSafe.escape`, every line fits `style.width`
/// terminal columns, and with `ColorSupport.none` no escape byte is written at all.
public enum ProfileViews {
    /// ProfileSummary: the username as title, the three settings, the completed badges and
    /// the most recent hike.
    public static func summary(_ profile: Profile, style: ViewStyle) -> String {
        var view = ViewText(style: style)
        view.text(TerminalSafe.escape(profile.username), bold: true)
        view.text("Notifications: \(profile.prefersNotifications ? "On" : "Off")")
        view.text("Seasonal Photos: \(profile.seasonalPhoto.emoji)")
        view.text("Goal Date: \(DateText.long(profile.goalDate, locale: style.locale))")
        view.divider()
        view.text("Completed Badges", bold: true)
        view.append(contentsOf: BadgeShelf.lines(style: style))
        view.divider()
        view.text("Recent Hikes", bold: true)
        if let hike = Hike.all.first {
            view.text(hike.name)
            let separator = Hike.decimalSeparator(locale: style.locale)
            view.text(hike.distanceText(decimalSeparator: separator))
            let graph = HikeGraph(hike: hike, kind: .elevation, decimalSeparator: separator)
            let height = style.sizeCategory.isAccessibilityCategory ? 4 : 3
            view.append(
                contentsOf: graph.lines(
                    height: height, width: view.width, maxPlotWidth: 24, axis: false,
                    color: style.color))
        }
        return view.rendered
    }

    /// ProfileEditor, showing the draft: each control with its value, and the DatePicker's
    /// range (`draft.goalRange`), in the locale's long style and as `set goal` takes it.
    public static func editor(_ draft: Profile, style: ViewStyle) -> String {
        var view = ViewText(style: style)
        view.field("Username:", TerminalSafe.escape(draft.username))
        view.field("Enable Notifications:", draft.prefersNotifications ? "[✓] On" : "[ ] Off")
        view.field("Seasonal Photo:", seasonSegments(draft.seasonalPhoto))
        view.field("Goal Date:", DateText.long(draft.goalDate, locale: style.locale))
        let range = draft.goalRange
        let low = DateText.long(range.lowerBound, locale: style.locale)
        let high = DateText.long(range.upperBound, locale: style.locale)
        view.field("Allowed:", "\(low) – \(high)")
        view.text("  (\(range.lowerBound.iso) … \(range.upperBound.iso))")
        return view.rendered
    }

    /// The segmented picker: the four emoji, the selected one in brackets.
    static func seasonSegments(_ selected: Season) -> String {
        Season.allCases.map { $0 == selected ? "[\($0.emoji)]" : " \($0.emoji) " }.joined()
    }

    /// The fields where the draft differs from the profile, old → new, values as `get`
    /// prints them; "No changes." when there are none.
    public static func diff(profile: Profile, draft: Profile, style: ViewStyle) -> String {
        var view = ViewText(style: style)
        let fields = draft.differences(from: profile)
        if fields.isEmpty { view.text("No changes.") }
        for field in fields {
            let old = TerminalSafe.escape(profile[field].plainText)
            let new = TerminalSafe.escape(draft[field].plainText)
            view.text("\(field.rawValue): \(old) → \(new)")
        }
        return view.rendered
    }

    /// The three completed badges, as in the summary.
    public static func badges(style: ViewStyle) -> String {
        var view = ViewText(style: style)
        view.text("Completed Badges", bold: true)
        view.append(contentsOf: BadgeShelf.lines(style: style))
        return view.rendered
    }

    /// The environment as `KEY=VALUE` lines fitted to the width (`show env`; a bare `env`
    /// prints the same lines whole, for scripts).
    public static func environment(_ pairs: [(key: String, value: String)], style: ViewStyle)
        -> String
    {
        var view = ViewText(style: style)
        for (key, value) in pairs { view.text(TerminalSafe.escape(key + "=" + value)) }
        return view.rendered
    }

    /// The first hike's graph of one kind, with its name, distance, scale and distance axis.
    public static func hike(_ kind: HikeGraphKind, style: ViewStyle) -> String {
        var view = ViewText(style: style)
        guard let hike = Hike.all.first else { return "No hikes.\n" }
        let separator = Hike.decimalSeparator(locale: style.locale)
        let graph = HikeGraph(hike: hike, kind: kind, decimalSeparator: separator)
        view.text(hike.name, bold: true)
        view.text("\(hike.distanceText(decimalSeparator: separator)) · \(graph.title)")
        let height = style.sizeCategory.isAccessibilityCategory ? 12 : 8
        view.append(
            contentsOf: graph.lines(
                height: height, width: view.width, maxPlotWidth: 3 * hike.observations.count,
                axis: true, color: style.color))
        return view.rendered
    }
}
