import LprofLanguage
import LprofModel
import LprofStore
import LprofSystem

/// The text of `help` and `help TOPIC`: syntax, meaning and an example for every command.
public enum HelpText {
    /// The overview, for bare `help`: what lprof is, one line per command, then pointers.
    static let overview = """
        lprof edits a profile the way the Landmarks tutorial's profile screen does:
        the summary shows the committed profile; 'edit on' opens the editor on a draft;
        'done' commits the draft, 'cancel' drops it.

        Commands:
        \(CommandName.allCases.compactMap(overviewLine).joined(separator: "\n"))

        Fields: \(Vocabulary.fields.joined(separator: ", ")).  More: help values, help goal,
        help language, help limits, help options, help COMMAND.
        New here? 'lprof learn' teaches edit mode in seven short lessons (help learn).
        """

    /// A command's line in the overview: its synopsis and what it does (`exit` shares
    /// `quit`'s line).
    static func overviewLine(for command: CommandName) -> String? {
        // The synopsis, then the summary from column 27 (or three spaces on).
        func line(_ synopsis: String, _ summary: String) -> String {
            "  " + synopsis + String(repeating: " ", count: max(3, 25 - synopsis.count)) + summary
        }
        switch command {
        case .help: return line("help [COMMAND]", "this list, or one command in detail")
        case .show: return line("show [VIEW]", "summary, editor, diff, badges, hike [GRAPH], env")
        case .get:
            return line(
                "get [profile.|draft.]FIELD", "print one value (also: get mode, get --json)")
        case .set: return line("set FIELD VALUE", "change the draft (edit mode only)")
        case .edit: return line("edit [on|off|toggle]", "tap Edit (EditButton)")
        case .done: return line("done [--force]", "commit the draft and leave edit mode")
        case .cancel: return line("cancel", "drop the draft and leave edit mode")
        case .reset: return line("reset [--force]", "profile and draft back to the default profile")
        case .expect:
            return line(
                "expect FIELD VALUE", "fail unless FIELD is VALUE (also: expect mode, expect error)"
            )
        case .env: return line("env [KEY [VALUE]]", "list, read or set the environment")
        case .trace: return line("trace [on|off|toggle]", "print lifecycle events as they happen")
        case .print: return line("print TEXT …", "print the words, space-joined")
        case .source: return line("source FILE", "run a script inline")
        case .history: return line("history [N]", "the last N history entries (interactive)")
        case .quit: return line("quit, exit", "leave")
        case .exit: return nil
        }
    }

    /// `help COMMAND`: syntax, meaning and an example.
    static func text(for command: CommandName) -> String {
        switch command {
        case .help:
            return """
                help [TOPIC]
                  Lists the commands, or explains one command or topic.
                  Topics: every command, values, goal, language, limits.
                  Example: help set
                """
        case .show:
            return """
                show [summary|editor|diff|badges|hike [elevation|heart-rate|pace]|env]
                  Renders a view. Bare 'show' renders what the host shows now: the summary
                  while inactive, the editor (on the draft) while in edit mode.
                  diff lists the fields where the draft differs from the profile, old → new.
                  Example: show editor
                """
        case .get:
            return """
                get [profile.|draft.]FIELD     get mode     get --json [profile|draft]
                  Prints one value and a newline: username raw, notifications on/off, season
                  by name, goal as YYYY-MM-DD, mode active/inactive. --json prints a whole
                  profile as one line of JSON. A bare FIELD (and bare --json) reads the
                  visible view: the draft while editing, the profile otherwise.
                  Fields and the values they print:
                    username        the text as stored
                    notifications   on | off
                    season          spring | summer | autumn | winter
                    goal            YYYY-MM-DD
                  Example: get draft.goal
                """
        case .set:
            return """
                set FIELD VALUE
                  Changes the draft; only in edit mode (the editor's controls are disabled
                  outside it). Fields and values:
                    username        any text, 1–64 characters; quote it if it has spaces
                    notifications   on off true false yes no toggle
                    season          spring summer autumn (fall) winter, or 🌷 🌞 🍂 ☃️
                    goal            today, YYYY-MM-DD, or an offset (see 'help goal')
                  Example: set season autumn; set goal +6m; set username "Zoë 🍂"
                """
        case .edit:
            return """
                edit [on|off|toggle]
                  Taps EditButton. 'edit on' enters edit mode (in the release edition the
                  editor's onAppear copies the profile into the draft); 'edit off' taps it
                  while editing: release commits (like done), beta cancels. Bare 'edit'
                  toggles. 'edit on' while editing and 'edit off' while not do nothing.
                  Example: edit on
                """
        case .done:
            return """
                done [--force]
                  Commits the draft and leaves edit mode, then saves the store. If another
                  session committed since this one read the store, done fails; --force
                  overwrites. Only in edit mode.
                  Example: done
                """
        case .cancel:
            return """
                cancel
                  Drops the draft's changes and leaves edit mode; nothing is saved. Only in
                  edit mode. (In the release edition the editor's onDisappear still writes
                  profile = draft, an unchanged value: 'trace on' shows it.)
                  Example: cancel
                """
        case .reset:
            return """
                reset [--force]
                  Puts the profile and the draft back to the default profile (g_kumar,
                  notifications on, winter, goal today) and saves. Only outside edit mode.
                  Example: reset
                """
        case .expect:
            return """
                expect [profile.|draft.]FIELD VALUE     expect mode active|inactive
                expect error COMMAND …
                  Fails, naming both values, unless FIELD equals VALUE. VALUE is written as
                  'set' takes it, without toggle or offsets ('today' is fine). 'expect error'
                  runs COMMAND and fails unless COMMAND fails (its effect is then undone).
                  Fields and values:
                    username        any text, exactly
                    notifications   on off true false yes no
                    season          spring summer autumn fall winter, or 🌷 🌞 🍂 ☃️
                    goal            today or YYYY-MM-DD
                  Example: expect season autumn; expect error set season monsoon
                """
        case .env:
            return """
                env      env KEY      env KEY VALUE
                  Lists the environment (KEY=VALUE lines), prints one key, or sets one.
                    editMode       inactive|active (read-only: use edit, done, cancel)
                    sizeCategory   xs s m l xl xxl xxxl ax1 … ax5, or the long names
                    locale         a locale ID such as en_US, ko_KR, ja_JP
                    now            today's date, YYYY-MM-DD ('today' for the clock's)
                    edition        release|beta (only outside edit mode)
                  Example: env sizeCategory ax1
                """
        case .trace:
            return """
                trace [on|off|toggle]
                  Prints each lifecycle event as it happens, prefixed '~ ': edit mode
                  changes, views appearing and disappearing, onAppear/onDisappear copies,
                  draft changes and saves. Bare 'trace' toggles.
                  Example: trace on
                """
        case .print:
            return """
                print TEXT …
                  Writes its arguments, joined by spaces, and a newline.
                  Example: print "checking the draft"
                """
        case .source:
            return """
                source FILE
                  Runs a script inline, after checking it whole. A relative path is relative
                  to the running script's folder (the current folder at the prompt, for -c
                  and stdin); ~/ is your home folder. Up to 32 nested sources.
                  Example: source lessons/setup.lprof
                """
        case .history:
            return """
                history [N]
                  Prints the last N (default all) history entries, numbered. Interactive
                  only; elsewhere it prints nothing.
                  Example: history 10
                """
        case .quit, .exit:
            return """
                quit | exit
                  Leaves lprof. At the prompt, with a draft that differs from the profile,
                  the first quit warns and a second one in a row leaves and drops the draft.
                """
        }
    }

