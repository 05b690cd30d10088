import LprofLanguage
import LprofModel
import LprofText

/// The text of `help` and `help TOPIC`, written per entry of the language's tables.
public enum HelpText {
    /// The overview, for bare `help`: what lprof is, one line per command, then pointers.
    public static let overview = """
        lprof edits a profile the way the Landmarks tutorial's profile screen does:
        the summary shows the committed profile; 'edit on' opens the editor on a draft;
        'done' commits the draft (release: EditButton; 2019 beta: its custom Done
        button), 'cancel' drops it (release: the Cancel button; beta: EditButton).

        Commands:
        \(overviewOrder.compactMap(overviewLine).joined(separator: "\n"))

        Fields: \(Vocabulary.fields.joined(separator: ", ")).
        More: \(moreTopics), help COMMAND.
        New here? 'lprof learn' teaches edit mode in eleven short lessons (help learn).
        """

    /// The coach's words at a lesson's prompt, for `help learn` and `help` there.
    public static let lessonWords: [(word: String, meaning: String)] = [
        ("hint", "a hint for where you are (one also comes after a few tries)"),
        ("skip", "lprof types the task's answer for you, shown"),
        ("back", "return to where the task began"),
        ("lessons", "list the lessons and your progress"),
        ("next", "go on from a free step, where anything goes"),
        ("1, 2, 3", "answer a question by its number"),
        ("quit", "leave; your place is kept"),
    ]

    /// `lessonWords` as lines, indented two columns, the meanings in one column.
    public static let lessonWordLines = lessonWords.map {
        "  " + $0.word + String(repeating: " ", count: max(1, 11 - $0.word.count)) + $0.meaning
    }.joined(separator: "\n")

    /// `help WORD` at a lesson's prompt, for the coach's own words.
    public static func lessonWordHelp(_ word: String) -> String? {
        lessonWordTexts[word].map { word + "\n" + $0 }
    }

    static let lessonWordTexts = [
        "hint": """
          At a lesson's prompt: a hint for where you are in the task. When the task
          cannot be met from there, it says so and how to get back; otherwise the
          next hint that fits the state, and last the answer. One also comes by
          itself after a few tries.
        """,
        "skip": """
          At a lesson's prompt: lprof types the task's answer for you, after the
          prompt where you see it, first going back to where the task began if you
          moved away from it. The lesson then counts as finished with skipped
          tasks. At a question, lprof answers it.
        """,
        "back": """
          At a lesson's prompt: puts the profile, the draft, the edit mode, the
          sheet and the settings back as they were when the task began, and forgets
          what you did since. That is lprof's doing; nothing in SwiftUI does this.
        """,
        "lessons": """
          At a lesson's prompt: lists the lessons, marking those completed (✓),
          skipped (↷) and this one (▸), then shows the task again. After the last
          lesson the prompt stays, and 'lessons' still lists them.
        """,
        "next": """
          At a lesson's prompt, in a free step, where any command goes (the wiring
          lab has one): ends it, and the lesson goes on. 'back' there returns to
          where the free step began.
        """,
    ]

    /// Every topic beyond the commands, as `help TOPIC`, in the table's order.
    static let moreTopics = HelpTopic.allCases.map { "help \($0.rawValue)" }.joined(
        separator: ", ")

    static let seasonEmoji = Season.allCases.map(\.emoji).joined(separator: " ")

    /// The words a value of `field` may be, as `help` lists them.
    static func valueWords(_ field: ProfileField) -> String {
        ValueParser.words(for: field).joined(separator: " ")
    }

    /// The commands in the overview's order: the table's, with `reload` after `present`.
    static let overviewOrder: [CommandName] = {
        var order = CommandName.allCases.filter { $0 != .reload }
        order.insert(.reload, at: order.firstIndex(of: .present)! + 1)
        return order
    }()

    static let overviewColumn = 27

    /// A command's overview line: its first form, what it does, the forms the summary omits.
    static func overviewLine(for command: CommandName) -> String? {
        guard command != .exit else { return nil }
        let synopsis = command == .quit ? "quit, exit" : Grammar.synopsis(of: command)
        var summary = overviewSummary(command)
        var also = Grammar.forms(of: command).dropFirst().map(\.synopsis).filter {
            !summary.contains($0)
        }
        if command == .help {
            also.append(ForeignCommand.aliases.map { $0.rawValue }.joined(separator: " and "))
        }
        if !also.isEmpty { summary += " (also: " + also.joined(separator: ", ") + ")" }
        return columns(synopsis, summary, width: overviewColumn - 2).joined(separator: "\n")
    }

