import LprofInteractive
import LprofLanguage
import LprofShell
import LprofSystem

/// The lessons `lprof learn` ships, in the lesson language (see `help learn`), each tied to
/// a step of Apple's "Working with UI Controls" tutorial. They live in the binary as text
/// and are parsed at first use; a test proves each parses, can be completed by its answers,
/// and gives every hint to a learner who is stuck.
public enum BuiltInLessons {
    /// The lessons that parse, in order (a test proves that is all of them).
    public static let all: [Lesson] = parsed.compactMap { try? $0.get() }

    /// Each lesson text parsed, or its diagnostics.
    static let parsed: [Result<Lesson, LessonErrors>] = texts.enumerated().map { index, text in
        LessonParser.parse(text, source: "<lesson \(index + 1)>")
    }

    /// The lesson named `name` (its id or its number), if any.
    public static func lesson(named name: String) -> Lesson? {
        if let number = Int(name), (1...all.count).contains(number) { return all[number - 1] }
        return all.first { $0.id == name }
    }

    static let texts = [summary, draft, cancel, goalRange, trace, editions, dynamicType]

    static let summary = #"""
        lesson summary "The summary is a read-only view"
        say "In the Landmarks tutorial, ProfileHost shows one of two views. While editMode is" \
            "inactive it shows ProfileSummary: the committed profile (ModelData.profile), to" \
            "read, not to change. lprof holds the same state: a profile, a draft and an edit mode."
        say "The prompt tells you the mode. 'lprof>' means inactive, so the summary is what the" \
            "host shows. Type the commands the tasks ask for; 'hint' helps, 'skip' moves on," \
            "'lessons' lists the lessons and 'quit' leaves."

        task "Look at the summary: type 'show summary'."
        when typed show
        hint "'show' renders a view, and 'summary' names the view."
        answer "show summary"
        ok "That is ProfileSummary: the username as a title, notifications, the seasonal photo," \
            "the goal date, the badges and a recent hike, all from the committed profile."

        say "The summary has no controls. In the editor they are disabled outside edit mode:" \
            "that was the answer to the tutorial's quiz."
        task "Try to change the season anyway: type 'set season autumn'. It should fail."
        when failed set
        hint "'set FIELD VALUE' writes the draft. The fields are username, notifications," \
            "season and goal."
        answer "set season autumn"
        ok "Refused, and nothing changed: outside edit mode nothing can be written."

        task "Read the season the way a script would: type 'get season'."
        when typed get
        expect profile.season winter
        hint "'get FIELD' prints one value; a bare field reads the view on screen."
        answer "get season"
        ok "Still winter. 'get' prints just the value, so scripts can use it; 'get --json'" \
            "prints the whole profile."
        """#

    static let draft = #"""
        lesson draft "Edit mode and the draft"
        say "Tapping Edit sets editMode to active. ProfileHost then swaps the summary for" \
            "ProfileEditor, and the editor's onAppear copies the profile into the draft" \
            "(draftProfile = modelData.profile). Every control edits the draft, never the profile."

        task "Tap Edit: type 'edit on', and watch the prompt."
        expect mode active
        hint "EditButton is the 'edit' command; 'on' asks for edit mode."
        answer "edit on"
        ok "The prompt reads 'lprof edit>': you are editing the draft."

        task "Change the draft's season to autumn: 'set season autumn'."
        expect draft.season autumn
        hint "'set FIELD VALUE': the field is season, the value autumn."
        answer "set season autumn"
        ok "The prompt reads 'lprof edit*>': the draft now differs from the profile."

        task "Look at the committed profile: 'show summary'. The summary does not change until Done."
        when typed show summary
        expect mode active
        expect draft.season autumn
        hint "'show summary' renders the summary even while you edit. If you left edit mode," \
            "'edit on' and 'set season autumn' first."
        answer "show summary"
        ok "Still ☃️ winter: the summary reads the profile, and only the draft holds autumn." \
            "'show diff' lists what Done would commit."

        task "Commit the draft: type 'done'."
        expect mode inactive
        expect profile.season autumn
        hint "While editing, EditButton reads Done; the command is 'done'. If you left edit" \
            "mode another way, 'edit on' and 'set season autumn' again."
        answer "done"
        ok "The editor disappeared and its onDisappear copied the draft into the profile" \
            "(modelData.profile = draftProfile). The summary shows 🍂 now: 'show' to see it."
        """#

    static let cancel = #"""
        lesson cancel "Cancel, and why the draft is reset"
        say "The release tutorial puts a Cancel button beside Done. Its action is one line," \
            "draftProfile = modelData.profile, and then it sets editMode to inactive."

