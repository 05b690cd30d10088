import LprofLanguage
import LprofModel

extension HelpText {
    /// `help COMMAND`: its forms, as the grammar declares them, what it means and an example.
    static func text(for command: CommandName) -> String {
        synopsisLines(for: command) + "\n" + meaning(of: command)
    }

    /// A command's forms, five spaces apart and as many a line as fit (`quit | exit` share one).
    static func synopsisLines(for command: CommandName) -> String {
        if command == .quit || command == .exit { return "quit | exit" }
        var lines: [String] = []
        for form in Grammar.forms(of: command).map(expandedSynopsis) {
            if let last = lines.last, last.count + 5 + form.count <= widestLine {
                lines[lines.count - 1] = last + "     " + form
            } else {
                lines.append(form)
            }
        }
        return lines.joined(separator: "\n")
    }

    /// `form`'s synopsis with the values `expect mode` and `expect sheet` take written out.
    private static func expandedSynopsis(_ form: CommandForm) -> String {
        form.synopsis { slot, previous in
            switch (slot, previous) {
            case (.value(.expected), .word(Keyword.mode.rawValue)):
                return Vocabulary.modes.joined(separator: "|")
            case (.value(.expected), .word(Keyword.sheet.rawValue)):
                return Vocabulary.sheetStates.joined(separator: "|")
            default: return nil
            }
        }
    }