    /// `  LABEL   explanation` wrapped from column `width` + 2, a label too wide going on its
    /// own line so that one long label (`--single-transaction`) pushes no other aside.
    public static func columns(_ label: String, _ help: String, width: Int) -> [String] {
        let column = width + 2
        let indent = String(repeating: " ", count: column)
        if label.count + 2 > width {
            return ["  " + label] + TextWrap.lines(indent + help, width: widestLine, indent: column)
        }
        let padded = "  " + label + String(repeating: " ", count: width - label.count)
        return TextWrap.lines(padded + help, width: widestLine, indent: column)
    }

    /// What a command does, in the overview's few words.
    private static func overviewSummary(_ command: CommandName) -> String {
        switch command {
        case .help: return "this list, or one command or topic in detail"
        case .show: return "render a view: " + Vocabulary.views.joined(separator: ", ")
        case .get: return "print one value"
        case .set: return "change the draft (edit mode only)"
        case .edit: return "tap Edit (EditButton)"
        case .done: return "end editing, committing the draft"
        case .cancel: return "end editing, dropping the draft"
        case .reset: return "profile and draft back to the default profile"
        case .dismiss: return "swipe the profile sheet down (ProfileHost goes)"
        case .present: return "tap the profile button: a new sheet, a new draft"
        case .reload: return "re-read the store (after another session's commit)"
        case .expect: return "fail unless FIELD is VALUE"
        case .env: return "list, read or set the environment or the wiring lab"
        case .trace: return "print lifecycle events as they happen"
        case .print: return "print the words, space-joined"
        case .source: return "run a script inline"
        case .record: return "write this session to FILE as a script that 'lprof test' checks"
        case .history: return "the last N history entries (interactive)"
        case .why: return "how a value got where it is, step by step"
        case .quit, .exit: return "leave"
        }
    }

    /// Every username rule, as a paragraph indented two columns, for `help set` and `help limits`.
    static let usernameRules = TextWrap.lines("  " + Username.rulesSentence, width: 80).joined(
        separator: "\n")

