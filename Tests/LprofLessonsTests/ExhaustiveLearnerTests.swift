import Foundation
import LprofLanguage
import LprofLessonLanguage
import LprofModel
import Testing

@testable import LprofLessons
@testable import LprofShell
@testable import LprofStore
@testable import LprofSystem

/// A wrong learner who tries everything (SPEC §9, issue 23): at every task of every
/// built-in lesson, every sequence of one and two moves from a vocabulary of plausible
/// moves. Any sequence that meets a task must tell its answer's story, as a judge that
/// shares nothing with the coach's matching sees it: the answer's trace, views, values and
/// errors appear in the learner's output in the same order, with no more commits or sheet
/// events, and the two end in the same state. And a learner whose first move does not meet
/// the task always hears something, unless that move was the first step of the answer.
@Suite struct ExhaustiveLearnerTests {
    /// Every command kind with typical values, both editions, the sheet, trace, each view,
    /// get and expect of each field and of the mode and sheet, and `back`.
    static let moves = [
        "edit on", "edit off", "edit", "done", "cancel", "dismiss", "present", "reset",
        "set season autumn", "set season fall", "set season summer", "set username hiker",
        "set notifications off", "set goal +1y", "set goal -1y", "set goal today", "set goal +2y",
        "set goal +6m", "set goal 2031-01-01", "env edition beta", "env edition release",
        "env sizeCategory xxxl", "env sizeCategory ax1", "env sizeCategory large",
        "env locale ko_KR", "trace on", "trace off", "show", "show summary", "show editor",
        "show diff", "show badges", "show voiceover", "show hike", "show env", "get season",
        "get profile.season", "get draft.season", "get username", "get profile.username",
        "get draft.username", "get goal", "get draft.goal", "get notifications", "get mode",
        "get sheet", "get --json", "expect mode active", "expect season autumn",
        "expect sheet presented", "back", "env wiring onAppear none",
        "env wiring onDisappear none", "env wiring cancel-resets no", "show code",
    ]

    /// Pure lesson logic, about 25 s in a debug build: it runs in the plain and release
    /// runs, not again under AddressSanitizer (`Scripts/test --sanitize` sets
    /// LPROF_SANITIZED), where it would take minutes of CI's 20 and find no memory error
    /// the lesson tests there do not reach.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["LPROF_SANITIZED"] != "1"))
    func everySequenceThatMeetsATaskTellsItsAnswersStory() {
        #expect(Self.moves.count >= 40)
        var tried = 0
        var meeting = 0
        var silent: [String] = []
        let started = ContinuousClock.now
        for lesson in BuiltInLessons.all {
            let steps = lesson.steps.filter { !answers($0).isEmpty }
            for (index, step) in steps.enumerated() {
                guard case .task(let task) = step else { continue }
                let seat = TaskSeat(lesson, before: entries(before: index, in: lesson))
                let name = "\(lesson.id) #\(index + 1)"
                for first in Self.moves {
                    seat.sit()
                    tried += 1
                    seat.type(first)
                    if seat.coach.isMet(task) {
                        meeting += 1
                        seat.judge([first], task, name)
                        continue
                    }
                    if !seat.answersAfterNotMet(task), first != "back" {
                        silent.append("\(name): \(first)")
                    }
                    let afterFirst = seat.snapshot()
                    for second in Self.moves {
                        seat.sit(afterFirst)
                        tried += 1
                        seat.type(second)
                        if seat.coach.isMet(task) {
                            meeting += 1
                            seat.judge([first, second], task, name)
                        }
                    }
                }
            }
        }
        let seconds = (ContinuousClock.now - started).components.seconds
        print(
            "exhaustive learner: \(tried) sequences of \(Self.moves.count) moves tried,"
                + " \(meeting) met a task, in \(seconds) s")
        #expect(silent.isEmpty, "silence after: \(silent)")
        #expect(tried > 100_000)
    }
}

