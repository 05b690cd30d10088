import LprofModel
import LprofText

/// One accessibility element as VoiceOver announces it.
public struct AccessibilityElement: Equatable, Sendable {
    var label: String
    var traits: [String]
    var value: String?

    init(_ label: String, traits: [String] = [], value: String? = nil) {
        self.label = label
        self.traits = traits
        self.value = value
    }

    /// `label, trait, …, value`, leaving out what is empty.
    var line: String {
        let parts = [label] + traits + [value ?? ""]
        return parts.filter { !$0.isEmpty }.joined(separator: ", ")
    }
}

/// `show voiceover`: what VoiceOver would read for the screen, read off the seeds' code.
public enum VoiceOverView {
    /// ProfileHost showing the summary or the editor, or CategoryHome with the sheet dismissed.
    public enum Screen: Equatable, Sendable {
        case summary(Profile)
        case editor(Profile)
        case categoryHome
    }

    /// The elements in reading order, one a line.
    public static func render(_ screen: Screen, style: ViewStyle) -> String {
        var view = ViewText(style: style)
        for element in elements(screen, style: style) { view.text(element.line) }
        return view.rendered
    }

    /// The elements of `screen` in reading order.
    static func elements(_ screen: Screen, style: ViewStyle) -> [AccessibilityElement] {
        switch screen {
        case .categoryHome:
            // The toolbar button sits above the large title; the featured image has no
            // label (002:138, 000:65), and only the beta has "See All" (000:76-78).
            var elements = [
                AccessibilityElement("User Profile", traits: ["button"]),
                AccessibilityElement("Featured", traits: ["heading"]),
                AccessibilityElement("", traits: ["image"]),
            ]
            for row in ProfileViews.sampleLandmarks {
                elements.append(AccessibilityElement(row.category))
                elements += row.names.map { AccessibilityElement($0) }
            }
            if style.edition == .beta {
                elements.append(AccessibilityElement("See All", traits: ["button"]))
            }
            return elements
        case .summary(let profile):
            return [AccessibilityElement("Edit", traits: ["button"])]
                + summary(profile, style: style)
        case .editor(let draft):
            // The edition's own button, then EditButton (Done in the release, the beta's Cancel).
            let buttons = style.edition == .release ? ["Cancel", "Done"] : ["Done", "Cancel"]
            return buttons.map { AccessibilityElement($0, traits: ["button"]) }
                + editor(draft, style: style)
        }
    }

    /// ProfileSummary's texts, badges and most recent hike.
    static func summary(_ profile: Profile, style: ViewStyle) -> [AccessibilityElement] {
        var elements = [
            AccessibilityElement(spoken(profile.username)),
            AccessibilityElement("Notifications: \(profile.prefersNotifications ? "On" : "Off")"),
            AccessibilityElement("Seasonal Photos: \(spoken(profile.seasonalPhoto.emoji))"),
            AccessibilityElement("Goal Date: \(DateText.summary(profile.goalDate, style: style))"),
            AccessibilityElement("Completed Badges"),
        ]
        // HikeBadge: `Text(name).accessibilityLabel("Badge for \(name).")`.
        elements += Badge.allCases.map { AccessibilityElement("Badge for \($0.name).") }
        let hike = Hike.all[0]
        let separator = Hike.decimalSeparator(locale: style.locale)
        let distance = hike.distanceText(decimalSeparator: separator)
        return elements + ["Recent Hikes", hike.name, distance].map { AccessibilityElement($0) }
    }

    /// ProfileEditor's controls, as each edition's code labels them.
    static func editor(_ draft: Profile, style: ViewStyle) -> [AccessibilityElement] {
        let release = style.edition == .release
        let goal = DateText.long(draft.goalDate, locale: style.locale)
        var elements = [
            AccessibilityElement("Username"),
            // Release `TextField("Username", text:)`; beta `TextField($profile.username)`,
            // which has no label.
            AccessibilityElement(
                release ? "Username" : "", traits: ["text field"], value: spoken(draft.username)),
            AccessibilityElement(
                "Enable Notifications", traits: ["switch"],
                value: draft.prefersNotifications ? "on" : "off"),
            AccessibilityElement("Seasonal Photo"),
        ]
        // The segmented control: one button per segment, the selection marked.
        elements += Season.allCases.map { season in
            AccessibilityElement(
                spoken(season.emoji),
                traits: season == draft.seasonalPhoto ? ["button", "selected"] : ["button"])
        }
        if release {
            // `DatePicker(selection:in:displayedComponents:) { Text("Goal Date").bold() }`.
            elements.append(AccessibilityElement("Goal Date", traits: ["date picker"], value: goal))
        } else {
            // `Text("Goal Date").bold()` above a DatePicker without a label.
            elements.append(AccessibilityElement("Goal Date"))
            elements.append(AccessibilityElement("", traits: ["date picker"], value: goal))
        }
        return elements
    }

    /// Text as VoiceOver reads it, each emoji by its lowercase Unicode name set off by spaces.
    static func spoken(_ text: String) -> String {
        var out = ""
        var needsSpace = false
        for character in text {
            if let name = emojiName(character) {
                if !out.isEmpty && out.last != " " { out.append(" ") }
                out += name
                needsSpace = true
            } else {
                if needsSpace && character != " " { out.append(" ") }
                out.append(character)
                needsSpace = false
            }
        }
        return TerminalSafe.escape(out)
    }

    /// The lowercase Unicode name of a character that is a single emoji, else nil.
    static func emojiName(_ character: Character) -> String? {
        let scalars = character.unicodeScalars.filter { $0.value != 0xFE0F }
        guard scalars.count == 1, let scalar = scalars.first else { return nil }
        let properties = scalar.properties
        let presented = properties.isEmojiPresentation || character.unicodeScalars.count > 1
        guard properties.isEmoji, presented, scalar.value > 0x7F, let name = properties.name
        else { return nil }
        return name.lowercased()
    }
}