    /// `help TOPIC` for the topics beyond the commands; `options` is `help options`'s text.
    static func text(for topic: HelpTopic, options: String) -> String {
        switch topic {
        case .values:
            return """
                Values ignore case; usernames are taken exactly.
                  notifications   \(valueWords(.notifications))
                  season          \(valueWords(.season)) \(seasonEmoji) (☃ too)
                  goal            today, YYYY-MM-DD, or an offset: see 'help goal'
                """
        case .goal:
            return """
                Goal values
                  today           the clock's today (env now)
                  YYYY-MM-DD      a day, years \(CalendarDay.writtenYearsText)
                  +6m -1y +2w +10d +1y-2m
                                  an offset from the draft's goal: terms ±N with a unit
                                  d (days) w (weeks) m (months) y (years), each unit once;
                                  later terms may omit the sign (it carries over)
                  today+3m        an offset from today
                Years and months are added first, together, clamping to the month's end
                (2027-01-31 +1m → 2027-02-28); then weeks and days. The result must lie in
                the DatePicker's range: one year either side of the draft's current goal.
                """
        case .language:
            return """
                The language
                  Commands are separated by newlines or ';'. Words are split on spaces and
                  tabs. A word starting with # begins a comment. "…" strings take the
                  escapes \\\\ \\" \\n \\t \\u{1F342}; '…' strings take none; neither spans
                  lines. A backslash at the very end of a line joins the next line.
                  Scripts, -c text and sourced files are read once and checked whole
                  before they run: a syntax error (exit 2) runs nothing, and what runs is
                  exactly what was checked. Piped stdin runs a line at a time.
                """
        case .limits:
            return """
                Limits
                  A line is at most \(Limits.lineBytes) bytes (\(Limits.lineBytes >> 10) KiB), lines joined with a trailing
                  backslash included; a longer one is an error (exit 2) and reading stops
                  there.
                  A script (a file, -, -c text, a sourced file) is read whole into memory
                  before it runs, and may hold at most \(Limits.scriptBytes >> 20) MiB; a larger one is an error
                  (exit 2) and nothing runs. Piped stdin is read a line at a time.
                  A script the process has not the memory to compile (under 'ulimit -v',
                  say) is one error before any of it runs (exit 2): lprof asks for what
                  it will need first.
                  Sources nest at most \(Limits.sourceDepth) deep; one more is an error (exit 1).
                  'expect error' nests at most \(Limits.expectNesting) deep.
                  A lesson file is at most \(Limits.lessonFileBytes >> 20) MiB; a store file is at most \(Limits.storeBytes >> 20) MiB.
                \(usernameRules)
                  Goals lie in the years \(CalendarDay.writtenYearsText); an offset term is at most \(GoalExpression.maxTerm).
                """
        case .learn:
            return """
                lprof learn [LESSON]
                  Guided lessons at the prompt, true to the tutorial's code and naming its
                  edition: summary, draft, cancel, goal-range, trace, sheet, editions,
                  lab (the wiring lab), dynamic-type, accessibility, and the tutorial's
                  own quiz. A task is met by what your commands did, never by the words
                  alone: they must tell the story its answer tells when run from where the
                  task began (the events it causes, the views it draws and the values it
                  reads, in that order, nothing committed and no sheet event beyond them),
                  ending where the answer ends. Another spelling of the same deed ('edit'
                  for 'edit on', 'fall' for 'autumn') meets it too. A LESSON is a name, a
                  number or a lesson file: a path, a .lprof name or a file in the current
                  folder (a built-in lesson's name wins over a file so named: ./NAME is the
                  file); without one, lprof learn goes on where you stopped
                  ($XDG_STATE_HOME/lprof/lessons). Each lesson starts afresh on a profile
                  in memory, today being November 30, 2026. With stdin not a terminal,
                  its lines are the learner's (a scripted run).
                While a lesson runs ('help' there lists these too):
                \(lessonWordLines)
                The lesson language is this language plus directives (one per line):
                  lesson NAME TITLE       the first line
                  stored FIELD VALUE      the stored profile the lesson starts from
                  say TEXT …              a paragraph of narration
                  COMMAND                 runs when the lesson gets there, output shown
                  task TEXT …             a task; the lines below it belong to it:
                    answer LINE           an entry of the answer (one a line): its story
                                          defines the task, and skip types it
                    expect TARGET VALUE   more than the story: the state now, as the
                                          expect command checks it
                    when [not] ATOM       more than the story: the state now, or a deed
                                          since the task began (traced "EVENT")
                    hint [if GUARD] TEXT  a hint, offered while the guard holds
                    stuck if GUARD TEXT   the task cannot be met from there: how back
                    ok [if GUARD] TEXT    said when the task is met (one has no guard)
                    wrong LINE            an entry that must not meet it; a task whose
                                          wrong entry meets it is reported when it begins
                  question TEXT …         a question; then per option 'option TEXT' and
                                          its 'code LINE's, and 'right N', 'why N TEXT'
                                          (a number: the command 'why' takes a name),
                                          'answer N', and 'hint TEXT' if you like
                  free TEXT …             a free step: anything goes until 'next'
                  GUARD is 'if' ATOM ('and' ATOM)…; an ATOM is ['not'] one of:
                    mode active|inactive      sheet presented|dismissed
                    [profile.|draft.]FIELD VALUE                env KEY VALUE
                    trace on|off              pending yes|no (a draft with changes)
                    event "EVENT" [by CMD|CMD]  traced "EVENT" (and trace printed it)
                    shown VIEW [of SCREEN] [with KEY VALUE]…    read TARGET|json
                    explained TARGET|view     ('why' explained it)
                    failed COMMAND REASON     REASON: \(FailureReason.allCases.map(\.rawValue).joined(separator: ", "))
                  An EVENT is written as trace prints it, without '~ ': 'editMode:
                  inactive → active', 'ProfileEditor appears', 'Cancel button: draft =
                  profile', 'draft.season = autumn', 'sheet dismissed'; a copy may end
                  in ' (changed)' or ' (same value)' to match only one that did or did
                  not change what it wrote.
                  Example: task "Tap Cancel, with trace on."; answer "cancel"
                           when traced "Cancel button: draft = profile"
                           ok "Cancel reset the draft."
                """
        case .options: return options
        case .wiring:
            // The wiring lab is set with 'env wiring': its help is env's.
            return text(for: CommandName.env)
        case .interactive:
            return """
                Interactive use
                  With stdin and stdout a terminal, lprof reads lines with libedit, emacs
                  keys by default. Up and Down walk history, Ctrl-R searches it, Tab
                  completes (listing the choices when several fit), Ctrl-C clears the line
                  or stops a running source, Ctrl-D on an empty line leaves.
                  Vi keys: put the line 'bind -v' in ~/.editrc, or in the file $EDITRC
                  names; Escape then enters command mode (x, dw, k, j, i, a, A ...) and Tab
                  and Ctrl-R still work while inserting. The file's other libedit lines
                  (bind KEY COMMAND) apply too and win over lprof's keys; a line that
                  starts 'lprof:' is for lprof only.
                  The history file is $XDG_STATE_HOME/lprof/history; the rc file
                  $XDG_CONFIG_HOME/lprof/lprofrc runs first, unless --no-rc.
                  Example: echo 'bind -v' >> ~/.editrc
                """
        }
    }

    /// The widest help is laid out: help is read, not scanned, and longer lines are hard to follow.
    public static let widestLine = 80

    /// Any help wrapped between words at min(`width`, 80) columns, as every place prints it.
    public static func fitted(_ text: String, width: Int) -> String {
        TextWrap.block(text, width: min(width, widestLine))
    }

    /// `help TOPIC`: a command's help or a topic's; the overview for anything else.
    public static func text(for topic: String, options: String) -> String {
        if let command = CommandName(rawValue: topic) { return text(for: command) }
        if let topic = HelpTopic(rawValue: topic) { return text(for: topic, options: options) }
        return overview
    }

}
