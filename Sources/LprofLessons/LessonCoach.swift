import LprofInteractive
import LprofLanguage
import LprofModel
import LprofShell
import LprofSystem
import LprofViews

/// Runs lessons at the prompt: narrates, sets a task, and after each entry the learner
/// types checks the host against the task's conditions, moving on when they hold. A hint
/// comes after a few tries; `skip`, `hint` and `lessons` are the coach's own words.
public final class LessonCoach: SessionCompanion {
    /// Every lesson, for `lessons` and for numbering.
    let catalogue: [Lesson]
    /// The lessons this session runs, in order.
    let queue: [Lesson]
    let runner: Runner
    let progress: LessonProgress
    /// The settings the session started with; each lesson starts from them again.
    let launchSettings: Settings
    /// Entries that do not meet the task before a hint is offered.
    static let triesBeforeHint = 3

    private var queueIndex = 0
    private var stepIndex = 0
    private var task: LessonTask?
    private var tries = 0
    private var hintsShown = 0
    private var skippedInLesson = false
    /// The commands of the entry being run, as written, and whether each succeeded.
    private var observed: [(text: String, succeeded: Bool)] = []
    public private(set) var isFinished = false

    public init(catalogue: [Lesson], queue: [Lesson], runner: Runner, progress: LessonProgress) {
        self.catalogue = catalogue
        self.queue = queue
        self.runner = runner
        self.progress = progress
        self.launchSettings = runner.interpreter.settings
    }

    private var interpreter: Interpreter { runner.interpreter }
    private var out: OutputBuffer { interpreter.out }
    private var style: ViewStyle { interpreter.viewStyle() }

    // MARK: - The session

    public func sessionStarts() {
        runner.commandObserver = { [unowned self] text, succeeded in
            self.observed.append((text, succeeded))
        }
        if queue.isEmpty {
            isFinished = true
            return
        }
        startLesson()
    }

    public func intercept(_ entry: String) -> CompanionReply {
        observed.removeAll()
        switch LessonWord(rawValue: entry.trimmingBlanks) {
        case .skip:
            guard let current = task else { return .handled }
            out.write(Narration.labelled("Skipped:", current.text, style: style))
            skippedInLesson = true
            task = nil
            advance()
            return .handled
        case .hint:
            showHint()
            return .handled
        case .lessons:
            listLessons()
            return .handled
        case nil:
            return .run
        }
    }

    public func entryFinished() {
        guard let current = task, !observed.isEmpty else { return }
        if isMet(current) {
            out.write("\n")
            let praise = current.praise.isEmpty ? "Done." : current.praise.joined(separator: " ")
            out.write(Narration.labelled("✓", praise, style: style))
            task = nil
            advance()
        } else {
            tries += 1
            if tries % Self.triesBeforeHint == 0 { showHint() }
        }
    }

    public func sessionEnds() {
        runner.commandObserver = nil
        guard !isFinished, queueIndex < queue.count else { return }
        out.write("\n")
        out.write(
            Narration.paragraph(
                "Leaving the lessons. 'lprof learn' picks up where you stopped: lesson "
                    + "\(number(of: queue[queueIndex])), \(queue[queueIndex].id).",
                style: style))
    }

    // MARK: - Lessons and steps

    /// A fresh world for the lesson: the launch settings, an in-memory host holding the
    /// lesson's stored profile, then its first steps.
    private func startLesson() {
        let lesson = queue[queueIndex]
        interpreter.settings = launchSettings
        let today = interpreter.today
        let fresh = Profile.default(today: today)
        var stored = fresh
        for value in lesson.stored {
            if let parsed = try? ValueParser.valueForExpect(
                value.field.profileField, value.value.text, today: today)
            {
                stored.set(parsed)
            }
        }
        interpreter.startAfresh(profile: stored)
        stepIndex = 0
        skippedInLesson = false
        out.write(
            Narration.title(
                "Lesson \(number(of: lesson)) of \(catalogue.count): \(lesson.title)", style: style)
        )
        advance()
    }

    /// Runs steps until the next task (which it shows) or the end of the lesson.
    private func advance() {
        let lesson = queue[queueIndex]
        while stepIndex < lesson.steps.count {
            let step = lesson.steps[stepIndex]
            stepIndex += 1
            switch step {
            case .say(let text):
                // Paragraphs apart, except the first under the title.
                if stepIndex > 1 { out.write("\n") }
                out.write(Narration.paragraph(text, style: style))
            case .run(let command):
                run(command, in: lesson)
            case .task(let next):
                task = next
                tries = 0
                hintsShown = 0
                out.write("\n")
                out.write(Narration.labelled("Task:", next.text, style: style))
                return
            }
        }
        finishLesson(lesson)
    }

