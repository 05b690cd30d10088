extension BuiltInLessons {
    // 002:318-323 (onAppear, onDisappear); 002:306-308 (Cancel's copy); 002:31-44
    // (ProfileSummary has no onAppear or onDisappear); 002:199 (the profile is a property
    // of ModelData: no code writes a file).
    static let trace = #"""
        lesson trace "Trace: what happens, in order"
        say "Views come and go as ProfileHost's if/else follows editMode, and the release" \
            "edition hangs two of its copies on that: ProfileEditor's onAppear (draftProfile =" \
            "modelData.profile) and its onDisappear (modelData.profile = draftProfile). A third" \
            "copy sits in a button's action: Cancel's. 'trace' prints each event as lprof" \
            "performs it, one line each, after '~'."

        task "Turn tracing on: 'trace on'."
        answer "trace on"
        ok "Trace is on."

        task "Tap Edit and read the trace: 'edit on'."
        when traced "ProfileEditor.onAppear: draft = profile"
        stuck if mode active and trace off "Trace was off, so nothing printed. 'back' returns" \
            "to where this task began, with trace on; then 'edit on'."
        stuck if mode active and not traced "ProfileEditor.onAppear: draft = profile" "You are" \
            "editing, but trace showed no onAppear. 'back', then 'edit on', and read the trace."
        hint if shown editor "'show editor' only draws the editor. Tapping Edit is 'edit on'."
        answer "edit on"
        ok "Four lines. editMode went from inactive to active; ProfileSummary left and" \
            "ProfileEditor came; then the editor's onAppear copied the profile into the" \
            "draft. Trace marks that copy as the same value: the draft already equalled the" \
            "profile, so it changed nothing this time."

        task "Change a field and watch the draft move: 'set notifications off'."
        when traced "draft.notifications = off"
        stuck if mode inactive "You left edit mode. 'edit on', then 'set notifications off'." \
            "Or 'back'."
        stuck if trace off "Trace is off. 'trace on', then 'set notifications off' again."
        answer "set notifications off"
        ok "One line: only the draft changed; no copy ran."

        task "Finish with EditButton and read the trace: 'done'."
        when traced "ProfileEditor.onDisappear: profile = draft (changed)"
        stuck if sheet dismissed "You closed the sheet (in the release that commits too; the" \
            "sheet lesson is about that). 'back' returns to where this task began."
        stuck if event "Cancel button: draft = profile" "That was Cancel: its trace starts with" \
            "'Cancel button: draft = profile', and onDisappear then wrote back an unchanged" \
            "value. 'edit on', 'set notifications off', 'done'. Or 'back'."
        stuck if mode inactive "Trace showed no commit. 'back' returns to where this task" \
            "began, with trace on; then 'done'."
        answer "done"
        ok "editMode went from active to inactive, ProfileEditor left the tree, and its" \
            "onDisappear committed: profile = draft. ProfileSummary came back. The last line," \
            "about the store, is lprof's own: lprof keeps your profile in a file between" \
            "sessions (lessons keep it in memory). The tutorial's code writes no file; its" \
            "profile is a property of ModelData."
        say "A word on the order of these lines, said once. The tutorial's code fixes the" \
            "order of each button's statements and of the copies. Where ProfileSummary's" \
            "lines fall next to the editor's, and the editor's next to the sheet's, the" \
            "renderer decides while it draws: that order is lprof's, and ProfileSummary," \
            "which has no onAppear or onDisappear, cannot see it."
        say "What follows is lprof's reading of SwiftUI's documentation, not the" \
            "tutorial's. SwiftUI says an onDisappear action runs after its view has" \
            "disappeared from the interface. So after the release's Done, under an" \
            "animated change, the summary may already be on screen, still showing the old" \
            "profile, for a moment before the editor's onDisappear commits and the summary" \
            "shows the new one."
        say "'trace off' stops it; 'lprof --trace' starts lprof with it on."
        """#

    // 002:131, 002:152-161 (showingProfile, the profile button, .sheet); 000:46, 000:82 (the
    // beta's PresentationButton); 002:208 (@State draft, new with each ProfileHost); 002:199-201
    // (ModelData's profile outlives the sheet); 002:318-323; 000:728-729, 000:750-753 (the
    // beta's @State profile, its reset). That dismissing runs the editor's onDisappear is
    // SwiftUI's behaviour for a view leaving the screen (SPEC §2), not a seed line.
    static let sheet = #"""
        lesson sheet "The sheet: closing it mid-edit, and why ModelData"
        say "ProfileHost is not the whole app. In the release edition, CategoryHome (the list" \
            "of landmarks) has a profile button in its toolbar. Tapping it sets" \
            "showingProfile, and .sheet(isPresented: $showingProfile) presents a new" \
            "ProfileHost() over the list as a modal sheet. (The 2019 beta did the same with a" \
            "PresentationButton.) Closing the sheet takes ProfileHost, and everything in it," \
            "off the screen."
        say "lprof starts with the sheet presented. 'dismiss' closes it; 'present' taps the" \
            "profile button again. The lesson has turned trace on for you."
        trace on

        task "Close the sheet: 'dismiss'."
        hint if failed cancel while-inactive "'cancel' is the Cancel button inside" \
            "ProfileHost, shown only while editing. The sheet itself closes with 'dismiss'."
        hint if failed done while-inactive "'done' is EditButton inside ProfileHost. The" \
            "sheet closes with 'dismiss'."
        hint "'dismiss' closes the sheet; 'quit' would leave the lessons instead."
        stuck if sheet dismissed and event "ProfileEditor disappears" by dismiss "You closed" \
            "the sheet while editing: the editor, not the summary, left with it, and its" \
            "onDisappear ran. This task closes it from the summary. 'back' returns to where" \
            "this task began; then 'dismiss'."
        answer "dismiss"
        ok "The sheet is gone, and ProfileHost with it; the prompt says '(dismissed)'. 'show'" \
            "now draws CategoryHome with its profile button. The profile is still there: it" \
            "belongs to ModelData, which lives outside the sheet."

        task "Open it again: 'present'."
        hint if failed edit while-dismissed "EditButton is inside ProfileHost, which is not" \
            "on screen. 'present' first."
        answer "present"
        ok "A new ProfileHost: the button's sheet builds ProfileHost() again, so its @State" \
            "starts again and draftProfile is Profile.default. lprof begins each presentation" \
            "in the summary (editMode inactive). modelData.profile was not touched."

        task "Edit, then close the sheet in the middle of it: 'edit on', 'set season" \
            "autumn', 'dismiss'."
        when traced "ProfileEditor.onDisappear: profile = draft (changed)" by dismiss
        stuck if sheet dismissed and \
            event "ProfileEditor.onDisappear: profile = draft (changed)" by dismiss \
            "It happened, but trace was off, so nothing printed. 'back' returns to where this" \
            "task began, with trace on; do it again from there."
        stuck if sheet dismissed "The sheet closed while no change was being edited, so" \
            "there is nothing to see. 'back' returns to where this task began; then 'edit" \
            "on', 'set season autumn', and 'dismiss' while the prompt says 'lprof edit*>'."
        answer "edit on"
        answer "set season autumn"
        answer "dismiss"
        ok "The sheet closed in the middle of an edit, and the edit was committed. Removing" \
            "ProfileHost removed ProfileEditor, and its onDisappear ran modelData.profile =" \
            "draftProfile, the same line that commits after EditButton. That a view's" \
            "onDisappear runs when its sheet is swiped down is SwiftUI's behaviour, as lprof" \
            "reads it, not a line of the tutorial. Nothing in the tutorial's code tells a" \
            "closed sheet from a finished edit, so in the release closing the sheet keeps" \
            "the edit. lprof's store saved it too."
        say "Quitting lprof is not closing the sheet. Outside the lessons, 'quit' in the" \
            "middle of an edit warns, and a second 'quit' drops lprof's draft; the tutorial's" \
            "code says nothing about leaving the app. 'dismiss' is the way out that behaves" \
            "like the app's sheet."

        task "Open the sheet and look: 'present', then 'show'."
        hint if sheet dismissed "'present' first; 'show' then draws what ProfileHost shows."
        hint if shown editor "'show' alone draws what ProfileHost shows: the summary."
        answer "present"
        answer "show"
        ok "Your change survived the sheet: modelData.profile belongs to ModelData, which" \
            "CategoryHome hands to every new ProfileHost with .environmentObject(modelData)." \
            "That is what the release added ModelData's profile for: the screen keeps what it" \
            "showed even after it has been closed."

        task "Now see why the release needs onAppear: 'edit on', and read the trace."
        when traced "ProfileEditor.onAppear: draft = profile (changed)"
        stuck if trace off "Trace is off. 'back' returns to where this task began, with" \
            "trace on; then 'edit on'."
        stuck if mode active "You are editing, but trace showed no onAppear that changed the" \
            "draft. 'back' returns to where this task began; then 'edit on'."
        hint if shown editor "'show editor' only draws the draft. Tap Edit: 'edit on'."
        answer "edit on"
        ok "This time the onAppear copy changed the draft. The new ProfileHost's draftProfile" \
            "began as Profile.default, while modelData.profile kept your committed change." \
            "Without the copy, the editor would show the defaults, and EditButton would then" \
            "commit them over your profile. The release moved the profile into ModelData so" \
            "that it outlives the sheet, and kept draftProfile as ProfileHost's @State, new with" \
            "each presentation. So the editor has to fetch the profile every time it appears."

        task "Leave edit mode without committing: 'cancel'."
        stuck if event "ProfileEditor.onDisappear: profile = draft (changed)" "That committed" \
            "a change. 'back' returns to where this task began."
        stuck if sheet dismissed "You closed the sheet instead. 'back' returns to where this" \
            "task began; then 'cancel'."
        answer "cancel"
        ok "Back in the summary; the profile is as it was."

        say "The 2019 beta wired all this differently (the next lesson goes through it). Try" \
            "the same move there."

        task "In the beta, edit and close the sheet mid-edit: 'env edition beta', 'edit on'," \
            "'set season summer', 'dismiss'."
        when traced "ProfileEditor.onDisappear: draft = profile (changed)" by dismiss
        hint if failed env while-editing "The edition changes only outside edit mode:" \
            "'cancel' first."
        stuck if event "Done button: profile = draft" "You committed with the beta's Done" \
            "button before closing. 'back' returns to where this task began."
        stuck if sheet dismissed and env edition release and \
            event "ProfileEditor.onDisappear: profile = draft (changed)" "That was the" \
            "release's wiring: closing the sheet committed. 'back' returns to where this task" \
            "began; then 'env edition beta', 'edit on', 'set season summer', 'dismiss'."
        stuck if sheet dismissed "The sheet closed with nothing being edited. 'back' returns" \
            "to where this task began."
        answer "env edition beta"
        answer "edit on"
        answer "set season summer"
        answer "dismiss"
        ok "Dropped. In the beta the editor's onDisappear resets draftProfile = profile and" \
            "commits nothing; only the custom Done button's action commits. And even a" \
            "commit would not outlive the sheet: in the beta the profile is ProfileHost's own" \
            "@State, so the next presentation starts it again at Profile.default."
        ok if traced "edition = beta" "Trace said so when you switched: lprof's store is" \
            "not used in the beta."

        task "Open the sheet and go back to the release: 'present', then 'env edition release'."
        answer "present"
        answer "env edition release"
        ok "The release's wiring again: the profile is ModelData's once more, and lprof read" \
            "it back from its store."
        """#
}
