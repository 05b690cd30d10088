import LprofModel
import LprofText
import Testing

@testable import LprofViews

/// Long dates per locale, and where the locale setting comes from.
@Suite struct LocaleTests {
    let day = CalendarDay(year: 2026, month: 11, day: 30)!

    @Test(arguments: [
        ("en_US", "November 30, 2026"),
        ("ko_KR", "2026년 11월 30일"),
        ("ja_JP", "2026年11月30日"),
        ("de_DE", "30. November 2026"),
    ])
    func longDates(locale: String, expected: String) {
        #expect(DateText.long(day, locale: locale) == expected)
    }

    /// The beta's `DateFormatter` with `dateFormat = "MMMM d, yyyy"`: the pattern is fixed,
    /// only the month's name comes from the locale (SPEC §5).
    @Test(arguments: [
        ("en_US", "November 30, 2026"),
        ("ko_KR", "11월 30, 2026"),
        ("ja_JP", "11月 30, 2026"),
        ("fr_FR", "novembre 30, 2026"),
        ("de_DE", "November 30, 2026"),
    ])
    func betaPatternDates(locale: String, expected: String) {
        #expect(DateText.summary(day, style: ViewStyle(locale: locale, edition: .beta)) == expected)
    }

    @Test(arguments: ["en_US", "ko_KR", "ja_JP", "fr_FR"])
    func theReleaseSummaryKeepsTheLongStyle(locale: String) {
        #expect(
            DateText.summary(day, style: ViewStyle(locale: locale, edition: .release))
                == DateText.long(day, locale: locale))
    }

    @Test func theSummaryViewUsesTheEditionsFormat() {
        let profile = Profile.default(today: day)
        let beta = ProfileViews.summary(profile, style: ViewStyle(locale: "ko_KR", edition: .beta))
        let release = ProfileViews.summary(profile, style: ViewStyle(locale: "ko_KR"))
        #expect(beta.contains("Goal Date: 11월 30, 2026\n"))
        #expect(release.contains("Goal Date: 2026년 11월 30일\n"))
    }

    /// Days before the Julian cutover stay proleptic Gregorian, in each edition's format.
    @Test(arguments: [
        (Edition.beta, 2027, 1, 5, "en_US", "January 5, 2027"),
        (.beta, 1200, 2, 29, "fr_FR", "février 29, 1200"),
        (.beta, 1582, 10, 10, "ko_KR", "10월 10, 1582"),
        (.release, 1000, 1, 1, "en_US", "January 1, 1000"),
        (.release, 1582, 10, 10, "en_US", "October 10, 1582"),
        (.release, 1200, 2, 29, "ja_JP", "1200年2月29日"),
        (.release, 9999, 12, 31, "en_US", "December 31, 9999"),
    ])
    func farDays(
        edition: Edition, year: Int, month: Int, day: Int, locale: String, expected: String
    ) {
        let date = CalendarDay(year: year, month: month, day: day)!
        let style = ViewStyle(locale: locale, edition: edition)
        #expect(DateText.summary(date, style: style) == expected)
    }

    @Test func everyDayOfAYearRoundTrips() {
        var d = CalendarDay(year: 2024, month: 1, day: 1)!
        let months = [
            "January", "February", "March", "April", "May", "June", "July", "August",
            "September", "October", "November", "December",
        ]
        for _ in 0..<366 {
            #expect(
                DateText.long(d, locale: "en_US") == "\(months[d.month - 1]) \(d.day), \(d.year)")
            d = d.adding(days: 1)!
        }
    }

    @Test func environmentOrder() {
        #expect(LocaleSetting.fromEnvironment([:]) == "en_US")
        #expect(LocaleSetting.fromEnvironment(["LANG": "ko_KR.UTF-8"]) == "ko_KR")
        #expect(
            LocaleSetting.fromEnvironment(["LANG": "ko_KR.UTF-8", "LC_TIME": "ja_JP.UTF-8"])
                == "ja_JP")
        #expect(
            LocaleSetting.fromEnvironment([
                "LANG": "ko_KR.UTF-8", "LC_TIME": "ja_JP", "LC_ALL": "de_DE.UTF-8",
            ]) == "de_DE")
        #expect(LocaleSetting.fromEnvironment(["LC_ALL": "", "LANG": "ja_JP.UTF-8"]) == "ja_JP")
        #expect(LocaleSetting.fromEnvironment(["LANG": "C"]) == "en_US")
        #expect(LocaleSetting.fromEnvironment(["LANG": "C.UTF-8"]) == "en_US")
        #expect(LocaleSetting.fromEnvironment(["LC_ALL": "POSIX", "LANG": "ko_KR"]) == "en_US")
        #expect(LocaleSetting.fromEnvironment(["LANG": "xx_QQ.UTF-8"]) == "en_US")
    }

    @Test func normalize() {
        for id in ["ko_KR", "ko-KR", "ko_KR.UTF-8", "ko_kr", "KO-kr", "ko_KR.utf8"] {
            #expect(LocaleSetting.normalize(id) == "ko_KR", "\(id)")
        }
        #expect(LocaleSetting.normalize("de_DE@euro") == "de_DE")
        // glibc's script modifiers name ICU's scripts.
        #expect(LocaleSetting.normalize("sr_RS@latin") == "sr_Latn_RS")
        #expect(LocaleSetting.normalize("sr_RS.UTF-8@latin") == "sr_Latn_RS")
        #expect(LocaleSetting.normalize("uz_UZ@cyrillic") == "uz_Cyrl_UZ")
        #expect(LocaleSetting.normalize("zh-hant-tw") == "zh_Hant_TW")
        // The IDs people type, without the script ICU lists them with, are kept as typed.
        for id in ["zh_CN", "zh_TW", "sr_RS", "zh_HK"] {
            #expect(LocaleSetting.normalize(id) == id, "\(id)")
        }
        #expect(LocaleSetting.normalize("zh-cn.UTF-8") == "zh_CN")
        #expect(
            DateText.long(CalendarDay(year: 2026, month: 11, day: 30)!, locale: "zh_CN")
                == DateText.long(CalendarDay(year: 2026, month: 11, day: 30)!, locale: "zh_Hans_CN")
        )
        #expect(LocaleSetting.normalize("ja") == "ja")
        #expect(LocaleSetting.normalize("POSIX") == "en_US")
        #expect(LocaleSetting.normalize("xx_QQ") == nil)
        #expect(LocaleSetting.normalize("") == nil)
        #expect(LocaleSetting.normalize("en__US") == nil)
        #expect(LocaleSetting.normalize("ko KR") == nil)
    }
}

