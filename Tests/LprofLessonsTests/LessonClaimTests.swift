import Testing

@testable import LprofLessonLanguage
@testable import LprofLessons

/// A sentence a lesson says about what just happened, and what lprof's own output for the
/// same commands must show for it to be true.
struct Claim: CustomTestStringConvertible, Sendable {
    enum Badges: Sendable { case threeAcross, oneToARow }

    var lesson: String
    /// The task, among the lesson's tasks, whose answers are run (with trace on).
    var task: Int
    /// Words the lesson says (in its narration or success lines).
    var says: String
    /// Fragments of the answers' output, in this order.
    var shows: [String] = []
    var lacks: [String] = []
    /// How many trace lines the answers print, when the lesson counts them.
    var traceLines: Int? = nil
    /// Words of the last trace line.
    var lastTrace: String? = nil
    /// An error the answers print.
    var error: String? = nil
    var badges: Badges? = nil
    /// An entry run after the task is met, and fragments of its output.
    var then: String? = nil
    var thenShows: [String] = []

    var testDescription: String { "\(lesson) #\(task + 1): \(says)" }
}

/// Every lesson's claims against lprof's own trace and views for the same commands.
@Suite struct LessonClaimTests {
    static let claims: [Claim] = [
        Claim(
            lesson: "summary", task: 0,
            says: "the username as a title, notifications, the seasonal photo and the goal date",
            shows: [
                "g_kumar\n", "Notifications: On", "Seasonal Photos: ☃️",
                "Goal Date: November 30, 2026", "First Hike", "Earth Day", "Tenth Hike",
                "Recent Hikes",
            ]),
        Claim(
            lesson: "summary", task: 1, says: "Refused, and nothing changed",
            error: "fields change only in edit mode", then: "get --json",
            thenShows: ["\"seasonalPhoto\":\"winter\""]),
        Claim(
            lesson: "summary", task: 2, says: "a bare field reads the profile", shows: ["winter"]),
        Claim(
            lesson: "draft", task: 0, says: "ProfileHost now shows ProfileEditor",
            shows: [
                "~ editMode: inactive → active", "~ ProfileSummary disappears",
                "~ ProfileEditor appears", "~ ProfileEditor.onAppear: draft = profile",
            ]),
        Claim(
            lesson: "draft", task: 2, says: "The summary still shows the committed profile",
            shows: ["Seasonal Photos: ☃️"]),
        Claim(
            lesson: "draft", task: 3,
            says: "the editor's onDisappear does the commit: modelData.profile = draftProfile",
            shows: [
                "~ editMode: active → inactive", "~ ProfileEditor disappears",
                "~ ProfileEditor.onDisappear: profile = draft", "~ ProfileSummary appears",
            ], then: "show", thenShows: ["Seasonal Photos: 🍂"]),
        Claim(
            lesson: "cancel", task: 0,
            says: "The draft holds hiker; the committed profile still holds g_kumar.",
            then: "get profile.username; get draft.username", thenShows: ["g_kumar\nhiker\n"]),
        Claim(
            lesson: "cancel", task: 2,
            says: "Cancel's first statement reset the draft (draft = profile). Then edit mode"
                + " became inactive, ProfileHost removed ProfileEditor, and the editor's"
                + " onDisappear ran profile = draft anyway",
            shows: [
                "~ Cancel button: draft = profile", "~ editMode: active → inactive",
                "~ ProfileEditor disappears",
                "~ ProfileEditor.onDisappear: profile = draft (same value",
                "~ ProfileSummary appears",
            ], lacks: ["saved revision"]),
        Claim(lesson: "cancel", task: 3, says: "g_kumar: nothing you typed", shows: ["g_kumar"]),
        Claim(
            lesson: "goal-range", task: 0, says: "November 30, 2025 to November 30, 2027",
            shows: ["Allowed: November 30, 2025 – November 30, 2027"]),
        Claim(
            lesson: "goal-range", task: 1,
            says: "it runs from November 30, 2026 to November 30, 2028", then: "show editor",
            thenShows: ["Allowed: November 30, 2026 – November 30, 2028"]),
        Claim(
            lesson: "goal-range", task: 3, says: "today is two years before the goal",
            error: "goal 2026-11-30 is outside the allowed range 2027-11-30 … 2029-11-30"),
        Claim(
            lesson: "goal-range", task: 5, says: "Cancel reset the draft to the committed profile",
            shows: ["~ Cancel button: draft = profile", "~ editMode: active → inactive"],
            lacks: ["saved revision"], then: "get profile.goal", thenShows: ["2026-11-30"]),
        Claim(
            lesson: "trace", task: 1, says: "Four lines.",
            shows: [
                "~ editMode: inactive → active", "~ ProfileSummary disappears",
                "~ ProfileEditor appears", "~ ProfileEditor.onAppear: draft = profile (same value",
            ], traceLines: 4),
        Claim(
            lesson: "trace", task: 2, says: "One line: only the draft changed",
            shows: ["~ draft.notifications = off"], traceLines: 1),
        Claim(
            lesson: "trace", task: 3, says: "The last line, about the store, is lprof's own",
            shows: [
                "~ editMode: active → inactive", "~ ProfileEditor disappears",
                "~ ProfileEditor.onDisappear: profile = draft", "~ ProfileSummary appears",
            ], traceLines: 5, lastTrace: "store"),
        Claim(
            lesson: "sheet", task: 0, says: "'show' now draws CategoryHome with its profile button",
            shows: ["~ sheet dismissed"], then: "show", thenShows: ["[👤]"]),
        Claim(
            lesson: "sheet", task: 1, says: "draftProfile is Profile.default",
            shows: ["~ sheet presented"], then: "get mode; get draft.season; get sheet",
            thenShows: ["inactive\nwinter\npresented\n"]),
        Claim(
            lesson: "sheet", task: 2, says: "its onDisappear ran modelData.profile = draftProfile",
            shows: [
                "~ ProfileEditor disappears", "~ ProfileEditor.onDisappear: profile = draft",
                "~ sheet dismissed",
            ], lastTrace: "store", then: "get profile.season", thenShows: ["autumn"]),
        Claim(
            lesson: "sheet", task: 3, says: "Your change survived the sheet",
            shows: ["Seasonal Photos: 🍂"]),
        Claim(
            lesson: "sheet", task: 4, says: "This time the onAppear copy changed the draft",
            shows: ["~ ProfileEditor.onAppear: draft = profile"], lacks: ["same value"]),
        Claim(
            lesson: "sheet", task: 6,
            says: "the editor's onDisappear resets draftProfile = profile and commits nothing",
            shows: [
                "~ ProfileEditor disappears", "~ ProfileEditor.onDisappear: draft = profile",
                "~ sheet dismissed",
            ], lacks: ["saved revision", "profile = draft"], then: "get profile.season",
            thenShows: ["winter"]),
        Claim(
            lesson: "sheet", task: 6, says: "Trace said so when you switched",
            shows: ["~ lprof store: not used"]),
        Claim(
            lesson: "sheet", task: 7, says: "lprof read it back from its store",
            shows: ["~ lprof store: in use", "~ lprof store: read"], then: "get profile.season",
            thenShows: ["autumn"]),
        Claim(
            lesson: "editions", task: 1,
            says: "The beta's Done commits first, in its action, and only then ends edit mode",
            shows: [
                "Done button", "profile = draft", "~ editMode: active → inactive",
                "~ ProfileEditor disappears",
                "~ ProfileEditor.onDisappear: draft = profile (same value",
            ]),
        Claim(
            lesson: "editions", task: 0, says: "Trace said that the store is not used",
            shows: ["~ lprof edition = beta", "~ lprof store: not used"]),
        Claim(
            lesson: "editions", task: 2, says: "Winter: your summer is gone",
            shows: [
                "~ sheet dismissed",
                "~ sheet presented: ProfileHost appears, its @State profile and draft = Profile.default",
                "winter",
            ]),
        Claim(
            lesson: "editions", task: 3, says: "it showed the draft as it was",
            shows: [
                "~ ProfileEditor has no onAppear: it shows the draft as it is\n",
                "~ ProfileEditor.onDisappear: draft = profile",
            ], lacks: ["Done button", "stale", "differs"],
            then: "get profile.season; get draft.season", thenShows: ["winter\nwinter\n"]),
        Claim(
            lesson: "editions", task: 4,
            says: "the editor's onAppear copies modelData.profile into it",
            shows: ["~ lprof store: in use", "~ ProfileEditor.onAppear: draft = profile"]),
        Claim(
            lesson: "lab", task: 0, says: "Each comment names a piece",
            shows: ["// onAppear copy · 002:318-320", "// onDisappear commit · 002:321-323"]),
        Claim(
            lesson: "lab", task: 2, says: "while the profile holds your autumn",
            shows: [
                "~ lprof wiring: onAppear none",
                "~ ProfileEditor has no onAppear: it shows the draft as it is\n",
                "~ lprof: the draft it shows differs from the profile",
            ], then: "get draft.season; get profile.season", thenShows: ["winter\nautumn\n"]),
        Claim(
            lesson: "lab", task: 4, says: "nothing was committed: the profile is still autumn",
            shows: ["~ editMode: active → inactive", "~ lprof wiring: onDisappear none"],
            lacks: ["onDisappear: profile = draft", "saved revision"],
            then: "get profile.season; get draft.season", thenShows: ["autumn\nspring\n"]),
        Claim(
            lesson: "lab", task: 5, says: "nothing wrote the profile",
            shows: [
                "profile.season is autumn", "~ draft.season = autumn", "the editor's Picker wrote",
                "~ ProfileEditor.onDisappear: profile = draft — it wrote profile.season:",
                "~ Cancel button: draft = profile",
                "~ ProfileEditor.onDisappear: profile = draft (same value: nothing changes)",
                "~ ProfileEditor disappears — ProfileEditor's onDisappear is none here",
                "nothing wrote profile.season",
            ]),
        Claim(
            lesson: "lab", task: 6, says: "Cancel committed your summer",
            shows: [
                "~ lprof wiring: cancel-resets no", "~ editMode: active → inactive",
                "~ ProfileEditor.onDisappear: profile = draft", "saved revision",
            ], lacks: ["Cancel button: draft = profile"], then: "get profile.season",
            thenShows: ["summer"]),
        Claim(lesson: "dynamic-type", task: 0, says: "Three across.", badges: .threeAcross),
        Claim(
            lesson: "dynamic-type", task: 1, says: "Still three across", badges: .threeAcross),
        Claim(
            lesson: "dynamic-type", task: 2, says: "One badge to a row", badges: .oneToARow),
        Claim(
            lesson: "accessibility", task: 0, says: "not say 'First Hike' but the label",
            shows: ["Badge for First Hike.", "Badge for Earth Day.", "Badge for Tenth Hike."],
            lacks: ["\nFirst Hike\n"]),
        Claim(
            lesson: "accessibility", task: 1, says: "labels it 'User Profile'",
            shows: ["User Profile"]),
    ]

