import LprofHelp
import LprofInteractive
import LprofLanguage
import LprofLessonLanguage
import LprofModel
import LprofShell
import LprofStore
import LprofSystem
import LprofText
import LprofViews

/// Runs lessons at the prompt (SPEC §9), checking the open task after each entry against
/// what the entry did and the state it left, so that hints can follow the learner.
public final class LessonCoach: SessionCompanion {
    /// The built-in lessons, for `lessons` and for numbering.
    let catalogue: [Lesson]
    let queue: [Lesson]
    /// The lesson file run, as named: its lesson is never numbered or recorded as a built-in.
    let lessonFile: String?
    let runner: Runner
    let progress: LessonProgress
    /// The settings the session started with; each lesson starts from them again.
    let launchSettings: Settings
    /// "Today" in every lesson, so that every run reads the same.
    static let today = CalendarDay(year: 2026, month: 11, day: 30)!
    /// Unmet entries, beyond the task's own steps, before a hint is offered.
    static let triesBeforeHint = 3

    private var queueIndex = 0
    private var stepIndex = 0
    /// The open task, question or free step (its text), if any (never two).
    var task: LessonTask?
    var question: LessonQuestion?
    var freeStep: String?
    /// The world when the open task or free step began, for `back` and `skip`.
    var stepStart: InterpreterWorld?
    /// What the learner's commands did since the task was shown (or since `back`).
    var log = StoryLog()
    /// The open task's story: what its answer does from where the task began.
    var story: TaskStory?
    var tries = 0
    var hintsShown: Set<String> = []
    /// The stuck text last printed, so that it is said once per state, not after every entry.
    var lastStuck: String?
    /// `pathPosition` after the last command: a command that tells more is a step on the way.
    var pathReached = 0
    var skippedInLesson = false
    /// Whether the entry just typed ran any command (a blank line or a comment runs none).
    private var commandsRan = false
    public private(set) var isFinished = false

    public init(
        catalogue: [Lesson], queue: [Lesson], runner: Runner, progress: LessonProgress,
        lessonFile: String? = nil
    ) {
        self.catalogue = catalogue
        self.queue = queue
        self.lessonFile = lessonFile
        self.runner = runner
        self.progress = progress
        self.launchSettings = runner.interpreter.settings
    }

    var interpreter: Interpreter { runner.interpreter }
    var out: OutputBuffer { interpreter.out }
    var style: ViewStyle { interpreter.viewStyle() }
    var lesson: Lesson { queue[queueIndex] }

    // MARK: - The session

    public func sessionStarts() {
        runner.commandObserver = { [unowned self] _, _ in self.commandsRan = true }
        interpreter.deedObserver = { [unowned self] deed in
            self.log.record(deed, in: self.interpreter)
        }
        if queue.isEmpty {
            isFinished = true
            return
        }
        startLesson()
    }

    public func intercept(_ entry: String) -> CompanionReply {
        commandsRan = false
        let word = entry.trimmingBlanks
        if let open = question, let number = Self.answerNumber(word) {
            choose(number, in: open)
            return .handled
        }
        if let help = lessonHelp(word) {
            out.write(help)
            return .handled
        }
        if word.hasPrefix("help ") || word.hasPrefix("help\t"), !word.contains(";") {
            // Help is asked for, not a try at the task: answered, and no more said.
            _ = runner.runEntry(Array(entry.utf8), promptWidth: Prompt.visibleWidth(prompt))
            return .handled
        }
        if word == "learn" || word.hasPrefix("learn ") {
            say(
                "'learn' is typed at your shell, not here: 'quit', then 'lprof learn NAME'. Here,"
                    + " 'lessons' lists the lessons and 'skip' skips this step.")
            return .handled
        }
        switch LessonWord(rawValue: word) {
        case .skip where freeStep != nil, .next: next()
        case .skip: skip()
        case .hint: showHint()
        case .back: back()
        case .lessons: listLessons()
        case nil: return .run
        }
        return .handled
    }

