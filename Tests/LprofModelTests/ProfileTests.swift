import Testing

@testable import LprofModel

/// The profile value: defaults, field access, differences and the DatePicker range.
@Suite struct ProfileTests {
    static let today = day("2026-11-30")

    @Test func defaultIsTheTutorials() {
        let p = Profile.default(today: Self.today)
        #expect(p.username == "g_kumar")
        #expect(p.prefersNotifications)
        #expect(p.seasonalPhoto == .winter)
        #expect(p.goalDate == Self.today)
    }

    @Test func subscriptAndSetRoundTrip() {
        var p = Profile.default(today: Self.today)
        let values: [FieldValue] = [
            .username("김철수"), .notifications(false), .season(.autumn), .goal(day("2027-01-31")),
        ]
        for v in values {
            p.set(v)
            #expect(p[v.field] == v)
        }
        #expect(
            p
                == Profile(
                    username: "김철수", prefersNotifications: false, seasonalPhoto: .autumn,
                    goalDate: day("2027-01-31")))
    }

    @Test func differencesInFieldOrder() {
        let a = Profile.default(today: Self.today)
        var b = a
        #expect(b.differences(from: a) == [])
        b.goalDate = day("2027-01-01")
        b.username = "x"
        #expect(b.differences(from: a) == [.username, .goal])
        b.prefersNotifications = false
        b.seasonalPhoto = .spring
        #expect(a.differences(from: b) == ProfileField.allCases)
    }

    @Test(arguments: [
        ("2026-11-30", "2025-11-30", "2027-11-30"),
        ("2028-02-29", "2027-02-28", "2029-02-28"),
        ("2027-02-28", "2026-02-28", "2028-02-28"),
        ("0001-06-01", "0001-06-01", "0002-06-01"),
        // Within the written years: a year either side reaches past 9999 or before 1000.
        ("9999-06-01", "9998-06-01", "9999-12-31"),
        ("1000-06-01", "1000-01-01", "1001-06-01"),
    ])
    func goalRange(goal: String, lower: String, upper: String) {
        var p = Profile.default(today: Self.today)
        p.goalDate = day(goal)
        #expect(p.goalRange == day(lower)...day(upper))
    }

    @Test func fieldNames() {
        #expect(
            ProfileField.allCases.map(\.rawValue) == [
                "username", "notifications", "season", "goal",
            ])
        #expect(
            ProfileField.allCases.map(\.tutorialName)
                == ["username", "prefersNotifications", "seasonalPhoto", "goalDate"])
    }

    @Test func plainText() {
        #expect(FieldValue.username(" raw ").plainText == " raw ")
        #expect(FieldValue.notifications(true).plainText == "on")
        #expect(FieldValue.notifications(false).plainText == "off")
        #expect(FieldValue.season(.autumn).plainText == "autumn")
        #expect(FieldValue.goal(day("0999-01-02")).plainText == "0999-01-02")
        #expect(FieldValue.goal(day("2026-11-30")).field == .goal)
    }
}
