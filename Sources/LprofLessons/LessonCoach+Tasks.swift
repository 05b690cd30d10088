import LprofLanguage
import LprofLessonLanguage
import LprofModel
import LprofShell
import LprofText

/// Checking a task, and helping with it: hints by state, stuck states, `back` and `skip`.
extension LessonCoach {
    func holds(_ guards: [LessonCondition]) -> Bool {
        guards.allSatisfy(holds)
    }

    func holds(_ condition: LessonCondition) -> Bool {
        Self.holds(condition, in: interpreter, deeds: log.deeds)
    }

    /// Whether `condition` holds of `interpreter` and `deeds`, the learner's or a rehearsal's.
    static func holds(_ condition: LessonCondition, in interpreter: Interpreter, deeds: [Deed])
        -> Bool
    {
        let atomHolds =
            switch condition.atom {
            case .state(let target, let value):
                interpreter.holds(target, value)
            case .env(let key, let value):
                sameEnvironmentValue(key, interpreter.environmentValue(key), value.text)
            case .trace(let on):
                interpreter.settings.trace == on
            case .pending(let yes):
                interpreter.host.hasPendingChanges == yes
            case .deed(let pattern):
                deeds.contains { DeedMatch.matches(pattern, $0, today: interpreter.today) }
            }
        return atomHolds != condition.negated
    }

    /// The task is met: its success lines whose guards hold, then the next step.
    func complete(_ task: LessonTask) {
        let lines = task.success.filter { holds($0.guards) }.map(\.text)
        out.write("\n")
        say("✓", lines.joined(separator: " "))
        self.task = nil
        advance()
    }

    /// The task is not met: a step along the answer goes on unprompted, anything else gets
    /// a word (SPEC §9: never silence), stuck, a hint, or what is still missing.
    func notMet(_ task: LessonTask) {
        let way = wayFromHere(task)
        let position = pathPosition()
        defer { pathReached = position }
        if let stuck = stuckText(task, way: way) {
            let again =
                "Still as above: 'hint' says it again; 'back' returns to where this task began."
            say("⟲", stuck == lastStuck ? again : stuck)
            lastStuck = stuck
            return
        }
        lastStuck = nil
        if position > pathReached { return }
        if position == 0 {
            tries += 1
            // A hint about something the learner just did answers it at once.
            if let answer = task.hints.first(where: {
                !hintsShown.contains($0.text) && $0.guards.contains(where: Self.isDeed)
                    && holds($0.guards)
            }) {
                hintsShown.insert(answer.text)
                say("Hint:", answer.text)
                return
            }
            if tries % Self.triesBeforeHint == 0 {
                showHint()
                return
            }
        }
        say("·", notYet(task, way: way))
    }

    /// Why the task cannot be met from here, a stray commit or sheet event allowing only a
    /// stuck line about those, not one that assumes none happened ("'edit on', then …").
    private func stuckText(_ task: LessonTask, way: (repair: [String], rest: [String])?)
        -> String?
    {
        if let way, way.repair.isEmpty { return nil }
        let stray = story?.strayEvent(in: log.events)
        if let own = task.stuck.first(where: {
            holds($0.guards) && (stray == nil || $0.guards.contains(where: Self.isAboutStray))
        }) {
            return own.text
        }
        let dismisses = story?.events.contains(.host(.sheetDismissed)) ?? false
        if interpreter.host.sheet == .dismissed, stepStart?.host.sheet == .presented, !dismisses {
            return "The sheet is closed, and ProfileHost with everything in it; this task"
                + " needs it. 'back' returns to where this task began."
        }
        return storyStuckText(task, way: way)
    }

    /// Whether a guard is about what a stray commit or sheet event changes.
    private static func isAboutStray(_ condition: LessonCondition) -> Bool {
        switch condition.atom {
        case .state(.sheet, _), .state(.field(.profile?, _), _),
            .deed(.event(.copy(_, .profile, _, _), _, _)), .deed(.event(.sheet, _, _)),
            .deed(.event(.reset, _, _)), .deed(.event(.storeSaved, _, _)):
            return true
        default: return false
        }
    }