    /// A question's answer as a learner may type it: `2`, `2.`, `(2)` or `two`.
    static func answerNumber(_ word: String) -> Int? {
        let bare = word.lowercased().trimming { "().".contains($0) }
        let names = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]
        return Int(bare) ?? names.firstIndex(of: bare).map { $0 + 1 }
    }

    /// `help` or `help WORD` for the coach's own words; nil for the interpreter's help.
    func lessonHelp(_ entry: String) -> String? {
        let words = entry.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard words.first == "help", words.count <= 2 else { return nil }
        let width = interpreter.settings.width()
        if words.count == 2 {
            return HelpText.lessonWordHelp(String(words[1])).map {
                HelpText.fitted($0, width: width) + "\n"
            }
        }
        let lesson = "In a lesson, also:\n" + HelpText.lessonWordLines
        return HelpText.fitted(HelpText.overview, width: width) + "\n\n"
            + HelpText.fitted(lesson, width: width) + "\n"
    }

    public func entryFinished() {
        guard commandsRan, let current = task else { return }
        if isMet(current) {
            complete(current)
        } else {
            notMet(current)
        }
    }

    public func sessionEnds() {
        runner.commandObserver = nil
        interpreter.deedObserver = nil
        guard !isFinished, queueIndex < queue.count else { return }
        out.write("\n")
        if let file = shownFile {
            say("Leaving the lesson. 'lprof learn \(file)' runs it again.")
            return
        }
        progress.stop(at: lesson.id)
        // Progress in memory only, or not written: the next `lprof learn` cannot know this place.
        if progress.path == nil || progress.lastError != nil {
            say(
                "Leaving the lessons. Where you stopped is not saved; 'lprof learn "
                    + "\(lesson.id)' comes back to this lesson.")
        } else {
            say(
                "Leaving the lessons. 'lprof learn' picks up where you stopped: lesson "
                    + "\(number(of: lesson)), \(lesson.id), from its first task.")
        }
        warnIfProgressNotSaved()
    }

    // MARK: - Lessons and steps

    /// Starts the lesson in a fresh world (launch settings, fixed today, its own stored
    /// profile in memory, the release), so that every run of it reads the same.
    private func startLesson() {
        let before = (settings: interpreter.settings, wiring: interpreter.host.wiring)
        var settings = launchSettings
        settings.now = Self.today
        var profile = Profile.default(today: Self.today)
        for value in lesson.stored {
            if let parsed = try? ValueParser.valueForExpect(
                value.field, value.value.text, today: Self.today)
            {
                profile.set(parsed)
            }
        }
        // A lesson's stored values are in its store, as a session's profile read at start
        // is: switching back to ModelData ('env edition release') reads them again.
        let stored = lesson.stored.isEmpty ? nil : StoredProfile(profile: profile, revision: 1)
        interpreter.enter(
            InterpreterWorld(
                host: Host(profile: profile, defaultProfile: Profile.default(today: Self.today)),
                settings: settings, storage: MemoryProfileStorage(initial: stored),
                base: stored ?? StoredProfile(profile: profile, revision: 0)))
        stepIndex = 0
        skippedInLesson = false
        let heading =
            shownFile.map { "Lesson file \($0): \(lesson.title)" }
            ?? "Lesson \(number(of: lesson)) of \(catalogue.count): \(lesson.title)"
        out.write(Narration.title(heading, style: style))
        // A lesson that turns trace on says so itself: "turned trace off" would be undone at once.
        var told = settings
        if Self.turnsTraceOn(lesson) { told.trace = before.settings.trace }
        if let note = Self.resetNote(before.settings, before.wiring, told) {
            say(note)
            out.write("\n")
        }
        advance()
    }

    /// Whether `lesson` runs 'trace on' before its first task or question (and says so).
    static func turnsTraceOn(_ lesson: Lesson) -> Bool {
        lesson.steps.prefix { !$0.waits }.contains {
            if case .run(let command) = $0, case .trace(.on) = command.kind { return true }
            return false
        }
    }

    /// What a lesson's fresh start turned back, said so that nothing changes unannounced.
    static func resetNote(_ old: Settings, _ wiring: Wiring, _ new: Settings) -> String? {
        var changes: [String] = []
        if old.trace != new.trace { changes.append("turned trace " + (new.trace ? "on" : "off")) }
        if old.sizeCategory != new.sizeCategory {
            changes.append("set sizeCategory back to \(new.sizeCategory.name)")
        }
        if old.locale != new.locale { changes.append("set the locale back to \(new.locale)") }
        if wiring.buttons != .release {
            changes.append("gone back to the release edition")
        } else if !wiring.isPreset {
            changes.append("put back the release's own wiring")
        }
        guard let last = changes.popLast() else { return nil }
        let list = changes.isEmpty ? last : changes.joined(separator: ", ") + " and " + last
        return "Each lesson starts afresh, so lprof has \(list)."
    }

    /// Runs steps until the next task or question (which it shows) or the lesson's end.
    func advance() {
        while stepIndex < lesson.steps.count {
            let step = lesson.steps[stepIndex]
            stepIndex += 1
            switch step {
            case .say(let text):
                // Paragraphs apart, except the first under the title.
                if stepIndex > 1 { out.write("\n") }
                say(text)
                continue
            case .run(let command):
                run(command)
                continue
            case .task(let next):
                task = next
                tries = 0
                hintsShown = []
                restartStory()
                stepStart = interpreter.world
                story = TaskStory.rehearsal(next.answers, from: interpreter.world).story
                checkWrongEntries(of: next)
            case .question(let next):
                question = next
            case .free(let text):
                freeStep = text
                stepStart = interpreter.world
            }
            showOpenStep()
            return
        }
        finishLesson()
    }

    /// Shows the open task, question or free step: when it begins, and again on `lessons`.
    func showOpenStep() {
        if let current = task {
            out.write("\n")
            say("Task:", current.text)
        } else if let open = question {
            ask(open)
        } else if let text = freeStep {
            out.write("\n")
            say("Free:", text)
            say(Self.freeNote)
        }
    }

    /// Reports a `wrong` entry that, rehearsed from where the task begins, meets it.
    private func checkWrongEntries(of next: LessonTask) {
        guard let start = stepStart else { return }
        for entry in next.wrong
        where wouldMeet(next, typing: [entry], from: start, after: StoryLog()) {
            runner.diagnostics.report(
                Diagnostic(
                    .error,
                    "lesson '\(lesson.id)' line \(next.span.line): its wrong entry '\(entry)'"
                        + " meets the task"))
        }
    }

    /// A lesson's own command; a failure is a fault in the lesson, reported as such.
    private func run(_ command: Command) {
        do {
            _ = try interpreter.execute(command)
        } catch {
            runner.diagnostics.report(
                Diagnostic(
                    .error, "lesson '\(lesson.id)' line \(command.span.line): \(error.message)"))
        }
    }

    /// Records the lesson's end and starts the next one, or says what comes next.
    private func finishLesson() {
        let finished = lesson
        let status: LessonProgress.Status = skippedInLesson ? .skipped : .completed
        // A lesson file's progress is its own: the built-ins' file is not touched.
        if lessonFile == nil { progress.record(finished.id, status) }
        let name = shownFile.map { "Lesson file \($0)" } ?? "Lesson \(number(of: finished))"
        out.write("\n")
        say(
            status.mark,
            "\(name), \(finished.id), "
                + (skippedInLesson ? "finished with skipped tasks." : "complete."))
        queueIndex += 1
        if lessonFile != nil {
            isFinished = true
            return
        }
        warnIfProgressNotSaved()
        if queueIndex < queue.count {
            out.write("\n")
            startLesson()
            return
        }
        let n = number(of: finished)
        out.write("\n")
        if n >= catalogue.count {
            // The prompt stays, so that 'lessons' still works here.
            say(
                "That was the last lesson. The prompt stays, on the last lesson's profile in"
                    + " memory: 'lessons' lists them all, and 'quit' leaves. To take one again,"
                    + " type 'lprof learn NAME' (a name or a number) at your shell.")
        } else {
            isFinished = true
            let next = catalogue[n]
            say("Next: lesson \(n + 1), \(next.id) ('lprof learn \(next.id)').")
        }
    }

    /// `lessons`: the catalogue with the learner's progress, then the open step again.
    private func listLessons() {
        say("Lessons (✓ completed, ↷ skipped, ▸ this one):")
        let current = queueIndex < queue.count && lessonFile == nil ? lesson.id : nil
        let idWidth = catalogue.map(\.id.count).max() ?? 0
        let numberWidth = String(catalogue.count).count
        for (index, entry) in catalogue.enumerated() {
            let mark = entry.id == current ? "▸" : progress.status(of: entry.id)?.mark ?? " "
            let id = entry.id + String(repeating: " ", count: idWidth - entry.id.count)
            let number = String(index + 1)
            let pad = String(repeating: " ", count: numberWidth - number.count)
            for line in Self.listEntry(
                "  \(mark) \(pad)\(number). \(id)  ", entry.title, width: style.width)
            {
                out.write(TerminalSafe.escape(line, keepingLayout: true) + "\n")
            }
        }
        if let file = shownFile, queueIndex < queue.count {
            out.write(
                TerminalSafe.escape("  ▸ \(file): \(lesson.title)", keepingLayout: true) + "\n")
        }
        showOpenStep()
    }

    /// Said under a free step: what goes, and how to go on.
    static let freeNote =
        "Anything goes here, at the lesson's prompt: every command, and 'hint', 'back' and"
        + " 'lessons'. Type 'next' to go on."

    /// `next`: ends the free step and goes on; elsewhere, says what it is for.
    func next() {
        if freeStep != nil {
            freeStep = nil
            advance()
        } else if task != nil {
            say("'next' ends a free step; this is a task: 'hint' helps, 'skip' does it.")
        } else if question != nil {
            say("'next' ends a free step; this is a question: answer with a number.")
        } else {
            say("There is nothing to go on to: 'lessons' lists the lessons, 'quit' leaves.")
        }
    }

    // MARK: - Helpers

    /// A line of the lessons list, its title wrapped in its column, or under it when too narrow.
    static func listEntry(_ head: String, _ title: String, width: Int) -> [String] {
        let column = TextWidth.columns(of: head)
        if column * 2 <= width {
            let lines = TextWrap.lines(title, width: width - column)
            let pad = String(repeating: " ", count: column)
            return [head + lines[0]] + lines.dropFirst().map { pad + $0 }
        }
        let indent = String(repeating: " ", count: 6)
        return [String(head.reversed().drop(while: { $0 == " " }).reversed())]
            + TextWrap.lines(title, width: max(1, width - 6)).map { indent + $0 }
    }

    /// The lesson file's path as it may be shown, when this session runs one.
    var shownFile: String? { lessonFile.map { TerminalSafe.escape($0) } }

    func number(of lesson: Lesson) -> Int {
        (catalogue.firstIndex { $0.id == lesson.id } ?? 0) + 1
    }

    /// The prompt the learner would see now, for entries lprof types itself.
    var prompt: String {
        Prompt.text(for: interpreter.host, color: interpreter.settings.color != .none)
    }

    /// Says a paragraph of the coach's, fitted to the terminal.
    func say(_ text: String) { out.write(Narration.paragraph(text, style: style)) }

    /// Says `text` after `label` (`Hint:`, `✓`…), fitted to the terminal.
    func say(_ label: String, _ text: String) {
        out.write(Narration.labelled(label, text, style: style))
    }

    private func warnIfProgressNotSaved() {
        if let error = progress.lastError {
            runner.diagnostics.report(Diagnostic(.warning, "progress not saved: \(error)"))
        }
    }

    /// Types `entry` for the learner: shown after the prompt, then run as if typed.
    func type(_ entry: String) {
        let shown = prompt
        out.write(shown + TerminalSafe.escape(entry) + "\n")
        _ = runner.runEntry(Array(entry.utf8), promptWidth: Prompt.visibleWidth(shown))
    }
}

extension String {
    /// The text without leading and trailing spaces and tabs.
    var trimmingBlanks: String { trimming { $0 == " " || $0 == "\t" } }

    func trimming(_ drops: (Character) -> Bool) -> String {
        String(drop(while: drops).reversed().drop(while: drops).reversed())
    }
}

extension Completer {
    /// Completion at a lesson's prompt: the language and the coach's own words.
    public static var lessons: Completer { Completer(extraCommands: LessonWord.all) }
}