    /// A lesson's own command; a failure is a fault in the lesson, reported as such.
    private func run(_ command: Command, in lesson: Lesson) {
        do {
            _ = try interpreter.execute(command)
        } catch {
            runner.diagnostics.report(
                Diagnostic(
                    .error, "lesson '\(lesson.id)' line \(command.span.line): \(error.message)"))
        }
    }

    private func finishLesson(_ lesson: Lesson) {
        progress.record(lesson.id, skippedInLesson ? .skipped : .completed)
        out.write("\n")
        out.write(
            Narration.labelled(
                skippedInLesson ? "↷" : "✓",
                "Lesson \(number(of: lesson)), \(lesson.id), "
                    + (skippedInLesson ? "finished with skipped tasks." : "complete."),
                style: style))
        if let error = progress.lastError {
            runner.diagnostics.report(Diagnostic(.warning, "progress not saved: \(error)"))
        }
        queueIndex += 1
        if queueIndex < queue.count {
            out.write("\n")
            startLesson()
            return
        }
        isFinished = true
        if queue.count > 1 || catalogue.allSatisfy({ progress.status(of: $0.id) != nil }) {
            out.write("\n")
            out.write(
                Narration.paragraph(
                    "That was the last lesson. 'lessons' lists them; 'lprof learn NAME' runs one again.",
                    style: style))
        }
    }

    // MARK: - Checking and helping

    private func isMet(_ task: LessonTask) -> Bool {
        task.conditions.allSatisfy(holds)
    }

    private func holds(_ condition: LessonCondition) -> Bool {
        switch condition {
        case .expect(let command):
            do {
                _ = try interpreter.execute(command)
                return true
            } catch {
                return false
            }
        case .env(let key, let value):
            return Self.sameEnvironmentValue(key, interpreter.environmentValue(key), value.text)
        case .trace(let on):
            return interpreter.settings.trace == on
        case .typed(let words):
            return observed.contains { $0.succeeded && Self.starts($0.text, with: words) }
        case .failed(let words):
            return observed.contains { !$0.succeeded && Self.starts($0.text, with: words) }
        }
    }

    /// The next hint; after the lesson's own hints, the answer itself.
    private func showHint() {
        guard let current = task else {
            out.write(Narration.paragraph("There is no task right now.", style: style))
            return
        }
        let hints =
            current.hints + [
                "Type " + current.answers.map { "'\($0)'" }.joined(separator: ", then ") + "."
            ]
        let hint = hints[min(hintsShown, hints.count - 1)]
        hintsShown += 1
        out.write(Narration.labelled("Hint:", hint, style: style))
    }

    private func listLessons() {
        out.write(
            Narration.paragraph("Lessons (✓ completed, ↷ skipped, ▸ this one):", style: style))
        let current = queueIndex < queue.count ? queue[queueIndex].id : nil
        let idWidth = catalogue.map(\.id.count).max() ?? 0
        for (index, lesson) in catalogue.enumerated() {
            let mark: String
            if lesson.id == current {
                mark = "▸"
            } else {
                switch progress.status(of: lesson.id) {
                case .completed?: mark = "✓"
                case .skipped?: mark = "↷"
                case nil: mark = " "
                }
            }
            let id = lesson.id + String(repeating: " ", count: idWidth - lesson.id.count)
            out.write(
                TerminalSafe.escape(
                    "  \(mark) \(index + 1). \(id)  \(lesson.title)", keepingLayout: true)
                    + "\n")
        }
        if let current = task {
            out.write("\n")
            out.write(Narration.labelled("Task:", current.text, style: style))
        }
    }

    // MARK: - Helpers

    private func number(of lesson: Lesson) -> Int {
        (catalogue.firstIndex { $0.id == lesson.id } ?? 0) + 1
    }

    static func starts(_ text: String, with words: [String]) -> Bool {
        let typed = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        return typed.count >= words.count && Array(typed.prefix(words.count)) == words
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

extension String {
    /// The text without leading and trailing spaces and tabs.
    var trimmingBlanks: String {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        return String(drop(while: isBlank).reversed().drop(while: isBlank).reversed())
    }
}

extension Completer {
    /// Completion at a lesson's prompt: the language and the coach's own words.
    public static var lessons: Completer { Completer(extraCommands: Vocabulary.lessonWords) }
}
