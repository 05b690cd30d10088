import LprofModel
import LprofText

/// The tutorial's screens as text, each profile string escaped so that none drives a terminal.
public enum ProfileViews {
    /// ProfileSummary, its goal date in the edition's format.
    public static func summary(_ profile: Profile, style: ViewStyle) -> String {
        var view = ViewText(style: style)
        // The title is the username itself: wrapped where it is too wide, never cut.
        view.append(
            contentsOf: ViewText.pack([TerminalSafe.escape(profile.username)], width: view.width)
                .map { TerminalColor.bold($0, style.color) })
        view.field("Notifications:", FieldValue(profile.prefersNotifications ? "On" : "Off"))
        view.field("Seasonal Photos:", FieldValue(profile.seasonalPhoto.emoji))
        let date = DateText.summary(profile.goalDate, style: style)
        view.field("Goal Date:", FieldValue(forms: [date], parts: [date]))
        view.divider()
        view.text("Completed Badges", bold: true)
        view.append(contentsOf: BadgeShelf.lines(style: style))
        view.divider()
        view.text("Recent Hikes", bold: true)
        let hike = Hike.all[0]
        view.text(hike.name)
        let separator = Hike.decimalSeparator(locale: style.locale)
        view.text(hike.distanceText(decimalSeparator: separator))
        let graph = HikeGraph(hike: hike, kind: .elevation, decimalSeparator: separator)
        let height = style.sizeCategory.isAccessibilityCategory ? 4 : 3
        view.append(
            contentsOf: graph.lines(
                height: height, width: view.width, maxPlotWidth: 24, axis: false,
                color: style.color))
        return view.rendered
    }

    /// ProfileEditor showing the draft, with the DatePicker's range also as `set goal` takes it.
    public static func editor(_ draft: Profile, style: ViewStyle) -> String {
        var view = ViewText(style: style)
        view.field("Username:", FieldValue(TerminalSafe.escape(draft.username)))
        view.field(
            "Enable Notifications:", FieldValue(draft.prefersNotifications ? "[✓] On" : "[ ] Off"))
        view.field("Seasonal Photo:", seasonSegments(draft.seasonalPhoto))
        let date = DateText.long(draft.goalDate, locale: style.locale)
        view.field("Goal Date:", FieldValue(forms: [date], parts: [date]))
        let range = draft.goalRange
        let low = DateText.long(range.lowerBound, locale: style.locale)
        let high = DateText.long(range.upperBound, locale: style.locale)
        view.field("Allowed:", FieldValue(forms: ["\(low) – \(high)"], parts: ["\(low) –", high]))
        view.whole(["(\(range.lowerBound.iso) …", "\(range.upperBound.iso))"], indent: 2)
        return view.rendered
    }

    /// The segmented picker, closing up where it is too wide but always showing the selection.
    static func seasonSegments(_ selected: Season) -> FieldValue {
        let wide = Season.allCases.map { $0 == selected ? "[\($0.emoji)]" : " \($0.emoji) " }
        let close = Season.allCases.map { $0 == selected ? "[\($0.emoji)]" : $0.emoji }
        let forms = [
            wide.joined(), close.joined(separator: " "), close.joined(), "…[\(selected.emoji)]",
            "[\(selected.emoji)]",
        ]
        return FieldValue(forms: forms, parts: [forms[forms.count - 1]])
    }

    /// The fields where the draft differs from the profile, noting values nobody edited.
    public static func diff(
        profile: Profile, draft: Profile, edited: (ProfileField) -> Bool = { _ in true },
        editing: Bool = true, onAppearCopies: Bool = true, style: ViewStyle
    ) -> String {
        var view = ViewText(style: style)
        let fields = draft.differences(from: profile)
        if fields.isEmpty { view.text("No changes.") }
        var unedited = 0
        for field in fields {
            let old = TerminalSafe.escape(profile[field].plainText)
            let new = TerminalSafe.escape(draft[field].plainText)
            let mark = edited(field) ? "" : " (not edited)"
            if !edited(field) { unedited += 1 }
            view.field(
                "\(field.rawValue):",
                FieldValue(forms: ["\(old) → \(new)\(mark)"], parts: ["\(old) →", new + mark]))
        }
        if unedited > 0 {
            view.append(
                contentsOf: TextWrap.lines(
                    uneditedNote(editing: editing, onAppearCopies: onAppearCopies, count: unedited),
                    width: view.width))
        }
        return view.rendered
    }

    /// Why the draft differs where nobody edited it: it starts as Profile.default (002:208;
    /// 000:729), and only the release's onAppear copy (002:318-320) copies the profile in.
    static func uneditedNote(editing: Bool, onAppearCopies: Bool, count: Int) -> String {
        let value = count == 1 ? "value" : "values"
        switch (editing, onAppearCopies) {
        case (true, false):
            return
                "Not edited: the draft still holds an older \(value) there (this editor has no onAppear copy, so nothing copied the profile in); a commit would write \(count == 1 ? "it" : "them") too."
        case (false, true):
            return
                "Not edited: the draft holds \(count == 1 ? "a value" : "values") the profile does not (a new sheet's draft is Profile.default; a merge or 'reload' changes the profile alone); the editor's onAppear copies the profile into it when editing begins."
        case (false, false):
            return
                "Not edited: the draft holds an older \(value) (a new sheet's is Profile.default), and this editor has no onAppear copy: 'edit on' shows it as it is."
        case (true, true):
            return "Not edited: the draft's starting \(value), Profile.default's."
        }
    }

    /// The three completed badges, as in the summary.
    public static func badges(style: ViewStyle) -> String {
        var view = ViewText(style: style)
        view.text("Completed Badges", bold: true)
        view.append(contentsOf: BadgeShelf.lines(style: style))
        return view.rendered
    }

    /// `show env`: the environment as `KEY=VALUE` lines fitted to the width.
    public static func environment(_ pairs: [(key: String, value: String)], style: ViewStyle)
        -> String
    {
        var view = ViewText(style: style)
        for (key, value) in pairs { view.text(TerminalSafe.escape(key + "=" + value)) }
        return view.rendered
    }

    /// `show hike`: the first hike's graph of one kind, with its scale and distance axis.
    public static func hike(_ kind: HikeGraphKind, style: ViewStyle) -> String {
        var view = ViewText(style: style)
        let hike = Hike.all[0]
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
