import LprofLanguage
import LprofModel
import Testing

@testable import LprofViews

/// Every line of every view fits its width, at every size category.
@Suite struct ViewWidthTests {
    static let today = CalendarDay(year: 2026, month: 11, day: 30)!

    /// A profile with a long, wide username and a draft that differs in every field.
    static let profile: Profile = {
        var p = Profile.default(today: today)
        p.username = "a_very_long_username_한글_☃️_" + String(repeating: "x", count: 30) + "\u{1B}end"
        return p
    }()
    static let draft = Profile(
        username: "hiker 🍂 with a long name that goes on", prefersNotifications: false,
        seasonalPhoto: .autumn, goalDate: today.adding(years: 1)!)

    /// The text with SGR escape sequences removed, for measuring.
    static func visible(_ text: String) -> String {
        var out = ""
        var inEscape = false
        for scalar in text.unicodeScalars {
            if inEscape {
                if scalar == "m" { inEscape = false }
            } else if scalar == "\u{1B}" {
                inEscape = true
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    static func views(_ style: ViewStyle) -> [String] {
        [
            ProfileViews.summary(profile, style: style),
            ProfileViews.editor(draft, style: style),
            ProfileViews.diff(profile: profile, draft: draft, style: style),
            ProfileViews.badges(style: style),
            ProfileViews.environment(
                [("editMode", "inactive"), ("sizeCategory", style.sizeCategory.name)], style: style),
            ProfileViews.categoryHome(style: style),
            VoiceOverView.render(.summary(profile), style: style),
            VoiceOverView.render(.editor(draft), style: style),
            VoiceOverView.render(.categoryHome, style: style),
        ] + HikeGraphKind.allCases.map { ProfileViews.hike($0, style: style) }
    }

    @Test(arguments: SizeCategory.allCases)
    func everyLineFits(category: SizeCategory) {
        // Lines repeat across widths (badges, graphs); measuring each once keeps this fast.
        var measured: [Substring: Int] = [:]
        // Each width from 20 to 200 at one category in turn, and the edge widths at all.
        let widths = Set(stride(from: 20 + category.rawValue, through: 200, by: 12))
            .union([20, 21, 39, 40, 41, 80, 200]).sorted()
        for width in widths {
            let color: ColorSupport =
                width % 3 == 0 ? .truecolor : width % 3 == 1 ? .none : .ansi256
            let locale = ["en_US", "ko_KR", "ja_JP", "de_DE"][width % 4]
            let style = ViewStyle(
                width: width, sizeCategory: category, locale: locale, color: color,
                edition: width % 2 == 0 ? .release : .beta)
            for text in Self.views(style) {
                #expect(text.hasSuffix("\n"))
                for line in Self.visible(text).split(
                    separator: "\n", omittingEmptySubsequences: false
                ).dropLast() {
                    let columns = measured[line] ?? TextWidth.columns(of: line)
                    measured[line] = columns
                    if columns > width {
                        Issue.record(
                            "\(columns) > \(width) columns at \(category.shortName): \(line)")
                        return
                    }
                }
            }
        }
    }

    @Test func tinyWidthsDoNotCrash() {
        for width in [-5, 0, 1, 2, 5, 10] {
            for category in [SizeCategory.large, .accessibilityExtraExtraExtraLarge] {
                let style = ViewStyle(width: width, sizeCategory: category)
                for text in Self.views(style) { #expect(text.hasSuffix("\n")) }
            }
        }
    }

    @Test func noEscapeBytesWithoutColor() {
        for category in SizeCategory.allCases {
            for text in Self.views(ViewStyle(width: 80, sizeCategory: category, color: .none)) {
                #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
            }
        }
    }

    @Test func accessibilitySizesWrapAndCompactSizesCut() {
        let compact = ProfileViews.summary(
            Self.profile, style: ViewStyle(width: 40, sizeCategory: .extraExtraExtraLarge))
        let large = ProfileViews.summary(
            Self.profile, style: ViewStyle(width: 40, sizeCategory: .accessibilityMedium))
        #expect(compact.split(separator: "\n")[0].hasSuffix("…"))
        #expect(large.split(separator: "\n")[1].hasPrefix("xxxx"))
        #expect(large.contains("^[end"))
        #expect(!compact.contains("^[end"))
    }

    @Test func boldTitleOnlyWithColor() {
        let plain = ProfileViews.summary(Self.profile, style: ViewStyle(width: 200))
        let colored = ProfileViews.summary(
            Self.profile, style: ViewStyle(width: 200, color: .ansi256))
        #expect(!plain.contains("\u{1B}"))
        #expect(colored.hasPrefix("\u{1B}[1ma_very_long_username"))
    }
}
