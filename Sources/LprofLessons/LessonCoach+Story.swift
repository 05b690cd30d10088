import LprofLessonLanguage
import LprofModel
import LprofShell

/// Checking a task against its answer's story (SPEC §9), and telling a learner off its path.
extension LessonCoach {
    /// Met when the learner's deeds tell the answer's story and the task's conditions hold.
    func isMet(_ task: LessonTask) -> Bool {
        guard let story else { return false }
        return story.isTold(by: log.events, now: StoryState(interpreter), through: story.steps)
            && task.conditions.allSatisfy(holds)
    }

    /// How many (short of all) of the answer's entries the learner's deeds have told.
    func pathPosition() -> Int {
        guard let story, story.steps > 1 else { return 0 }
        let now = StoryState(interpreter)
        return (1..<story.steps).last { story.isTold(by: log.events, now: now, through: $0) } ?? 0
    }

    /// The fewest of the answer's last entries that would meet the task from here, after a
    /// `repair` if need be; nil when none would, or after a stray commit or sheet event.
    func wayFromHere(_ task: LessonTask) -> (repair: [String], rest: [String])? {
        guard let story, story.strayEvent(in: log.events) == nil else { return nil }
        let first = pathPosition()
        let repair = self.repair()
        let now = interpreter.world
        for fix in repair.isEmpty ? [[]] : [[], repair] {
            for k in (first..<task.answers.count).reversed() {
                let rest = Array(task.answers[k...])
                if wouldMeet(task, typing: fix + rest, from: now, after: log) {
                    return (fix, rest)
                }
            }
        }
        return nil
    }

    /// Whether typing `entries` from `world` after `past` would meet the task, rehearsed.
    func wouldMeet(
        _ task: LessonTask, typing entries: [String], from world: InterpreterWorld,
        after past: StoryLog
    ) -> Bool {
        guard let story, !entries.isEmpty else { return false }
        let ahead = TaskStory.rehearsal(entries, from: world)
        guard let end = ahead.story.marks.last?.state else { return false }
        let log = past + ahead.log
        return story.isTold(by: log.events, now: end, through: story.steps)
            && task.conditions.allSatisfy {
                Self.holds($0, in: ahead.interpreter, deeds: log.deeds)
            }
    }

    /// Commands that undo a detour without committing: 'cancel', then the wiring put back
    /// (not the edition: changing it moves the profile, which nothing undoes).
    private func repair() -> [String] {
        guard let start = stepStart?.host else { return [] }
        let now = interpreter.host
        var typed: [String] = []
        if now.editMode == .active, start.editMode == .inactive { typed.append("cancel") }
        guard now.edition == start.edition else { return typed }
        for piece in start.wiring.pieces {
            if let wanted = start.wiring.setting(piece), now.wiring.setting(piece) != wanted {
                typed.append("env wiring \(piece.rawValue) \(wanted.valueText)")
            }
        }
        return typed
    }

    /// Why the rest of the answer typed from here would not meet the task, and what would.
    func storyStuckText(
        _ task: LessonTask, way: (repair: [String], rest: [String])?
    ) -> String? {
        guard let story else { return nil }
        let back = " 'back' returns to where this task began."
        if let stray = story.strayEvent(in: log.events) {
            if let awaited = story.awaitedBeforeStray(in: log.events) {
                return "That \(Self.deedText(stray)) before the task's answer would: the"
                    + " answer first has '\(awaited.text)'. Nothing undoes it;" + back
            }
            let again = story.events.contains(stray) ? " again" : ""
            return "That \(Self.deedText(stray)), which this task's answer does not do\(again),"
                + " and nothing undoes it." + back
        }
        if let way, way.repair.isEmpty { return nil }
        let rest = Array(task.answers[pathPosition()...])
        let ahead = TaskStory.rehearsal(rest, from: interpreter.world)
        let log = self.log + ahead.log
        guard let end = ahead.story.marks.last?.state else { return nil }
        let unmet = task.conditions.first {
            !Self.holds($0, in: ahead.interpreter, deeds: log.deeds)
        }
        let lead = "From here, \(Self.quoted(rest)) would not meet this task"
        let next =
            way.map { " From here, " + Self.quoted($0.repair + $0.rest) + " would do it." }
            ?? back
        let toldCount = story.toldCount(log.events)
        if toldCount < story.events.count {
            return lead + ": '\(story.events[toldCount].text)' would not happen as it does"
                + " from where the task began." + next
        }
        if let differs = end.difference(
            from: story.marks[story.steps - 1].state, start: story.start)
        {
            return lead + ": \(differs.subject) would be \(differs.now), where the task's"
                + " answer leaves it \(differs.answer)." + next
        }
        if let unmet, case .deed(.event(let pattern, _, true)) = unmet.atom {
            let said = Self.traceWords(of: pattern, in: log.deeds)
            if !interpreter.settings.trace {
                return lead + ": trace is off, so it would not print '\(said)'. Type"
                    + " 'trace on' first, or 'back' to return to where this task began."
            }
            return lead + ": trace would not print '\(said)'." + next
        }
        return lead + "." + next
    }

    /// How trace words the first event in `deeds` that `pattern` names, else the pattern.
    private static func traceWords(of pattern: EventPattern, in deeds: [Deed]) -> String {
        for deed in deeds {
            if case .event(let event, _, _) = deed,
                DeedMatch.matches(pattern, event, today: today)
            {
                return StoryEvent.host(event).text
            }
        }
        return pattern.text
    }

    /// What a learner off the path hears when nothing more particular fits.
    func notYet(_ task: LessonTask, way: (repair: [String], rest: [String])?) -> String {
        let rest = way.map { $0.repair + $0.rest } ?? Array(task.answers[pathPosition()...])
        return "Not yet. From here, " + Self.quoted(rest)
            + " would do it; 'hint' helps, 'back' returns to where the task began."
    }

    /// Entries as a sentence names them: `'a', then 'b'`.
    static func quoted(_ entries: [String]) -> String {
        entries.map { "'\($0)'" }.joined(separator: ", then ")
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
        case .host(.profileMoved(to: .state)):
            return "moved the profile into ProfileHost's @State, where it starts again at"
                + " Profile.default"
        case .host(.profileMoved(to: .modeldata)):
            return "moved the profile into ModelData, read from lprof's store"
        case .saved: return "saved a commit to lprof's store"
        default: return "did what nothing undoes"
        }
    }
}
