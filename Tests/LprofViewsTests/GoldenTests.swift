import LprofModel
import Testing

@testable import LprofViews

/// The summary, editor and diff as exact text, at 80 columns, large, en_US, no colour.
@Suite struct GoldenTests {
    static let today = CalendarDay(year: 2026, month: 11, day: 30)!
    static let style = ViewStyle(width: 80, sizeCategory: .large, locale: "en_US", color: .none)

    @Test func summary() {
        let expected = """
            g_kumar
            Notifications: On
            Seasonal Photos: ☃️
            Goal Date: November 30, 2026
            ────────────────────────────────────────────────────────────────────────────────
            Completed Badges
                 ▄░░▄            ▄░░▄            ▄░░▄
              ▄▄░░░░░░▄▄      ▄▄░░░░░░▄▄      ▄▄░░░░░░▄▄
             ░░░░▒▓▓▒░░░░    ░░░░▒▓▓▒░░░░    ░░░░▒▓▓▒░░░░
             ░░░▒█▒▒█▒░░░    ░░░▒█▒▒█▒░░░    ░░░▒█▒▒█▒░░░
             ░░░░▒▓▓▒░░░░    ░░░░▒▓▓▒░░░░    ░░░░▒▓▓▒░░░░
              ▀▀░░░░░░▀▀      ▀▀░░░░░░▀▀      ▀▀░░░░░░▀▀
                 ▀░░▀            ▀░░▀            ▀░░▀
              First Hike      Earth Day       Tenth Hike
            ────────────────────────────────────────────────────────────────────────────────
            Recent Hikes
            Granite Ridge Loop
            4.5 km
            594 m ┤     ▄▄█▀▀▀▀▀██▄
                  │   ▄█▀         ▀▀█▄▄
            403 m ┤▄█▀                ▀▀███
            """ + "\n"
        #expect(ProfileViews.summary(.default(today: Self.today), style: Self.style) == expected)
    }

    @Test func editor() {
        let expected = """
            Username: g_kumar
            Enable Notifications: [✓] On
            Seasonal Photo:  🌷  🌞  🍂 [☃️]
            Goal Date: November 30, 2026
            Allowed: November 30, 2025 – November 30, 2027
              (2025-11-30 … 2027-11-30)
            """ + "\n"
        #expect(ProfileViews.editor(.default(today: Self.today), style: Self.style) == expected)
    }

    @Test func editorMarksTheSelectionAndSlidesTheRange() {
        var draft = Profile.default(today: Self.today)
        draft.seasonalPhoto = .autumn
        draft.prefersNotifications = false
        draft.goalDate = CalendarDay(year: 2028, month: 2, day: 29)!
        let text = ProfileViews.editor(draft, style: Self.style)
        #expect(text.contains("Seasonal Photo:  🌷  🌞 [🍂] ☃️ \n"))
        #expect(text.contains("Enable Notifications: [ ] Off\n"))
        #expect(text.contains("Goal Date: February 29, 2028\n"))
        #expect(text.contains("Allowed: February 28, 2027 – February 28, 2029\n"))
        #expect(text.contains("(2027-02-28 … 2029-02-28)"))
    }

    @Test func editorInKorean() {
        let style = ViewStyle(width: 80, locale: "ko_KR")
        let text = ProfileViews.editor(.default(today: Self.today), style: style)
        #expect(text.contains("Goal Date: 2026년 11월 30일\n"))
        #expect(text.contains("Allowed: 2025년 11월 30일 – 2027년 11월 30일\n"))
    }

    @Test func summaryDatesInLocales() {
        for (locale, date) in [("ko_KR", "2026년 11월 30일"), ("ja_JP", "2026年11月30日")] {
            let text = ProfileViews.summary(
                .default(today: Self.today), style: ViewStyle(locale: locale))
            #expect(text.split(separator: "\n")[3] == "Goal Date: \(date)")
        }
    }

    @Test func diff() {
        let profile = Profile.default(today: Self.today)
        #expect(
            ProfileViews.diff(profile: profile, draft: profile, style: Self.style)
                == "No changes.\n")
        var draft = profile
        draft.username = "hiker"
        draft.seasonalPhoto = .autumn
        draft.goalDate = CalendarDay(year: 2027, month: 5, day: 30)!
        #expect(
            ProfileViews.diff(profile: profile, draft: draft, style: Self.style) == """
                username: g_kumar → hiker
                season: winter → autumn
                goal: 2026-11-30 → 2027-05-30

                """)
        draft = profile
        draft.prefersNotifications = false
        #expect(
            ProfileViews.diff(profile: profile, draft: draft, style: Self.style)
                == "notifications: on → off\n")
    }

    /// Fields no `set` changed are marked, and the note under them is wrapped, never cut.
    @Test func diffMarksUneditedFieldsAndWrapsTheNote() {
        let profile = Profile.default(today: Self.today)
        var draft = profile
        draft.username = "hiker"
        draft.seasonalPhoto = .autumn
        let narrow = ViewStyle(
            width: 40, sizeCategory: .large, locale: "en_US", color: .none, edition: .beta)
        #expect(
            ProfileViews.diff(
                profile: profile, draft: draft, edited: { $0 == .season }, editing: true,
                onAppearCopies: false, style: narrow) == """
                    username: g_kumar → hiker (not edited)
                    season: winter → autumn
                    Not edited: the draft still holds an
                    older value there (this editor has no
                    onAppear copy, so nothing copied the
                    profile in); a commit would write it
                    too.

                    """)
    }
}
