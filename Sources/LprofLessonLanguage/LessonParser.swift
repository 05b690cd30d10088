import LprofLanguage
import LprofText

/// Parses a lesson: the command language (SPEC §3) plus directive lines, reporting every
/// directive's or command's error so that a lesson author sees all of them at once.
///
///     lesson   -> header item*
///     header   -> 'lesson' NAME TITLE…
///     item     -> 'stored' FIELD VALUE        the store's profile before the lesson starts
///               | 'say' TEXT…                 a paragraph of narration
///               | COMMAND                     run when the lesson gets there, output shown
///               | task | question
///     task     -> 'task' TEXT… tline*
///     tline    -> 'expect' TARGET VALUE        the state now
///               | 'when' atom                 the state now, or a deed since the task began
///               | 'hint' [guard] TEXT…        offered when the guard holds
///               | 'stuck' guard TEXT…         the task cannot be met from here: how back
///               | 'ok' [guard] TEXT…          said when the task is met
///               | 'answer' LINE               what `skip` types; meets the task
///               | 'wrong' LINE                a plausible entry that must not meet it
///     question -> 'question' TEXT… ('option' TEXT… 'code' LINE* | 'right' N
///                                   | 'why' N TEXT… | 'answer' N)*
///
/// `guard` and `atom` are `LessonConditionReader`'s. The next `say`, `task`, `question` or
/// other command ends a block; TEXT's words are joined with one space, as `print` joins them.
public enum LessonParser {
    /// Whether `why` starts the command (`why profile.season`), not a question's `why N TEXT`.
    static func isWhyCommand(_ name: String, _ line: SourceLine, _ rest: [Token]) -> Bool {
        guard name == "why", let first = rest.first else { return false }
        return !line.text(of: first).allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// The words that start a directive line (the editor files draw them); only `why` is a command.
    public static let directives = [
        "lesson", "stored", "say", "task", "when", "hint", "stuck", "ok", "answer", "wrong",
        "question", "option", "code", "right", "why", "free",
    ]

    /// Whether `prefix` starts a lesson: its first word past blanks and comments is `lesson`,
    /// which no script can start with.
    public static func startsALesson(_ prefix: some Collection<UInt8>) -> Bool {
        var atLineStart = true
        var inComment = false
        var rest = prefix[...]
        while let byte = rest.first {
            if inComment {
                if byte == UInt8(ascii: "\n") { inComment = false; atLineStart = true }
            } else if byte == UInt8(ascii: "#") && atLineStart {
                inComment = true
            } else if byte != UInt8(ascii: " ") && byte != UInt8(ascii: "\t")
                && byte != UInt8(ascii: "\n") && byte != UInt8(ascii: "\r")
            {
                let word = Array("lesson".utf8)
                guard rest.starts(with: word) else { return false }
                let after = rest.dropFirst(word.count).first
                return after == UInt8(ascii: " ") || after == UInt8(ascii: "\t")
            }
            rest = rest.dropFirst()
        }
        return false
    }

    /// The lesson in `text`, or the diagnostics (located in `source`) that stop it.
    public static func parse(_ text: String, source: String) -> Result<Lesson, LessonErrors> {
        var state = LessonParserState(source: source)
        var line = SourceLine()
        var physical = text.split(separator: "\n", omittingEmptySubsequences: false)
        if physical.last == "" { physical.removeLast() }
        for (index, raw) in physical.enumerated() {
            var bytes = Array(raw.utf8)
            if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
            let result = bytes.withUnsafeBufferPointer {
                line.appendPhysicalLine(
                    $0, number: index + 1, tooLong: bytes.count > Limits.lineBytes)
            }
            if result == .continued { continue }
            state.read(line)
            line.removeAll()
        }
        if !line.isEmpty { state.read(line) }
        return state.finish()
    }
}

/// The diagnostics of a lesson that did not parse.
public struct LessonErrors: Error, Equatable, Sendable {
    public var diagnostics: [Diagnostic]
}