        task "Start editing and rename the user: 'edit on', then 'set username hiker'."
        expect mode active
        expect draft.username hiker
        hint "Two commands, one after the other: 'edit on' first, then 'set username hiker'."
        answer "edit on"
        answer "set username hiker"

        task "Turn tracing on, so you can watch what Cancel does: 'trace on'."
        when trace on
        hint "'trace on' prints each lifecycle event as it happens."
        answer "trace on"

        task "Now tap Cancel: type 'cancel'."
        expect mode inactive
        expect profile.username g_kumar
        hint "The command is 'cancel'. If you typed 'done', the name stuck: 'edit on'," \
            "'set username g_kumar', 'done' puts it back, then try again."
        answer "cancel"
        ok "Read the trace from the top. Cancel reset the draft first (draft = profile); then" \
            "edit mode ended, the editor disappeared, and its onDisappear still ran" \
            "profile = draft. That copy runs on every way out of the editor."

        say "That is why Cancel resets the draft: the editor's onDisappear commits whatever the" \
            "draft holds. Without the reset, Cancel would save your changes exactly like Done."
        task "Check that nothing stuck: 'get username'."
        when typed get
        expect profile.username g_kumar
        hint "'get username' prints the username. If it prints hiker, the name was committed:" \
            "'edit on', 'set username g_kumar', 'done', then 'get username' again."
        answer "get username"
        ok "g_kumar, as before."
        """#

    static let goalRange = #"""
        lesson goal-range "The DatePicker's sliding one-year range"
        env now 2026-11-30
        reset
        say "The editor's DatePicker takes a range: one year either side of the draft's goal" \
            "date. The range is computed from the draft, so every change moves it. In this" \
            "lesson, today is November 30, 2026."

        task "Open the editor and look at the Goal Date row: 'edit on', then 'show editor'."
        expect mode active
        when typed show
        hint "'edit on' first; then 'show editor' (or just 'show', which shows the editor while editing)."
        answer "edit on"
        answer "show editor"
        ok "The range runs from a year before the goal to a year after it."

        task "Move the goal a year ahead: 'set goal +1y'."
        expect draft.goal 2027-11-30
        hint "An offset: +1y is one year after the draft's goal."
        answer "set goal +1y"
        ok "Allowed: it was at the range's edge. And the range slid with the goal."

        task "One more year: 'set goal +1y' again."
        expect draft.goal 2028-11-30
        hint "The same command again: set goal +1y."
        answer "set goal +1y"

        task "Try to come back to today in one step: 'set goal today'. The picker refuses it."
        when failed set
        hint "Type set goal today, and read the error."
        answer "set goal today"
        ok "Today is two years away now, outside the range, so the picker cannot offer it." \
            "The error printed the range."

        task "Step back a year, and today is in reach: 'set goal -1y', then 'set goal today'."
        expect draft.goal 2026-11-30
        hint "Two commands: set goal -1y, then set goal today."
        answer "set goal -1y"
        answer "set goal today"
        ok "Each step stayed within a year of the last: that is how a sliding range is crossed."

        task "Leave without keeping any of it: 'cancel'."
        expect mode inactive
        hint "The command is 'cancel'."
        answer "cancel"
        """#

    static let trace = #"""
        lesson trace "Trace and the view lifecycle"
        say "SwiftUI views appear and disappear as the state changes what ProfileHost shows." \
            "The tutorial hangs its copies on that lifecycle: the editor's onAppear and" \
            "onDisappear. 'trace' prints each event as it happens, one line each, after '~'."

        task "Turn tracing on: 'trace on'."
        when trace on
        hint "The command is 'trace' and the word after it 'on'."
        answer "trace on"

        task "Tap Edit and read the trace: 'edit on'."
        expect mode active
        hint "'edit on' taps EditButton."
        answer "edit on"
        ok "Four events, in order: editMode went inactive → active, the summary disappeared," \
            "the editor appeared, and its onAppear copied draft = profile (the same value here," \
            "and trace says so)."

        task "Change a field to see the draft move: 'set notifications off'."
        expect draft.notifications off
        hint "set notifications off"
        answer "set notifications off"

