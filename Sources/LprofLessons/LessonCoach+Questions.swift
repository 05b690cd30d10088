import LprofLessonLanguage
import LprofSystem
import LprofText

/// A lesson's questions: asked with their options, answered with a number, and explained.
extension LessonCoach {
    /// Shows the question numbered among the lesson's, each option with its code.
    func ask(_ open: LessonQuestion) {
        let all = lesson.questions
        let index = (all.firstIndex(of: open) ?? 0) + 1
        out.write("\n")
        say("Question \(index) of \(all.count):", open.text)
        for (number, option) in open.options.enumerated() {
            say("\(number + 1).", option.text)
            for line in option.code {
                out.write("   " + TerminalSafe.escape(line, keepingLayout: true) + "\n")
            }
        }
        say(Self.numberPrompt(open))
    }

    /// "Type the number of your answer: 1, 2 or 3."
    static func numberPrompt(_ open: LessonQuestion) -> String {
        let numbers = open.options.indices.map { String($0 + 1) }
        let list = numbers.dropLast().joined(separator: ", ") + " or " + numbers.last!
        return "Type the number of your answer: \(list)."
    }

    /// The learner chose `number`: explained; the right one closes the question.
    func choose(_ number: Int, in open: LessonQuestion) {
        guard (1...open.options.count).contains(number) else {
            say(Self.numberPrompt(open))
            return
        }
        out.write("\n")
        if number == open.right {
            say("✓", open.why[number] ?? "Right.")
            question = nil
            advance()
        } else {
            say("✗", (open.why[number] ?? "Not this one.") + " Try another number.")
        }
    }
}