/// What a stuck learner is told is true (SPEC §9: "says so and what to do"): after any one
/// move from the vocabulary, when the coach says a task cannot be met from there, doing what
/// it says (the commands it quotes, in order; after `back` with nothing more said, the
/// answer) meets the task.
@Suite struct StuckAdviceTests {
    @Test func whatAStuckLearnerIsToldToDoMeetsTheTask() {
        var advised = 0
        for lesson in BuiltInLessons.all {
            let steps = lesson.steps.filter { !answers($0).isEmpty }
            for (index, step) in steps.enumerated() {
                guard case .task(let task) = step else { continue }
                let seat = TaskSeat(lesson, before: entries(before: index, in: lesson))
                for move in ExhaustiveLearnerTests.moves where move != "back" {
                    seat.sit()
                    seat.type(move)
                    if seat.coach.isMet(task) { continue }
                    let said = seat.response(task)
                    guard let stuck = said.range(of: "⟲ ") else { continue }
                    let advice = Self.advice(String(said[stuck.upperBound...]), task)
                    advised += 1
                    var met = false
                    for entry in advice where !met {
                        seat.type(entry)
                        met = seat.coach.isMet(task)
                    }
                    #expect(
                        met,
                        "\(lesson.id) #\(index + 1) after '\(move)': told \(advice), not met:\n\(said)"
                    )
                }
            }
        }
        print("stuck advice: \(advised) pieces of advice followed")
        #expect(advised > 100)
    }

    /// The commands a stuck text quotes, in order, up to an "Or 'back'" alternative; after a
    /// `back` with nothing more, the task's answer.
    static func advice(_ text: String, _ task: LessonTask) -> [String] {
        var text = LessonRun.flatten(text)
        for alternative in [" Or 'back'.", " (or 'back')"] {
            text = text.replacingOccurrences(of: alternative, with: "")
        }
        // lprof's own "From here, 'X' would not meet this task: …" quotes the answer to say
        // what would not do; its advice is the rest.
        if let clause = text.range(of: "would not meet this task") {
            text = String(text[clause.upperBound...])
        }
        let commands = quotes(in: text).filter { entry in
            let head = String(entry.split(separator: " ").first ?? "")
            return Vocabulary.commands.contains(head) || LessonWord.all.contains(head)
        }
        if commands.last == "back" { return commands + task.answers }
        return commands
    }

    /// The 'quoted' parts of `text`: a quote opens after a space, a parenthesis or the start,
    /// and closes before anything but a letter (so "task's" is no quote).
    static func quotes(in text: String) -> [String] {
        var found: [String] = []
        var open: String.Index? = nil
        var previous: Character = " "
        for index in text.indices {
            let c = text[index]
            if c == "'" {
                let next = text.index(after: index)
                if let start = open,
                    next == text.endIndex || !text[next].isLetter
                {
                    found.append(String(text[text.index(after: start)..<index]))
                    open = nil
                } else if open == nil, previous == " " || previous == "(" {
                    open = index
                }
            }
            previous = c
        }
        return found
    }
}

/// A lesson's coach seated at one task, with the world and deeds as the task began, so that
/// each sequence starts from there without typing the lesson's earlier answers again.
final class TaskSeat {
    let coach: LessonCoach
    let runner: Runner
    let out: OutputBuffer
    let start: Snapshot

    struct Snapshot {
        var world: InterpreterWorld
        var log: StoryLog
    }

    init(_ lesson: Lesson, before: [String]) {
        var settings = Settings()
        settings.now = LessonCoach.today
        out = OutputBuffer(.capture)
        runner = SessionSetup(settings: settings).makeRunner(
            out: out, diagnostics: DiagnosticSink(.collect, output: nil),
            storage: MemoryProfileStorage())!
        coach = LessonCoach(
            catalogue: BuiltInLessons.all, queue: [lesson], runner: runner,
            progress: LessonProgress(path: nil))
        coach.sessionStarts()
        for entry in before {
            if coach.intercept(entry) == .run {
                _ = runner.runEntry(Array(entry.utf8), promptWidth: 0)
            }
            coach.entryFinished()
        }
        start = Snapshot(world: runner.interpreter.world, log: coach.log)
    }

    func snapshot() -> Snapshot {
        Snapshot(world: runner.interpreter.world, log: coach.log)
    }

    /// Back to `snapshot` (the task's start by default), the coach's help forgotten.
    func sit(_ snapshot: Snapshot? = nil) {
        let at = snapshot ?? start
        runner.interpreter.enter(at.world)
        coach.log = at.log
        coach.tries = 0
        coach.lastStuck = nil
        coach.hintsShown = []
    }

    /// Types `entry` as the learner would: the coach's own words to the coach, the rest to
    /// the runner. The task is checked by the caller.
    func type(_ entry: String) {
        if coach.intercept(entry) == .run {
            _ = runner.runEntry(Array(entry.utf8), promptWidth: 0)
        }
    }