    /// `hint`: the stuck text when stuck, else the next hint whose guard holds, else the answer.
    func showHint() {
        if let open = question {
            let hint = open.hint.map { $0 + " " } ?? ""
            say("Hint:", hint + Self.numberPrompt(open))
            return
        }
        if freeStep != nil {
            say("Hint:", Self.freeNote)
            return
        }
        guard let current = task else {
            say("There is no task right now.")
            return
        }
        let way = wayFromHere(current)
        if let stuck = stuckText(current, way: way) {
            say("⟲", stuck)
            lastStuck = stuck
            return
        }
        let fitting = current.hints.filter { holds($0.guards) }.map(\.text)
        if let next = fitting.first(where: { !hintsShown.contains($0) }) {
            hintsShown.insert(next)
            say("Hint:", next)
            return
        }
        let rest = way.map { $0.repair + $0.rest } ?? current.answers
        say("Hint:", Self.answerHint(rest))
    }

    private static func isDeed(_ condition: LessonCondition) -> Bool {
        if case .deed = condition.atom { return !condition.negated }
        return false
    }

    /// The rest of the answer, from here, as the last hint says it.
    static func answerHint(_ rest: [String]) -> String {
        "The answer from here: type " + quoted(rest)
            + " — or 'skip', and lprof types the whole answer for you."
    }

    /// `back`: the world as it was when the task was shown.
    func back() {
        if freeStep != nil, let start = stepStart {
            restore(start, to: "this free step")
            return
        }
        guard task != nil, let start = stepStart else {
            say(
                question != nil
                    ? "A question changes nothing to go back to: answer with a number."
                    : "There is no task to go back to.")
            return
        }
        if unchanged(since: start) && log.deeds.isEmpty {
            say("You are where this task began: there is nothing to put back.")
        } else {
            restore(start)
        }
        showOpenStep()
    }

    /// Forgets what the learner did since the task began, so that its story starts again.
    func restartStory() {
        log = StoryLog()
        lastStuck = nil
        pathReached = 0
    }

    private func restore(_ start: InterpreterWorld, to place: String = "this task") {
        interpreter.enter(start)
        restartStory()
        say(
            "↶",
            "Back where \(place) began: lprof put the profile, the draft, the edit mode,"
                + " the sheet and the settings back as they were. That is lprof's doing;"
                + " nothing in SwiftUI does this.")
    }

    /// Whether the world is still the one the task began in (so `skip` need not restore it).
    private func unchanged(since start: InterpreterWorld) -> Bool {
        let now = interpreter.settings
        return interpreter.host == start.host && interpreter.base == start.base
            && now.trace == start.settings.trace && now.sizeCategory == start.settings.sizeCategory
            && now.locale == start.settings.locale && now.now == start.settings.now
    }

    /// `skip`: back to where the task began, then the answers typed where the learner sees
    /// them, so that what follows is true of the screen.
    func skip() {
        if let open = question {
            skippedInLesson = true
            say("↷", "Skipped: lprof answers for you.")
            out.write(prompt + "\(open.right)\n")
            choose(open.right, in: open)
            return
        }
        guard let current = task, let start = stepStart else {
            say("There is no task to skip.")
            return
        }
        skippedInLesson = true
        if unchanged(since: start) {
            // Nothing to put back; the story starts again with the answer.
            restartStory()
        } else {
            restore(start)
        }
        say("↷", "Skipped: lprof types it for you.")
        for answer in current.answers { type(answer) }
        if isMet(current) {
            complete(current)
        } else {
            runner.diagnostics.report(
                Diagnostic(.error, "lesson '\(lesson.id)': the task's answers did not meet it"))
            task = nil
            advance()
        }
    }

    /// Environment values compare as values: `ax1` is accessibilityMedium, `BETA` is beta.
    static func sameEnvironmentValue(_ key: EnvKey, _ actual: String, _ wanted: String) -> Bool {
        switch key {
        case .sizeCategory:
            return SizeCategory(parsing: actual) == SizeCategory(parsing: wanted)
        case .locale:
            return LocaleSetting.normalize(actual) == LocaleSetting.normalize(wanted)
        default:
            return actual.lowercased() == wanted.lowercased()
        }
    }
}
