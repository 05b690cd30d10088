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
        return story.isTold(by: log.events, now: StoryState(interpreter), through: story.steps)
            && task.conditions.allSatisfy(holds)
    }

    /// How many of the answer's entries the learner's deeds have told the story of, short
    /// of all of them: 0 when they are not part of the way along it.
    func pathPosition() -> Int {
        guard let story, story.steps > 1 else { return 0 }
        let now = StoryState(interpreter)
        return (1..<story.steps).last { story.isTold(by: log.events, now: now, through: $0) } ?? 0
    }

    /// What the learner could type from here to meet the task: the fewest of the answer's
    /// last entries that would, after `repair` when the answer alone would not (leaving edit
    /// mode with Cancel, putting back the wiring the task began with); nil when
    /// neither would, or a commit or sheet event the story lacks already happened.
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

    /// Whether typing `entries` from `world`, after what `past` told and did, would meet the
    /// task, rehearsed out of sight.
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

    /// Commands that undo a detour without committing anything: 'cancel' out of an edit
    /// the task did not begin in, then the wiring's pieces put back as the task found them.
    /// (Not the edition: changing it moves the profile, which nothing undoes.)
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

    /// Why the task cannot be met by typing the rest of the answer from here, when lprof
    /// can tell, and what to do: the learner did what nothing undoes (a commit, a sheet
    /// event) that the story lacks or has only later, or the rest of the answer would not
    /// tell the story, when `way` says what would.
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
        let done = pathPosition()
        let rest = Array(task.answers[done...])
        let ahead = TaskStory.rehearsal(rest, from: interpreter.world)
        let log = self.log + ahead.log
        guard let end = ahead.story.marks.last?.state else { return nil }
        let unmet = task.conditions.first {
            !Self.holds($0, in: ahead.interpreter, deeds: log.deeds)
        }
        let typed = rest.map { "'\($0)'" }.joined(separator: ", then ")
        let lead = "From here, \(typed) would not meet this task"
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

    /// How trace words the event `pattern` names: as it printed (or would print) the first
    /// such event in `deeds`, else as the lesson wrote it.
    private static func traceWords(of pattern: EventPattern, in deeds: [Deed]) -> String {
        for deed in deeds {
            if case .event(let event, _, _) = deed,
                DeedMatch.matches(pattern, event, today: today)
            {
                return String(TraceText.line(event).dropFirst(2))
            }
        }
        return pattern.text
    }

    /// What a learner off the path hears when nothing more particular fits: the task is
    /// still within reach, and `way` (else the rest of the answer) typed from here would
    /// meet it.
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
