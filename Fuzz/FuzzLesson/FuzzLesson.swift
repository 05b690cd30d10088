import FuzzSupport

@testable import LprofLanguage
@testable import LprofLessonLanguage
@testable import LprofText

// libFuzzer target: the lesson parser over arbitrary bytes (every directive, guards, event
// strings, questions), and every diagnostic it produces rendered as `lprof check` would.
// Built by Scripts/fuzz (SwiftPM, LPROF_FUZZ=1) with the modules it tests; the invariants
// below trap (and so fail the fuzzer) when broken.
#if canImport(Glibc)
    import Glibc
#endif

/// The executable's entry point: libFuzzer's driver over `fuzzLesson`.
@main
enum FuzzLessonMain {
    static func main() { runLibFuzzer(fuzzLesson) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLesson(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    switch LessonParser.parse(text, source: "fuzz") {
    case .failure(let errors):
        require(!errors.diagnostics.isEmpty, "a failed lesson without a diagnostic")
        let printer = DiagnosticPrinter()
        for diagnostic in errors.diagnostics {
            require(!diagnostic.message.isEmpty, "a diagnostic without a message")
            check(printer.render(diagnostic))
        }
    case .success(let lesson):
        // What the parser promises a coach: every task can be met (by its answer's story),
        // skipped and praised; every question has a right answer with its reason.
        require(
            lesson.steps.contains { step in
                if case .say = step { return false }
                if case .run = step { return false }
                return true
            }, "a lesson with nothing to do")
        for task in lesson.tasks {
            // A task is its answer's story (SPEC §9): conditions are optional, answers not.
            require(!task.answers.isEmpty, "a task without an answer")
            require(task.success.contains { $0.guards.isEmpty }, "a task without a plain ok")
            require(task.stuck.allSatisfy { !$0.guards.isEmpty }, "a stuck line without a guard")
            for condition in task.conditions {
                if case .deed(.event(let event, _, _)) = condition.atom {
                    require(
                        EventPattern.parse(event.text) == event, "an event that does not round-trip"
                    )
                }
            }
        }
        for question in lesson.questions {
            require(question.options.count >= 2, "a question with fewer than two options")
            require((1...question.options.count).contains(question.right), "no right option")
            require(question.why[question.right] != nil, "no reason for the right option")
            require(question.answer == question.right, "an answer that is not the right one")
        }
    }
    return 0
}
