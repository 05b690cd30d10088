import LprofLessonLanguage
import LprofShell
import LprofStore
import LprofSystem

/// Entries run out of sight, with the interpreter as they left it for a task's conditions.
struct Rehearsal {
    let story: TaskStory
    let log: StoryLog
    let interpreter: Interpreter
}

extension TaskStory {
    /// Runs `answers` from `world` on an interpreter of their own, so the lesson's is untouched.
    static func rehearsal(_ answers: [String], from world: InterpreterWorld) -> Rehearsal {
        let interpreter = Interpreter(
            storage: MemoryProfileStorage(), loaded: world.base, settings: world.settings,
            out: OutputBuffer(.discard), clock: { LessonCoach.today })
        interpreter.enter(world)
        let runner = Runner(
            interpreter: interpreter, diagnostics: DiagnosticSink(.collect, output: nil))
        var log = StoryLog()
        interpreter.deedObserver = { [unowned interpreter] deed in log.record(deed, in: interpreter)
        }
        let start = StoryState(interpreter)
        var marks: [(told: Int, state: StoryState)] = []
        for answer in answers {
            // A coach word is no command: it tells nothing.
            if LessonWord(rawValue: answer) == nil {
                _ = runner.runEntry(Array(answer.utf8), promptWidth: 0)
            }
            marks.append((log.events.count, StoryState(interpreter)))
        }
        interpreter.deedObserver = nil
        return Rehearsal(
            story: TaskStory(events: log.events, marks: marks, start: start), log: log,
            interpreter: interpreter)
    }
}

/// What commands did: the deeds for a task's conditions, the same as a story for its answer.
struct StoryLog {
    var deeds: [Deed] = []
    var events: [StoryEvent] = []

    mutating func record(_ deed: Deed, in interpreter: Interpreter) {
        deeds.append(deed)
        events.append(StoryEvent(deed, in: interpreter))
    }

    static func + (log: StoryLog, more: StoryLog) -> StoryLog {
        StoryLog(deeds: log.deeds + more.deeds, events: log.events + more.events)
    }
}