        task "Tap Done and read the trace: 'done'."
        expect mode inactive
        expect profile.notifications off
        hint "'done' commits. If you left edit mode another way, 'edit on' and" \
            "'set notifications off' again."
        answer "done"
        ok "editMode went active → inactive, the editor disappeared and its onDisappear" \
            "committed profile = draft, then the summary appeared and the store was saved (in" \
            "memory: lessons never touch your real profile)."
        say "'trace off' stops it; 'lprof --trace' starts with it on."
        """#

    static let editions = #"""
        lesson editions "The 2019 beta wiring, and the bug onAppear fixed"
        stored username hiker
        stored season summer
        say "The first edition of this tutorial (the 2019 beta) wired the editor differently." \
            "There was no onAppear copy: the editor showed whatever the draft held. A custom Done" \
            "committed profile = draft, EditButton cancelled, and the editor's onDisappear reset" \
            "draft = profile."
        say "This lesson starts as a session whose profile came from the store: the profile" \
            "holds hiker and summer, while the draft holds the default profile, as ProfileHost's" \
            "@State does at launch."

        task "Switch to the beta's wiring: 'env edition beta'."
        when env edition beta
        hint "'env KEY VALUE' sets the environment; the key is edition."
        answer "env edition beta"

        task "Turn tracing on and tap Edit: 'trace on', then 'edit on'."
        when trace on
        expect mode active
        hint "Two commands: 'trace on', then 'edit on'."
        answer "trace on"
        answer "edit on"
        ok "Trace says it: no onAppear, and the draft is stale."

        task "Look at the editor: 'show editor'."
        when typed show
        hint "'show editor' (or bare 'show' while editing)."
        answer "show editor"
        ok "g_kumar and winter: the default profile, not your hiker. That was the beta's bug:" \
            "the first edit after launch showed default values, and Done would have saved them" \
            "over the profile."

        task "Leave without saving: in the beta EditButton cancels, so type 'cancel' (or 'edit off')."
        expect mode inactive
        expect profile.username hiker
        hint "'cancel' leaves edit mode without committing."
        answer "cancel"
        ok "onDisappear reset draft = profile, so the next edit looks right: the bug bit once" \
            "per launch."

        task "Back to the release wiring, and tap Edit: 'env edition release', then 'edit on'."
        when env edition release
        expect mode active
        expect draft.username hiker
        hint "'env edition release' (only outside edit mode), then 'edit on'."
        answer "env edition release"
        answer "edit on"
        ok "The release editor's onAppear copies draft = profile every time it appears: the" \
            "fix. Whatever the draft held, editing starts from the committed profile."
        """#

    static let dynamicType = #"""
        lesson dynamic-type "Dynamic Type and the one-column threshold"
        say "Dynamic Type lets a reader choose a text size, the ContentSizeCategory; lprof calls" \
            "it sizeCategory. The summary lays its badges out three to a row. From" \
            "accessibilityMedium up there is room for one badge to a row, and long lines wrap" \
            "instead of being cut."

        task "See the badges at this size: 'show badges'."
        when typed show badges
        hint "'show badges' draws the Completed Badges row."
        answer "show badges"

        task "The largest ordinary size: 'env sizeCategory xxxl', then 'show badges'."
        when env sizeCategory extraExtraExtraLarge
        when typed show badges
        hint "Two commands: 'env sizeCategory xxxl', then 'show badges'."
        answer "env sizeCategory xxxl"
        answer "show badges"
        ok "Still three to a row: extraExtraExtraLarge is below the threshold."

        task "Cross the threshold: 'env sizeCategory ax1' (accessibilityMedium), then 'show badges'."
        when env sizeCategory accessibilityMedium
        when typed show badges
        hint "Two commands: 'env sizeCategory ax1', then 'show badges'."
        answer "env sizeCategory ax1"
        answer "show badges"
        ok "One to a row, and larger: the layout switches at sizeCategory >= .accessibilityMedium," \
            "as in the tutorial's Dynamic Type seed. Look at this text too. At accessibility" \
            "sizes the narration takes the whole width. Each sentence starts a line."

        task "Back to the default size: 'env sizeCategory large'."
        when env sizeCategory large
        hint "'env sizeCategory large', or the short form 'l'."
        answer "env sizeCategory large"
        """#
}
