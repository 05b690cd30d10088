import LprofLanguage
import LprofStore
import LprofSystem

/// The text of `help` and `help TOPIC`: syntax, meaning and an example for every command.
public enum HelpText {
    /// One line per command, for bare `help`.
    public static let overview = """
        lprof edits a profile the way the Landmarks tutorial's profile screen does:
        the summary shows the committed profile; 'edit on' opens the editor on a draft;
        'done' commits the draft (release: EditButton; 2019 beta: its custom Done
        button), 'cancel' drops it (release: the Cancel button; beta: EditButton).

        Commands:
          help [COMMAND]           this list, or one command in detail
          show [VIEW]              summary, editor, diff, badges, hike [GRAPH], env,
                                   voiceover
          get [profile.|draft.]FIELD   print one value (also: get mode, get sheet,
                                   get --json)
          set FIELD VALUE          change the draft (edit mode only)
          edit [on|off|toggle]     tap Edit (EditButton)
          done [--force]           end editing, committing the draft
          cancel                   end editing, dropping the draft
          reset [--force]          profile and draft back to the default profile
          dismiss [--force]        swipe the profile sheet down (ProfileHost goes)
          present                  tap the profile button: a new sheet, a new draft
          reload                   re-read the store (after another session's commit)
          expect FIELD VALUE       fail unless FIELD is VALUE (also: expect mode,
                                   expect sheet, expect error)
          env [KEY [VALUE]]        list, read or set the environment
          trace [on|off|toggle]    print lifecycle events as they happen
          print TEXT …             print the words, space-joined
          source FILE              run a script inline
          history [N]              the last N history entries (interactive)
          quit, exit               leave

        Fields: username, notifications, season, goal.  More: help values, help goal,
        help language, help limits, help interactive, help options, help COMMAND.
        New here? 'lprof learn' teaches edit mode in ten short lessons (help learn).
        """

