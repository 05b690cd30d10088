import Testing

/// A deed that meets a task without being the task, found by a careless learner (issue 23,
/// W1–W9): the task is not met, and the narration written for its answer is not said.
struct WrongDeed: CustomTestStringConvertible, Sendable {
    var name: String
    var lesson: String
    /// The task's place among the lesson's tasks and questions, from 0.
    var index: Int
    var entries: [String]
    /// Narration that would be false after these entries.
    var falseNarration: String

    var testDescription: String { "\(name): \(lesson) #\(index + 1): \(entries)" }
}

@Suite struct WrongDeedTests {
    static let deeds: [WrongDeed] = [
        WrongDeed(
            name: "W1", lesson: "goal-range", index: 3, entries: ["set goal +2y"],
            falseNarration: "today is two years before the goal"),
        WrongDeed(
            name: "W1", lesson: "goal-range", index: 3, entries: ["set goal 2031-01-01"],
            falseNarration: "today is two years before the goal"),
        WrongDeed(
            name: "W2", lesson: "goal-range", index: 4, entries: ["cancel", "edit on"],
            falseNarration: "Each step stayed within a year"),
        WrongDeed(
            name: "W3", lesson: "goal-range", index: 5, entries: ["set season autumn", "cancel"],
            falseNarration: "never saw 2027, 2028 or May 2027"),
        WrongDeed(
            name: "W4", lesson: "goal-range", index: 2,
            entries: ["done", "edit on", "set goal +1y"],
            falseNarration: "allowed only because the range slid"),
        WrongDeed(
            name: "W5", lesson: "sheet", index: 3, entries: ["dismiss", "show summary", "present"],
            falseNarration: "Your change survived the sheet"),
        WrongDeed(
            name: "W6", lesson: "summary", index: 0,
            entries: ["dismiss", "show summary", "present"],
            falseNarration: "That is ProfileSummary"),
        WrongDeed(
            name: "W7", lesson: "sheet", index: 5, entries: ["done"],
            falseNarration: "the profile is as it was"),
        WrongDeed(
            name: "W7", lesson: "sheet", index: 5, entries: ["edit off"],
            falseNarration: "the profile is as it was"),
        WrongDeed(
            // The W8 ('edit off', 'edit on', 'show' at the stale-draft task) is gone
            // with the exact beta, which has no stale draft; its task's place now holds
            // "leave without committing", and a commit must not be narrated as none.
            name: "W8", lesson: "editions", index: 3,
            entries: ["edit on", "set season autumn", "done"],
            falseNarration: "Nothing committed."),
        WrongDeed(
            name: "W9", lesson: "summary", index: 2, entries: ["edit on; get profile.season"],
            falseNarration: "That is the committed season"),
        // Found by a reviewer after issue 24: with Cancel wired without its reset, Cancel and
        // EditButton caused the same copies, so Done met "cancel an edit" and was narrated as
        // Cancel. A button wired without its copy now says so (trace: "has no copy").
        WrongDeed(
            name: "W10", lesson: "lab", index: 6,
            entries: [
                "env wiring onDisappear commit", "env wiring cancel-resets no", "edit on",
                "set season summer", "done",
            ],
            falseNarration: "Cancel committed your summer"),
        WrongDeed(
            name: "W10", lesson: "lab", index: 6,
            entries: [
                "env wiring onDisappear commit", "env wiring cancel-resets no", "edit on",
                "set season summer", "edit off",
            ],
            falseNarration: "Cancel committed your summer"),
    ]

    /// What nothing undoes, done too early, is told as too early, not as something the
    /// answer never does; and a deed the answer never does is named for what it did.
    @Test func aStrayDeedIsToldTruly() {
        let lab = builtIn("lab")
        let early = runLessons(
            [lab], entries(before: 2, in: lab) + ["edit on", "set season spring", "done"])
        #expect(
            early.flatOutput.contains(
                "That committed the draft (ProfileEditor.onDisappear: profile = draft) before"
                    + " the task's answer would: the answer first has 'draft.season = autumn'."),
            "\(early.output)")
        #expect(!early.flatOutput.contains("which this task's answer does not do"))
        let moved = runLessons([lab], entries(before: 2, in: lab) + ["env edition beta"])
        #expect(
            moved.flatOutput.contains(
                "That moved the profile into ProfileHost's @State, where it starts again at"
                    + " Profile.default, which this task's answer does not do"),
            "\(moved.output)")
    }

    @Test("the wrong deed does not meet the task", arguments: deeds)
    func wrongDeedDoesNotMeetTheTask(_ wrong: WrongDeed) {
        let lesson = builtIn(wrong.lesson)
        let before = entries(before: wrong.index, in: lesson)
        let r = runLessons([lesson], before + wrong.entries)
        #expect(r.met == wrong.index, "met by \(wrong.entries):\n\(r.output)")
        #expect(!r.flatOutput.contains(wrong.falseNarration), "\(r.output)")
    }
}
