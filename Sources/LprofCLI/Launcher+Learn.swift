import LprofHelp
import LprofInteractive
import LprofLessonLanguage
import LprofLessons
import LprofShell
import LprofSystem
import LprofText
import LprofViews

extension Launcher {
    /// `lprof learn [LESSON]` in memory; away from a terminal, stdin is a scripted learner.
    func learn(_ options: CommandLineOptions, lesson name: String?) -> ExitStatus {
        let catalogue = BuiltInLessons.all
        let progress = LessonProgress(environment: environment)
        let queue: [Lesson]
        var lessonFile: String?
        if let name {
            let namesAFile = name.hasSuffix(".lprof") || name.contains("/")
            if !namesAFile, let builtIn = BuiltInLessons.lesson(named: name) {
                // Wins over a file of that name, so 'lprof learn draft' means the same anywhere.
                queue = [builtIn]
            } else if namesAFile || Self.isFile(name) {
                // Apart from the built-in lessons: not numbered, its progress not recorded.
                let sink = DiagnosticSink(
                    .standardError, printer: diagnosticPrinter(options.color), output: nil)
                guard let lesson = loadLesson(path: name, reportingTo: sink) else {
                    return .usage
                }
                queue = [lesson]
                lessonFile = name
            } else {
                let names = catalogue.map(\.id)
                report(
                    Diagnostic(
                        .error,
                        "no lesson '\(name)'" + Suggestion.hint(for: name, among: names)
                            + " (lessons: \(names.joined(separator: ", ")), or 1–\(names.count))"),
                    color: options.color)
                return .usage
            }
        } else {
            queue = Self.resumed(catalogue, progress)
        }
        var options = options
        options.memory = true
        let atTerminal = lineEditor != nil && isTerminal(0) && isTerminal(1)
        return withRunner(options) { runner in
            let out = runner.interpreter.out
            let color = runner.interpreter.settings.color != .none
            runner.diagnostics.printer.color = color
            let learner =
                atTerminal ? nil : ScriptedLearner(out: out, diagnostics: runner.diagnostics)
            // Lessons keep their entries out of the learner's history file.
            let reader =
                learner
                ?? makeLineEditor(
                    HistoryFile(path: nil), .lessons, color: options.color)
            let session = InteractiveSession(runner: runner, reader: reader, color: color)
            let coach = LessonCoach(
                catalogue: catalogue, queue: queue, runner: runner, progress: progress,
                lessonFile: lessonFile)
            session.companion = coach
            let style = runner.interpreter.viewStyle()
            if queue.isEmpty {
                out.write(
                    Narration.paragraph(
                        "You have finished every lesson. 'lprof learn NAME' runs one again: "
                            + catalogue.map(\.id).joined(separator: ", ") + ".", style: style))
                out.flush()
                return .success
            }
            if !options.quiet {
                out.write(
                    Narration.paragraph(
                        "\(UsageText.version) — lessons in edit mode. Type what each task asks."
                            + " 'hint' helps, 'skip' does the task for you, 'back' returns to"
                            + " where it began, 'lessons' lists them, 'quit' leaves; your progress"
                            + " is kept. Lessons use a profile in memory: your own is never"
                            + " touched.", style: style))
                out.write("\n")
            }
            let status = session.run()
            // Input that ended in an error fails as a script's does.
            return learner?.failed == true ? .usage : status
        }
    }

    /// Plain `lprof learn`'s lessons: the one left unfinished, then those after it, then before.
    static func resumed(_ catalogue: [Lesson], _ progress: LessonProgress) -> [Lesson] {
        let unfinished = catalogue.filter { progress.status(of: $0.id) == nil }
        guard let stopped = catalogue.firstIndex(where: { $0.id == progress.stoppedAt }) else {
            return unfinished
        }
        let after = catalogue[stopped...].dropFirst().filter { progress.status(of: $0.id) == nil }
        let before = catalogue[..<stopped].filter { progress.status(of: $0.id) == nil }
        return [catalogue[stopped]] + after + before
    }

    /// Whether anything is at `path`, for `lprof learn NAME` to read it (or report it).
    static func isFile(_ path: String) -> Bool {
        do { return try FileSystem().statIfPresent(path) != nil } catch { return true }
    }

    /// Whether `path` is a lesson, looking only into a regular file (a FIFO reads only once).
    static func isLessonFile(_ path: String) -> Bool {
        let fs = FileSystem()
        guard (try? fs.statIfPresent(path))?.kind == .regular,
            let prefix = try? fs.readPrefix(path, count: 4096)
        else {
            return false
        }
        return LessonParser.startsALesson(prefix)
    }

    /// A lesson file, parsed; nil (after reporting to `sink`) when it cannot be read or parsed.
    func loadLesson(path: String, reportingTo sink: DiagnosticSink) -> Lesson? {
        let bytes: [UInt8]
        do {
            bytes = try TextFile.read(path)
        } catch {
            sink.report(error.diagnostic(noun: "lesson"))
            return nil
        }
        switch LessonParser.parse(String(decoding: bytes, as: UTF8.self), source: path) {
        case .success(let lesson):
            return lesson
        case .failure(let errors):
            errors.diagnostics.forEach(sink.report)
            return nil
        }
    }
}