    /// What a command means, and an example; one text per command of the table.
    private static func meaning(of command: CommandName) -> String {
        switch command {
        case .help:
            return """
                  Lists the commands, or explains one command or topic. '?' and '\\?' are
                  'help' too, as in Julia and psql.
                  Topics: every command, \(HelpTopic.allCases.map(\.rawValue).joined(separator: ", ")).
                  Example: help set (or: ? set)
                """
        case .show:
            return """
                  Renders a view, a VIEW one of \(Vocabulary.views.joined(separator: ", ")) and a GRAPH one of \(Vocabulary.hikeGraphs.joined(separator: ", ")). Bare 'show' renders what is on screen now: the summary
                  while inactive, the editor (on the draft) while in edit mode, and
                  CategoryHome with its profile button while the sheet is dismissed.
                  diff lists the fields where the draft differs from the profile, old → new,
                  and marks '(not edited)' those no 'set' changed since edit mode began:
                  the draft still holds an older value there (Profile.default, say).
                  voiceover lists what VoiceOver would read for what is on screen, one
                  element a line in reading order: label, traits, value. Labels are the
                  tutorial's own where it sets them (HikeBadge's "Badge for First Hike.",
                  the toolbar button's "User Profile"); the traits, the order and emoji
                  read by their names ("snowman") are lprof's model of VoiceOver, not the
                  tutorial's. A font adds no trait: .font(.title) is no heading.
                  code draws ProfileHost's body and the editor's modifiers as wired now
                  ('env wiring'), in SwiftUI syntax: lprof's rendering, each piece naming
                  the write-up line it stands for, a changed piece marked ◆.
                  The summary's Recent Hikes and hike draw lprof's own sample hike,
                  Granite Ridge Loop (4.5 km), made for lprof in the tutorial's hike data
                  format: the tutorial's hikes are not in lprof. Likewise voiceover on
                  CategoryHome reads its list as rows of lprof's sample landmarks.
                  Example: show voiceover
                """
        case .get:
            return """
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
                """
        case .set:
            return """
                  Changes the draft, only in edit mode: until then ProfileHost shows
                  ProfileSummary, and ProfileEditor, whose controls change the draft, is
                  not in the view tree at all (nothing is disabled). Fields and values:
                    username        any text; quote it if it has spaces (the rules: below)
                    notifications   \(valueWords(.notifications))
                    season          spring summer autumn (fall) winter, or 🌷 🌞 🍂 ☃️
                    goal            today, YYYY-MM-DD, or an offset (see 'help goal')
                \(usernameRules)
                  Example: set season autumn; set goal +6m; set username "Zoë 🍂"
                """
        case .edit:
            return """
                  Taps EditButton. 'edit on' enters edit mode (in the release the editor's
                  onAppear copies the profile into the draft; the 2019 beta's editor has no
                  onAppear). 'edit off' taps it while editing: in the release that is the
                  tap that commits (the same as 'done'); in the beta, the one that cancels
                  (the same as 'cancel'). Bare 'edit' toggles. 'edit on' while editing and
                  'edit off' while not do nothing.
                  Example: edit on
                """
        case .done:
            return """
                  Ends editing and commits the draft. Release: taps EditButton (it reads
                  Done while editing, SwiftUI's label, not the tutorial's); edit mode ends,
                  ProfileHost swaps ProfileEditor for ProfileSummary, and the editor's
                  onDisappear commits (modelData.profile = draftProfile). 2019 beta: taps
                  the custom Done button, there only while editing, whose action commits
                  (self.profile = self.draftProfile) and then ends edit mode; the editor's
                  onDisappear then resets the draft to the profile. In the release, lprof
                  then saves its store (its own: the tutorial's code writes no file); a
                  draft with no changes saves nothing. In the beta the profile is
                  ProfileHost's @State, so nothing is saved. If another session saved the
                  store since this one read it, lprof merges field by field: a field only
                  the other session changed takes its value (and a note says so). A field
                  both changed differently is a conflict: done fails and you stay in edit
                  mode with the draft intact; 'done --force' keeps yours for those fields,
                  'cancel' then 'reload' takes theirs. (The tutorial's ModelData has one
                  writer.) Only in edit mode.
                  Example: done
                """
        case .cancel:
            return """
                  Ends editing without committing. Release: taps the Cancel button, there
                  only while editing, whose action resets the draft (draftProfile =
                  modelData.profile) and then ends edit mode; the editor's onDisappear
                  still writes profile = draft, an unchanged value ('trace on' shows it).
                  2019 beta: taps EditButton while editing (the Cancel it provides); the
                  editor's onDisappear resets the draft to the profile. Nothing is saved.
                  Only in edit mode.
                  Example: cancel
                """
        case .reset:
            return """
                  Puts the profile and the draft back to the default profile (g_kumar,
                  notifications on, winter, goal today) and saves, unless the profile is
                  the default already. Only outside edit mode. It merges as done does,
                  counting every field as changed: a field another session changed since
                  this one read the store is a conflict; 'reset --force' keeps the default,
                  'reload' takes theirs.
                  Example: reset
                """
        case .reload:
            return """
                  Re-reads the store: the profile becomes what is stored now (after another
                  session's commit, say) and reload lists the fields that changed. Only
                  outside edit mode. With --memory there is no store, and reload is an
                  error. (lprof's store, not the tutorial's.)
                  Example: reload
                """
        case .dismiss:
            return """
                  Swipes the profile sheet down: ProfileHost goes, and the summary or the
                  editor in it. While editing, the editor's onDisappear runs as each
                  edition wires it. That it runs when the sheet goes is SwiftUI's
                  behaviour for a view leaving the screen, as lprof reads it, not a line
                  of the tutorial. Release: 'profile = draft', so dismissing commits and
                  lprof saves its store; the release's onDisappear commits however the
                  editor goes (--force overwrites another session's commit, as for done).
                  Beta: 'draft = profile', so nothing is committed.
                  While dismissed, edit, set, done, cancel and reset are errors; get and
                  show still work, and 'present' opens the sheet again. (Quitting lprof
                  is not dismissing: no onDisappear runs, and the draft is dropped.)
                  Example: edit on; set season autumn; dismiss
                """
        case .present:
            return """
                  Taps CategoryHome's profile button, which presents a new sheet with a
                  new ProfileHost. Its @State starts again: the draft is Profile.default,
                  and lprof starts the new sheet in the summary, out of edit mode. The
                  profile survives: in the release it is ModelData's. In the 2019 beta
                  the profile is ProfileHost's own @State too, so it starts again from
                  Profile.default with each sheet, and lprof's store is not used. Only
                  while dismissed: the button lies under the sheet.
                  Example: dismiss; present
                """
        case .expect:
            return """
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
                  Lists the environment (KEY=VALUE lines), prints one key, or sets one.
                    editMode       inactive|active (read-only: use edit, done, cancel)
                    sizeCategory   xs s m l xl xxl xxxl ax1 … ax5, or the long names
                    locale         a locale ID such as en_US, ko_KR, ja_JP
                    now            today's date, YYYY-MM-DD ('today' for the clock's)
                    edition        release|beta: the buttons and every piece of the
                                   wiring (only outside edit mode). In the beta the
                                   profile is ProfileHost's @State: the store is not used.
                    wiring         the wiring lab: one piece of ProfileHost at a time
                                   (only outside edit mode), lprof's experiment:
                    onAppear       copy|none      the editor's .onAppear copy
                    onDisappear    commit|reset|none   the editor's .onDisappear
                    cancel-resets  yes|no         the release's Cancel resets first
                    done-commits   yes|no         the beta's Done commits first
                    profile        modeldata|state   where the profile lives; into
                                   @State it starts at Profile.default, into ModelData
                                   it is read from the store, as 'reload' reads it
                  'env wiring' lists the pieces; 'show code' draws the code as wired;
                  'expect wiring PIECE VALUE' checks one.
                  Example: env wiring onAppear none
                """
        case .trace:
            return """
                  Prints each event as it happens, prefixed '~ ': edit mode changes, views
                  appearing and disappearing, the copies made by onAppear, onDisappear and
                  the buttons (the release's Cancel, the beta's Done), draft changes, and
                  the sheet dismissed and presented. Lines that start '~ lprof' are
                  lprof's own (its store, reset, the edition, the wiring lab), not the
                  tutorial's. Bare 'trace' toggles.
                  Order: the tutorial's code fixes the order of each button's statements
                  and of the copies. When ProfileSummary appears or disappears next to
                  the editor's lines, and the editor's lines next to 'sheet dismissed',
                  the renderer decides: that order is lprof's. lprof's reading of
                  SwiftUI's documentation (not the tutorial's): an onDisappear action
                  runs after its view has disappeared from the interface, so under an
                  animated change the summary may already be on screen, still showing
                  the old profile, when the editor's onDisappear commits.
                  Example: trace on
                """
        case .print:
            return """
                  Writes its arguments, joined by spaces, and a newline.
                  Example: print "checking the draft"
                """
        case .source:
            return """
                  Runs a script inline, after checking it whole. A relative path is relative
                  to the running script's folder (the current folder at the prompt, for -c
                  and stdin); ~/ is your home folder. Up to 32 nested sources.
                  Example: source lessons/setup.lprof
                """
        case .record:
            return """
                  Writes this session to FILE as a script, from now on: first the commands
                  that rebuild, from a fresh profile, where the session stands now; then
                  each command that succeeds, one a line, as typed (a failed command changes
                  nothing and is left out, as are record, history and quit); and, at
                  'record off' or when the session ends, 'expect' lines for the mode, the
                  sheet and every field of profile and draft. 'lprof test FILE' replays it
                  on a fresh profile in memory and passes only if it ends the same way: a
                  session becomes a self-checking script. A command that would do something
                  else there (reload reads the store, which a test does not have) is kept
                  as a comment, followed by commands that rebuild what it left. FILE is
                  relative to the current folder; an existing FILE is an error unless
                  --force ('./off' records to a file named off). Meant for the prompt, it
                  works at the top level of scripts and -c text too.
                  Example: record hike.lprof; edit on; set season autumn; done; record off
                """
        case .history:
            return """
                  Prints the last N (default all) history entries, numbered. Interactive
                  only; elsewhere it prints nothing.
                  Example: history 10
                """
        case .why:
            return """
                  Cause and effect, as Instruments' SwiftUI cause-and-effect graph shows
                  it, for this one screen: how the value got where it is, from its origin
                  to now, one step a line. Each step is an event trace prints (~ …),
                  then what it meant for the value, the code that made it (its line in
                  'show code' and the write-up's line: 002 is the release, 000 the 2019
                  beta), what ran that code, and the command that started it (at
                  LINE:COLUMN, or its number in 'history'). A step the wiring lab took
                  out is named too ("cancel-resets no: nothing reset the draft"). A bare
                  FIELD means the visible view's, as for get; 'why view' says why the
                  summary or the editor is on screen. Each value keeps its origin and its
                  last 24 steps.
                  Example: edit on; set season autumn; done; why profile.season
                """
        case .quit, .exit:
            return """
                  Leaves lprof. At the prompt, with changes to the draft that are not
                  committed, the first quit warns and a second one in a row leaves and
                  drops the draft. Quitting lprof dismisses nothing: no onDisappear runs,
                  so even in the release nothing is committed ('dismiss' would commit).
                  Only fields you set count as changes: a beta draft that merely still
                  holds Profile.default is not one.
                  The words that leave other shells (\\q, :q, .quit) are answered with
                  'quit'.
                """
        }
    }
}