    /// `help TOPIC` for the topics beyond the commands.
    static func text(for topic: HelpTopic) -> String {
        switch topic {
        case .values:
            return """
                Values ignore case; usernames are taken exactly.
                  notifications   on off true false yes no toggle
                  season          spring summer autumn fall winter 🌷 🌞 🍂 ☃️ (☃ too)
                  goal            today, YYYY-MM-DD, or an offset: see 'help goal'
                """
        case .goal:
            return """
                Goal values
                  today           the clock's today (env now)
                  YYYY-MM-DD      a day, years \(CalendarDay.writtenYearsText)
                  +6m -1y +2w +10d +1y2m +1y-1m
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
                  Scripts, -c text and sourced files are checked whole before they run:
                  a syntax error (exit 2) runs nothing.
                """
        case .limits:
            return """
                Limits
                  A line is at most 65536 bytes (64 KiB), lines joined with a trailing
                  backslash included; a longer one is an error (exit 2) and reading stops
                  there, so no input is ever held whole in memory.
                  Sources nest at most 32 deep; the 33rd is an error (exit 1).
                  'expect error' nests at most 8 deep.
                  A script that is not a regular file (a pipe, a device) is read into
                  memory up to 16 MiB; a store file is at most 1 MiB.
                  A username is 1–64 characters: no control or bidi characters, and no
                  zero-width ones at its ends.
                  Goals lie in the years \(CalendarDay.writtenYearsText); an offset term is at most 1000000.
                """
        case .learn:
            return """
                lprof learn [LESSON]
                  Guided lessons at the prompt, each tied to the Landmarks tutorial: the
                  summary, edit mode and the draft, Cancel, the DatePicker's range, trace,
                  the beta and release wirings, Dynamic Type. Each narrates, sets a task and
                  checks the profile after every command you type. A LESSON is a name, a
                  number or a lesson file; without one, lprof learn goes on where you
                  stopped ($XDG_STATE_HOME/lprof/lessons). Lessons use a profile in memory.
                  With stdin not a terminal, its lines are the learner's (a scripted run).
                While a lesson runs:
                  hint       the next hint (one also comes after 3 tries)
                  skip       skip the task
                  lessons    list the lessons and your progress
                  quit       leave; your place is kept
                The lesson language is this language plus directives (one per line):
                  lesson NAME TITLE       the first line
                  stored FIELD VALUE      the stored profile the lesson starts from
                  say TEXT …              a paragraph of narration
                  COMMAND                 runs when the lesson gets there, output shown
                  task TEXT …             a task; the lines below it belong to it:
                    expect …              a condition, written as the expect command
                    when env KEY VALUE    a condition on the environment
                    when trace on|off     a condition on trace
                    when typed WORD …     the learner ran such a command, and it worked
                    when failed WORD …    the learner ran such a command, and it failed
                    hint TEXT …           a hint, in order after each 3 tries
                    ok TEXT …             said when the task is met
                    answer LINE           what a scripted learner types (checked)
                  Example: task "Open the editor."; expect mode active; answer "edit on"
                """
        case .options: return UsageText.text
        }
    }

    /// `help TOPIC`: a command's help or a topic's; the overview for anything else.
    static func text(for topic: String) -> String {
        if let command = CommandName(rawValue: topic) { return text(for: command) }
        if let topic = HelpTopic(rawValue: topic) { return text(for: topic) }
        return overview
    }
}
