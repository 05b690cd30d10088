import LprofModel
import LprofText
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

    /// The title is the username, a value: it wraps in compact sizes too, never cut.
    @Test func accessibilitySizesWrapAndCompactSizesKeepTheValue() {
        let compact = ProfileViews.summary(
            Self.profile, style: ViewStyle(width: 40, sizeCategory: .extraExtraExtraLarge))
        let large = ProfileViews.summary(
            Self.profile, style: ViewStyle(width: 40, sizeCategory: .accessibilityMedium))
        #expect(!compact.split(separator: "\n")[0].hasSuffix("…"))
        #expect(compact.split(separator: "\n")[1].hasPrefix("xxxx"))
        #expect(large.split(separator: "\n")[1].hasPrefix("xxxx"))
        #expect(large.contains("^[end"))
        #expect(compact.contains("^[end"))
    }

    /// SPEC §5: a line is cut before its value, never the value. At every compact width
    /// from 20 to 40 columns (the widest date and its indent fit from 19) the editor keeps the selected season (in brackets), each date
    /// of the goal and of the allowed range whole on one line, and the username whole.
    @Test(arguments: 20...40)
    func theEditorNeverCutsAValue(width: Int) {
        for season in Season.allCases {
            var draft = Self.draft
            draft.seasonalPhoto = season
            draft.username = "g_kumar"
            let text = ProfileViews.editor(draft, style: ViewStyle(width: width))
            let lines = text.split(separator: "\n").map(String.init)
            #expect(lines.allSatisfy { TextWidth.columns(of: $0) <= width }, "\(width)")
            #expect(text.contains("[\(season.emoji)]"), "\(width) \(season): \(text)")
            let range = draft.goalRange
            for day in [draft.goalDate, range.lowerBound, range.upperBound] {
                let long = DateText.long(day, locale: "en_US")
                #expect(lines.contains { $0.contains(long) }, "\(width): \(long) in \(text)")
            }
            #expect(lines.contains { $0.contains(range.lowerBound.iso) })
            #expect(lines.contains { $0.contains(range.upperBound.iso) })
            #expect(lines.contains { $0.contains("g_kumar") })
            // Only labels are cut.
            for line in lines where line.contains("…") && !line.contains("(") {
                #expect(
                    ["Use", "Ena", "Sea", "Goa", "All"].contains { line.hasPrefix($0) }
                        || line.contains("…["),
                    "\(width): \(line)")
            }
        }
    }

    /// At 30 columns, the example of issue 35: the row of choices closes up and keeps the
    /// selected winter; `Allowed:` puts its range below, each date whole.
    @Test func theEditorAtThirtyColumns() {
        let text = ProfileViews.editor(
            Profile.default(today: Self.today), style: ViewStyle(width: 30))
        #expect(
            text == """
                Username: g_kumar
                Enable Notifications: [✓] On
                Seasonal Photo: 🌷 🌞 🍂 [☃️]
                Goal Date: November 30, 2026
                Allowed:
                  November 30, 2025 –
                  November 30, 2027
                  (2025-11-30 … 2027-11-30)

                """)
    }

    /// `show code` keeps every character of the code at any width: lines wrap, none is cut.
    @Test(arguments: [20, 30, 44, 60, 80])
    func theCodeIsWrappedNotCut(width: Int) {
        for wiring in [Wiring.preset(.release), Wiring.preset(.beta)] {
            let text = CodeView.render(wiring, style: ViewStyle(width: width))
            let lines = text.split(separator: "\n").map(String.init)
            #expect(lines.allSatisfy { TextWidth.columns(of: $0) <= width }, "\(width)")
            #expect(!text.contains("…"), "\(width): \(text)")
            // The same characters, whatever was wrapped (a comment's rows add their `//`, a
            // trailing comment moves above its code, a word may break at a row's end).
            let words = { (code: [String]) in
                code.joined(separator: " ").split(separator: " ").filter { $0 != "//" }
                    .joined().sorted()
            }
            #expect(words(lines) == words(CodeView.lines(wiring)), "\(width)")
        }
    }

    @Test func boldTitleOnlyWithColor() {
        let plain = ProfileViews.summary(Self.profile, style: ViewStyle(width: 200))
        let colored = ProfileViews.summary(
            Self.profile, style: ViewStyle(width: 200, color: .ansi256))
        #expect(!plain.contains("\u{1B}"))
        #expect(colored.hasPrefix("\u{1B}[1ma_very_long_username"))
    }
}