    /// What the coach says after an entry that did not meet `task`.
    func response(_ task: LessonTask) -> String {
        let before = out.captured.count
        coach.notMet(task)
        return String(decoding: out.captured[before...], as: UTF8.self)
    }

    /// After an entry that did not meet `task`: whether the coach said something, or kept
    /// quiet because the learner took the answer's first step.
    func answersAfterNotMet(_ task: LessonTask) -> Bool {
        let before = out.captured.count
        coach.notMet(task)
        return out.captured.count > before || coach.pathPosition() > 0
    }

    /// The judge: `sequence` met `task` from its start, so it must tell its answer's story.
    func judge(_ sequence: [String], _ task: LessonTask, _ name: String) {
        let world = start.world
        let answer = Transcript(task.answers, from: world)
        let learner = Transcript(sequence, from: world)
        let what = "\(name) met by \(sequence), answer \(task.answers)"
        #expect(
            Transcript.isSubsequence(answer.lines, of: learner.lines),
            "\(what): the answer's output is not in the learner's, in order:\n\(answer.lines)\n---\n\(learner.lines)"
        )
        #expect(
            answer.commitsAndSheets == learner.commitsAndSheets,
            "\(what): other commits or sheet events:\n\(learner.lines)")
        #expect(answer.host == learner.host, "\(what): ProfileHost ends elsewhere")
        for (key, value) in answer.settings where value != answer.startSettings[key] {
            #expect(learner.settings[key] == value, "\(what): \(key) ends elsewhere")
        }
    }
}

/// What entries print from a world, trace forced on (a `trace` entry only records what the
/// learner asked for), errors as `error: MESSAGE` lines where they happen; and where they
/// leave ProfileHost and the settings.
struct Transcript {
    var lines: [String] = []
    var host: [String] = []
    var settings: [String: String] = [:]
    var startSettings: [String: String] = [:]

    init(_ entries: [String], from world: InterpreterWorld) {
        let out = OutputBuffer(.capture)
        let interpreter = Interpreter(
            storage: MemoryProfileStorage(), loaded: world.base, settings: world.settings,
            out: out, clock: { LessonCoach.today })
        let sink = DiagnosticSink(.collect, output: nil)
        let runner = Runner(interpreter: interpreter, diagnostics: sink)
        var trace = world.settings.trace
        func begin() {
            interpreter.enter(world)
            interpreter.settings.trace = true
            trace = world.settings.trace
            lines = []
        }
        begin()
        startSettings = Self.settings(interpreter, trace: trace)
        var printed = 0
        var reported = 0
        for entry in entries {
            if entry == "back" {
                begin()
            } else if entry.hasPrefix("trace") {
                trace = entry == "trace on" || (entry == "trace" && !trace)
            } else {
                _ = runner.runEntry(Array(entry.utf8), promptWidth: 0)
            }
            let text = String(decoding: out.captured[printed...], as: UTF8.self)
            printed = out.captured.count
            lines += text.split(separator: "\n").map(String.init)
            lines += sink.collected[reported...].map { "error: " + $0.message }
            reported = sink.collected.count
        }
        let host = interpreter.host
        self.host = [
            JSONText.profile(host.profile), JSONText.profile(host.draft), host.editMode.rawValue,
            host.sheet.rawValue, host.edition.rawValue, "\(host.wiring)",
        ]
        settings = Self.settings(interpreter, trace: trace)
    }

    static func settings(_ interpreter: Interpreter, trace: Bool) -> [String: String] {
        [
            "trace": trace ? "on" : "off",
            "sizeCategory": interpreter.settings.sizeCategory.name,
            "locale": interpreter.settings.locale,
        ]
    }

    /// Trace lines of commits (a write into the profile that changed it, a reset, the store
    /// saving) and of sheet events; not lprof's notes that nothing was saved or where the
    /// profile lives.
    var commitsAndSheets: Int {
        lines.filter { line in
            line.hasPrefix("~ ")
                && ((line.contains(": profile = draft") && !line.contains("same value"))
                    || line.contains("sheet dismissed") || line.contains("sheet presented")
                    || (line.contains("store") && !line.contains("nothing to save")
                        && !line.contains("not used") && !line.contains("in use"))
                    || (line.contains("reset") && !line.hasPrefix("~ lprof wiring")))
        }.count
    }

    static func isSubsequence(_ small: [String], of large: [String]) -> Bool {
        var rest = large[...]
        for line in small {
            guard let found = rest.firstIndex(of: line) else { return false }
            rest = rest[(found + 1)...]
        }
        return true
    }
}