    @Test("the lesson's claim matches lprof's own output", arguments: claims)
    func claimMatchesOutput(_ claim: Claim) {
        let lesson = builtIn(claim.lesson)
        let text = lesson.steps.map { step -> String in
            switch step {
            case .say(let words): return words
            case .task(let task): return task.success.map(\.text).joined(separator: " ")
            case .free(let words): return words
            case .run, .question: return ""
            }
        }.joined(separator: " ")
        #expect(text.contains(claim.says), "the lesson no longer says it")
        let task = lesson.tasks[claim.task]
        // The task's place among the steps the learner answers (tasks and questions).
        let answered = lesson.steps.filter { !answers($0).isEmpty }
        let place =
            answered.firstIndex {
                if case .task(let t) = $0 { return t.text == task.text }
                return false
            } ?? claim.task
        let r = runLessons(
            [lesson], entries(before: place, in: lesson) + ["trace on"] + task.answers)
        #expect(r.met == place + 1, "\(r.output)")
        // What the answers printed: from the task's heading to its success line.
        let headings = r.output.components(separatedBy: "\nTask: ")
        let segment = headings[claim.task + 1].components(separatedBy: "\n✓ ")[0]
        var rest = Substring(segment)
        for fragment in claim.shows {
            guard let found = rest.range(of: fragment) else {
                Issue.record("'\(fragment)' is not in (or not in order in):\n\(segment)")
                break
            }
            rest = rest[found.upperBound...]
        }
        for fragment in claim.lacks { #expect(!segment.contains(fragment), "\(segment)") }
        let trace = segment.split(separator: "\n").filter { $0.hasPrefix("~ ") }
        if let count = claim.traceLines { #expect(trace.count == count, "\(segment)") }
        if let last = claim.lastTrace { #expect(trace.last?.contains(last) == true) }
        if let error = claim.error {
            #expect(r.errors.contains { $0.message.contains(error) }, "\(r.errors)")
        }
        if let badges = claim.badges {
            let names = ["First Hike", "Earth Day", "Tenth Hike"]
            let counts = segment.split(separator: "\n").map { line in
                names.filter { line.contains($0) }.count
            }
            #expect(counts.reduce(0, +) == 3, "each badge once:\n\(segment)")
            #expect(counts.max() == (badges == .threeAcross ? 3 : 1), "\(segment)")
        }
        if let then = claim.then {
            let shown = r.after(then)
            for fragment in claim.thenShows { #expect(shown.contains(fragment), "\(shown)") }
        }
    }

    @Test func everyLessonButTheQuizMakesAClaimThatIsChecked() {
        let checked = Set(Self.claims.map(\.lesson))
        for lesson in BuiltInLessons.all where lesson.id != "quiz" {
            #expect(checked.contains(lesson.id), "\(lesson.id)")
        }
    }
}