    static let topics: [String: String] = [
        "help": """
        help [TOPIC]
          Lists the commands, or explains one command or topic.
          Topics: every command, values, goal, language, limits, interactive.
          Example: help set
        """,
        "show": """
        show [summary|editor|diff|badges|hike [elevation|heart-rate|pace]|env|voiceover]
          Renders a view. Bare 'show' renders what is on screen now: the summary
          while inactive, the editor (on the draft) while in edit mode, and
          CategoryHome with its profile button while the sheet is dismissed.
          diff lists the fields where the draft differs from the profile, old → new,
          and marks '(not edited)' those no 'set' changed since edit mode began:
          the draft still holds its starting value there, Profile.default.
          voiceover lists what VoiceOver would read for what is on screen, one
          element a line in reading order: label, traits, value. Labels are the
          tutorial's own where it sets them (HikeBadge's "Badge for First Hike.",
          the toolbar button's "User Profile"); the traits, the order and emoji
          read by their names ("snowman") are lprof's model of VoiceOver, not the
          tutorial's. A font adds no trait: .font(.title) is no heading.
          Example: show voiceover
        """,
        "get": """
        get [profile.|draft.]FIELD     get mode     get sheet     get --json [profile|draft]
          Prints one value and a newline: username raw, notifications on/off, season
          by name, goal as YYYY-MM-DD, mode active/inactive, sheet
          presented/dismissed. --json prints a whole profile as one line of JSON.
          A bare FIELD (and bare --json) reads the visible view: the draft while
          editing, the profile otherwise (also while the sheet is dismissed).
          Fields and the values they print:
            username        the text as stored
            notifications   on | off
            season          spring | summer | autumn | winter
            goal            YYYY-MM-DD
          Example: get draft.goal
        """,
        "set": """
        set FIELD VALUE
          Changes the draft, only in edit mode: until then ProfileHost shows
          ProfileSummary, and ProfileEditor, whose controls change the draft, is
          not in the view tree at all (nothing is disabled). Fields and values:
            username        any text, 1–64 characters; quote it if it has spaces
            notifications   on off true false yes no toggle
            season          spring summer autumn (fall) winter, or 🌷 🌞 🍂 ☃️
            goal            today, YYYY-MM-DD, or an offset (see 'help goal')
          Example: set season autumn; set goal +6m; set username "Zoë 🍂"
        """,
        "edit": """
        edit [on|off|toggle]
          Taps EditButton. 'edit on' enters edit mode (in the release the editor's
          onAppear copies the profile into the draft; the 2019 beta's editor has no
          onAppear). 'edit off' taps it while editing: in the release that is the
          tap that commits (the same as 'done'); in the beta, the one that cancels
          (the same as 'cancel'). Bare 'edit' toggles. 'edit on' while editing and
          'edit off' while not do nothing.
          Example: edit on
        """,
        "done": """
        done [--force]
          Ends editing and commits the draft. Release: taps EditButton (SwiftUI's,
          which reads Done while editing); edit mode ends, ProfileHost swaps
          ProfileEditor for ProfileSummary, and the editor's onDisappear commits
          (modelData.profile = draftProfile). 2019 beta: taps the custom Done
          button, there only while editing, whose action commits (self.profile =
          self.draftProfile) and then ends edit mode; the editor's onDisappear
          then resets the draft to the profile. lprof then saves its store (its
          own: the tutorial's code writes no file); a draft with no changes saves
          nothing. If another session saved the store since this one read it,
          lprof merges field by field: a field only the other session changed
          takes its value (and a note says so). A field both changed differently
          is a conflict: done fails and you stay in edit mode with the draft
          intact; 'done --force' keeps yours for those fields, 'cancel' then
          'reload' takes theirs. (The tutorial's ModelData has one writer.) Only
          in edit mode.
          Example: done
        """,
        "cancel": """
        cancel
          Ends editing without committing. Release: taps the Cancel button, there
          only while editing, whose action resets the draft (draftProfile =
          modelData.profile) and then ends edit mode; the editor's onDisappear
          still writes profile = draft, an unchanged value ('trace on' shows it).
          2019 beta: taps EditButton while editing (the Cancel it provides); the
          editor's onDisappear resets the draft to the profile. Nothing is saved.
          Only in edit mode.
          Example: cancel
        """,
        "reset": """
        reset [--force]
          Puts the profile and the draft back to the default profile (g_kumar,
          notifications on, winter, goal today) and saves, unless the profile is
          the default already. Only outside edit mode. It merges as done does,
          counting every field as changed: a field another session changed since
          this one read the store is a conflict; 'reset --force' keeps the default,
          'reload' takes theirs.
          Example: reset
        """,
        "dismiss": """
        dismiss [--force]
          Swipes the profile sheet down: ProfileHost goes, and the summary or the
          editor in it. While editing, the editor's onDisappear runs as each
          edition wires it. Release: 'profile = draft', so dismissing commits and
          lprof saves its store; that is the release's own code, whose onDisappear
          commits however the editor goes (--force overwrites another session's
          commit, as for done). Beta: 'draft = profile', so nothing is committed.
          While dismissed, edit, set, done, cancel and reset are errors; get and
          show still work, and 'present' opens the sheet again. (Quitting lprof
          is not dismissing: no onDisappear runs, and the draft is dropped.)
          Example: edit on; set season autumn; dismiss
        """,
        "present": """
        present
          Taps CategoryHome's profile button, which presents a new sheet with a
          new ProfileHost. Its @State starts again: the draft is Profile.default,
          and lprof starts the new sheet in the summary, out of edit mode. The
          profile survives: in the release it is ModelData's. In the 2019 beta
          the profile was ProfileHost's own @State too, so the app started it
          again from Profile.default; lprof keeps it in its store. Only while
          dismissed: the button lies under the sheet.
          Example: dismiss; present
        """,
        "reload": """
        reload
          Re-reads the store: the profile becomes what is stored now (after another
          session's commit, say) and reload lists the fields that changed. Only
          outside edit mode. With --memory there is no store, and reload is an
          error. (lprof's store, not the tutorial's.)
          Example: reload
        """,
        "expect": """
        expect [profile.|draft.]FIELD VALUE     expect mode active|inactive
        expect sheet presented|dismissed     expect error COMMAND …
          Fails, naming both values, unless FIELD equals VALUE. VALUE is written as
          'set' takes it, without toggle or offsets ('today' is fine). 'expect error'
          runs COMMAND and fails unless COMMAND fails (its effect is then undone).
          Fields and values:
            username        any text, exactly
            notifications   on off true false yes no
            season          spring summer autumn fall winter, or 🌷 🌞 🍂 ☃️
            goal            today or YYYY-MM-DD
          Example: expect season autumn; expect error set season monsoon
        """,
        "env": """
        env      env KEY      env KEY VALUE
          Lists the environment (KEY=VALUE lines), prints one key, or sets one.
            editMode       inactive|active (read-only: use edit, done, cancel)
            sizeCategory   xs s m l xl xxl xxxl ax1 … ax5, or the long names
            locale         a locale ID such as en_US, ko_KR, ja_JP
            now            today's date, YYYY-MM-DD ('today' for the clock's)
            edition        release|beta (only outside edit mode)
          Example: env sizeCategory ax1
        """,
        "trace": """
        trace [on|off|toggle]
          Prints each event as it happens, prefixed '~ ': edit mode changes, views
          appearing and disappearing, the copies made by onAppear, onDisappear and
          the buttons (the release's Cancel, the beta's Done), draft changes, and
          the sheet dismissed and presented. Lines that start '~ lprof' are
          lprof's own (its store, reset, the edition), not the tutorial's. Bare
          'trace' toggles.
          Example: trace on
        """,
        "print": """
        print TEXT …
          Writes its arguments, joined by spaces, and a newline.
          Example: print "checking the draft"
        """,
        "source": """
        source FILE
          Runs a script inline, after checking it whole. A relative path is relative
          to the running script's folder (the current folder at the prompt, for -c
          and stdin); ~/ is your home folder. Up to 32 nested sources.
          Example: source lessons/setup.lprof
        """,
        "history": """
        history [N]
          Prints the last N (default all) history entries, numbered. Interactive
          only; elsewhere it prints nothing.
          Example: history 10
        """,
        "quit": """
        quit | exit
          Leaves lprof. At the prompt, with changes to the draft that are not
          committed, the first quit warns and a second one in a row leaves and
          drops the draft. Quitting lprof dismisses nothing: no onDisappear runs,
          so even in the release nothing is committed ('dismiss' would commit).
          Only fields you set count as changes: a beta draft that merely still
          holds Profile.default is not one.
        """,
        "values": """
        Values ignore case; usernames are taken exactly.
          notifications   on off true false yes no toggle
          season          spring summer autumn fall winter 🌷 🌞 🍂 ☃️ (☃ too)
          goal            today, YYYY-MM-DD, or an offset: see 'help goal'
        """,
        "goal": """
        Goal values
          today           the clock's today (env now)
          YYYY-MM-DD      a day, years 1000–9999
          +6m -1y +2w +10d +1y2m +1y-1m
                          an offset from the draft's goal: terms ±N with a unit
                          d (days) w (weeks) m (months) y (years), each unit once;
                          later terms may omit the sign (it carries over)
          today+3m        an offset from today
        Years and months are added first, together, clamping to the month's end
        (2027-01-31 +1m → 2027-02-28); then weeks and days. The result must lie in
        the DatePicker's range: one year either side of the draft's current goal.
        """,
        "language": """
        The language
          Commands are separated by newlines or ';'. Words are split on spaces and
          tabs. A word starting with # begins a comment. "…" strings take the
          escapes \\\\ \\" \\n \\t \\u{1F342}; '…' strings take none; neither spans
          lines. A backslash at the very end of a line joins the next line.
          Scripts, -c text and sourced files are checked whole before they run:
          a syntax error (exit 2) runs nothing.
        """,
        "interactive": """
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
        """,
        "learn": """
        lprof learn [LESSON]
          Guided lessons at the prompt, true to the tutorial's code and naming its
          edition: summary, draft, cancel, goal-range, trace, sheet, editions,
          dynamic-type, accessibility, and the tutorial's own quiz. A task is met
          by what your commands did (the events they caused, the views they drew,
          the state they left), never by the words alone. A LESSON is a name, a
          number or a lesson file; without one, lprof learn goes on where you
          stopped ($XDG_STATE_HOME/lprof/lessons). Each lesson starts afresh on a
          profile in memory, today being November 30, 2026. With stdin not a
          terminal, its lines are the learner's (a scripted run).
        While a lesson runs:
          hint       a hint for where you are (one also comes after a few tries)
          skip       lprof types the task's answer for you, shown
          back       return to where the task began
          lessons    list the lessons and your progress
          1, 2, 3    answer a question by its number
          quit       leave; your place is kept
        The lesson language is this language plus directives (one per line):
          lesson NAME TITLE       the first line
          stored FIELD VALUE      the stored profile the lesson starts from
          say TEXT …              a paragraph of narration
          COMMAND                 runs when the lesson gets there, output shown
          task TEXT …             a task; the lines below it belong to it:
            expect TARGET VALUE   the state now, as the expect command checks it
            when [not] ATOM       the state now, or a deed since the task began
            hint [if GUARD] TEXT  a hint, offered while the guard holds
            stuck if GUARD TEXT   the task cannot be met from there: how back
            ok [if GUARD] TEXT    said when the task is met (one has no guard)
            answer LINE           what skip types; it must meet the task
            wrong LINE            a plausible entry that must not meet it
          question TEXT …         a question; then per option 'option TEXT' and
                                  its 'code LINE's, and 'right N', 'why N TEXT',
                                  'answer N'
          GUARD is 'if' ATOM ('and' ATOM)…; an ATOM is ['not'] one of:
            mode active|inactive      sheet presented|dismissed
            [profile.|draft.]FIELD VALUE                env KEY VALUE
            trace on|off              pending yes|no (a draft with changes)
            event "EVENT" [by CMD|CMD]  traced "EVENT" (and trace printed it)
            shown VIEW [of SCREEN] [with KEY VALUE]…    read TARGET|json
            failed COMMAND REASON     REASON: while-inactive, while-editing,
              while-dismissed, while-presented, out-of-range, conflict,
              expectation, store
          An EVENT is written as trace prints it, without '~ ': 'editMode:
          inactive → active', 'ProfileEditor appears', 'Cancel button: draft =
          profile (changed)', 'draft.season = autumn', 'sheet dismissed'.
          Example: task "Tap Cancel."; when event "Cancel button: draft = profile"
                   answer "cancel"; ok "Cancel reset the draft."
        """,
        "limits": """
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
          Goals lie in the years 1000–9999; an offset term is at most 1000000.
        """,
    ]

    /// What `help TOPIC` shows; `options` is the command line's usage, for `help options`.
    public static func text(for topic: String, options: String) -> String {
        if topic == "options" { return options }
        let key = topic == "exit" ? "quit" : topic
        return topics[key] ?? overview
    }
}