/// Stored text reaches the terminal with every control visible.
@Suite struct TerminalSafeTests {
    @Test func plainTextIsUnchanged() {
        for s in ["g_kumar", "한글 🍂", "e\u{301}", "☃️", ""] {
            #expect(TerminalSafe.escape(s) == s)
        }
    }

    @Test func controlsBecomeVisible() {
        #expect(TerminalSafe.escape("a\u{1B}[31mb") == "a^[[31mb")
        #expect(TerminalSafe.escape("\u{0}\u{7}\t\n\r\u{7F}") == "^@^G^I^J^M^?")
        #expect(TerminalSafe.escape("x\u{9B}31m") == "x\\u{9B}31m")
        #expect(TerminalSafe.escape("\u{202E}abc\u{2066}") == "\\u{202E}abc\\u{2066}")
        #expect(TerminalSafe.escape("a\u{2028}b") == "a\\u{2028}b")
    }

    @Test func viewsEscapeTheUsername() {
        var profile = Profile.default(today: CalendarDay(year: 2026, month: 11, day: 30)!)
        profile.username = "evil\u{1B}]0;pwned\u{7}"
        var draft = profile
        draft.username = "x\u{9B}2J"
        for style in [ViewStyle(), ViewStyle(color: .truecolor)] {
            let texts = [
                ProfileViews.summary(profile, style: style),
                ProfileViews.editor(profile, style: style),
                ProfileViews.diff(profile: profile, draft: draft, style: style),
            ]
            for text in texts {
                #expect(!text.unicodeScalars.contains { $0.value == 0x07 || $0.value == 0x9B })
                #expect(!text.contains("\u{1B}]"))
            }
            #expect(texts[0].contains("evil^[]0;pwned^G"))
        }
    }
}

/// Cutting and wrapping by terminal columns.
@Suite struct TextLayoutTests {
    @Test func cut() {
        #expect(TextLayout.cut("hello", width: 5) == "hello")
        #expect(TextLayout.cut("hello world", width: 6) == "hello…")
        #expect(TextLayout.cut("한글한글", width: 4) == "한…")
        #expect(TextLayout.cut("☃️☃️", width: 3) == "☃️…")
        #expect(TextLayout.cut("abc", width: 0) == "")
    }

    @Test func wrap() {
        #expect(
            TextWrap.lines("Goal Date: November 30, 2026", width: 12) == [
                "Goal Date:", "November 30,", "2026",
            ])
        #expect(TextWrap.lines("abcdefghij", width: 4) == ["abcd", "efgh", "ij"])
        #expect(
            TextWrap.lines("  indented words here", width: 10) == [
                "  indented", "  words", "  here",
            ])
        #expect(TextWrap.lines("한글한글한", width: 3) == ["한", "글", "한", "글", "한"])
        for width in 1...30 {
            for line in TextWrap.lines(
                "Seasonal Photos: ☃️ and 한글 text, long enough to wrap", width: width)
            {
                #expect(TextLayout.columns(line) <= width)
            }
        }
    }
}
