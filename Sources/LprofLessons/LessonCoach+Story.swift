import LprofLanguage
import LprofLessonLanguage
import LprofModel
import LprofShell

/// Checking a task against its answer's story (SPEC §9), and telling a learner off the path
/// where they are.
extension LessonCoach {
    /// Met when the learner's deeds tell the answer's story and the task's own conditions,
    /// if it has any, hold.
    func isMet(_ task: LessonTask) -> Bool {
        guard let story else { return false }
        return story.isTold(by: told, now: StoryState(interpreter), through: story.steps)
            && task.conditions.allSatisfy(holds)
    }

    /// How many of the answer's entries the learner's deeds have told the story of, short
    /// of all of them: 0 when they are not part of the way along it.
    func pathPosition() -> Int {
        guard let story, story.steps > 1 else { return 0 }
        let now = StoryState(interpreter)
        return (1..<story.steps).last { story.isTold(by: told, now: now, through: $0) } ?? 0
    }

    /// Why the task cannot be met from here, when lprof can tell: the learner did what
    /// nothing undoes and the story lacks (a commit, a sheet event), or typing the rest of
    /// the answer now would not tell the story.
    func storyStuckText(_ task: LessonTask) -> String? {
        guard let story else { return nil }
        if let stray = story.strayEvent(in: told) {
            return "That \(Self.deedText(stray)), which this task's answer does not do, and"
                + " nothing undoes it. 'back' returns to where this task began."
        }
        let done = pathPosition()
        let rest = Array(task.answers[done...])
        let ahead = TaskStory.rehearsal(rest, from: interpreter.world, today: Self.today)
        let log = told + ahead.story.events
        guard let end = ahead.story.marks.last?.state else { return nil }
        let tells = story.isTold(by: log, now: end, through: story.steps)
        let unmet = task.conditions.first {
            !Self.holds($0, in: ahead.interpreter, deeds: deeds + ahead.deeds)
        }
        if tells && unmet == nil { return nil }
        let typed = rest.map { "'\($0)'" }.joined(separator: ", then ")
        let lead = "From here, \(typed) would not meet this task"
        let back = " 'back' returns to where this task began."
        let toldCount = story.toldCount(log)
        if toldCount < story.events.count {
            return lead + ": '\(story.events[toldCount].text)' would not happen as it does"
                + " from where the task began." + back
        }
        if let differs = end.difference(
            from: story.marks[story.steps - 1].state, start: story.start)
        {
            return lead + ": \(differs.subject) would be \(differs.now), where the task's"
                + " answer leaves it \(differs.answer)." + back
        }
        if let unmet, case .deed(.event(let event, _, true)) = unmet.atom {
            if !interpreter.settings.trace {
                return lead + ": trace is off, so it would not print '\(event.text)'. Type"
                    + " 'trace on' first, or 'back' to return to where this task began."
            }
            return lead + ": trace would not print '\(event.text)'." + back
        }
        return lead + "." + back
    }

    /// What a learner off the path hears when nothing more particular fits: the task is
    /// still within reach, and the rest of the answer, typed from here, would meet it.
    func notYet(_ task: LessonTask) -> String {
        let rest = task.answers[pathPosition()...].map { "'\($0)'" }
        return "Not yet. From here, " + rest.joined(separator: ", then ")
            + " would do it; 'hint' helps, 'back' returns to where the task began."
    }

    /// A commit or sheet event, as the learner is told it.
    static func deedText(_ event: StoryEvent) -> String {
        switch event {
        case .host(.copied(target: .profile, _, let trigger, _)):
            return "committed the draft (\(trigger.rawValue): profile = draft)"
        case .host(.reset): return "reset the profile to Profile.default"
        case .host(.sheetDismissed), .host(.dismissCommitted): return "closed the sheet"
        case .host(.sheetPresented):
            return "presented a new sheet, with a new ProfileHost"
        case .saved: return "saved a commit to lprof's store"
        default: return "changed what the task needs"
        }
    }
}
