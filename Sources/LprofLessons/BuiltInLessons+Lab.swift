extension BuiltInLessons {
    // The release's ProfileHost, one piece at a time: Cancel's reset (002:306-307), the
    // editor's onAppear copy (002:318-320) and onDisappear commit (002:321-323), the @State
    // draft new with each ProfileHost (002:208), ModelData's profile (002:207). 002 gives no
    // motive for the modifiers (000:720-722 gives the beta's reset one): each removal is the
    // code without that line, run, and the lesson says what happened, not why it was written.
    static let lab = #"""
        lesson lab "The wiring lab: take a line out and see what breaks"
        say "Each line of the release's ProfileHost does something. lprof can take one out and" \
            "run the tutorial's code without it: 'env wiring PIECE VALUE' changes one piece" \
            "(only outside edit mode), 'env wiring' lists them, 'show code' draws the code as" \
            "wired, and 'env edition release' puts every piece back. While a piece is changed" \
            "the prompt says '(wired)', and trace marks, as lprof's, the first event each" \
            "changed piece makes different."
        say "This is lprof's experiment, not the tutorial's: the tutorial's code is the" \
            "release's own wiring. The lesson has turned trace on for you."
        trace on

        task "Look at the code as wired now: 'show code'."
        hint "'show code' draws ProfileHost's body and the editor's modifiers."
        answer "show code"
        ok "Each comment names a piece, its value and the line of the tutorial's write-up it" \
            "stands for. The three you will take out: the editor's .onAppear, its" \
            ".onDisappear, and the first line of Cancel's action."

        question "Predict first. Take out the editor's onAppear, commit a change, then close" \
            "and reopen the sheet and tap Edit. What does the editor show?"
        option "Your committed profile, as always."
        option "A new sheet's draft, Profile.default, not your committed change."
        option "Nothing: without onAppear the editor does not appear."
        right 2
        why 2 "Right; the next task runs it. The draft is ProfileHost's @State, which a new" \
            "sheet starts again at Profile.default; between the new sheet and the editor," \
            "only the onAppear copied the profile in."
        why 1 "Not so; the next task runs it. A new sheet's draft is Profile.default, and" \
            "between the new sheet and the editor nothing else copies the profile into it:" \
            "Cancel's first statement does, but only when Cancel is tapped."
        why 3 "Not so: .onAppear only adds code that runs when the editor appears; the editor" \
            "appears either way. The next task runs it."
        answer 2

        task "Commit a change, then take out the onAppear: 'edit on', 'set season autumn'," \
            "'done', 'env wiring onAppear none'."
        hint if failed env while-editing "The wiring changes only outside edit mode: 'done'" \
            "first."
        answer "edit on"
        answer "set season autumn"
        answer "done"
        answer "env wiring onAppear none"
        ok "Autumn is committed, and the prompt says the wiring is changed."

        task "Now close and reopen the sheet and tap Edit: 'dismiss', 'present', 'edit on'."
        when traced "ProfileEditor has no onAppear (stale)" by edit
        stuck if mode active and trace off "Trace is off. 'back' returns to where this task" \
            "began, with trace on."
        stuck if mode active "The editor did not meet a stale draft: was the onAppear" \
            "taken out ('env wiring')? 'back' returns to where this task began."
        answer "dismiss"
        answer "present"
        answer "edit on"
        ok "Trace marked the change as lprof's and then said the editor has no onAppear: it" \
            "shows the new sheet's draft, Profile.default, winter, while the profile holds" \
            "your autumn. The prompt's '*' says the draft differs, though you set nothing." \
            "'done' now would commit those defaults over your profile. With the onAppear in" \
            "place, the editor copies the profile into the draft first."

        task "Leave without committing and put the onAppear back: 'cancel', then" \
            "'env wiring onAppear copy'."
        stuck if mode inactive and not profile.season autumn "That committed the stale" \
            "draft. 'back' returns to where this task began."
        answer "cancel"
        answer "env wiring onAppear copy"
        ok "The release's Cancel reset the draft first, so nothing was lost."

        task "Take out the editor's onDisappear, then edit and tap Done: 'env wiring" \
            "onDisappear none', 'edit on', 'set season spring', 'done'."
        stuck if mode inactive and profile.season spring "Spring was committed: the" \
            "onDisappear is still there. 'back' returns to where this task began."
        answer "env wiring onDisappear none"
        answer "edit on"
        answer "set season spring"
        answer "done"
        ok "Edit mode ended and nothing was committed: the profile is still autumn, and the" \
            "draft still holds your spring. The release's Done is EditButton, which only" \
            "ends edit mode; the commit is the editor's onDisappear."

        task "Ask lprof how the profile's season got where it is: 'why profile.season'."
        answer "why profile.season"
        wrong "why draft.season"
        ok "One step a line, from the value's origin to now, each an event trace printed:" \
            "your autumn began in the draft, written through the Picker's binding, and the" \
            "editor's onDisappear committed it when that edit ended. Cancel's reset, after" \
            "the stale draft, wrote the profile's autumn back into the draft, and the" \
            "onDisappear after it wrote the profile the value it already held. When edit" \
            "mode ended just now, the editor disappeared, but its onDisappear was taken out," \
            "so nothing wrote the profile. 'why' explains any field, the mode, the sheet and" \
            "what is on screen."

        task "Put it back, then take out the first line of Cancel's action, and cancel an" \
            "edit: 'env wiring onDisappear commit', 'env wiring cancel-resets no', 'edit on'," \
            "'set season summer', 'cancel'."
        stuck if event "Cancel button: draft = profile" "Cancel reset the draft first, so" \
            "nothing was committed: its first line is still there ('env wiring'). 'back'" \
            "returns to where this task began."
        answer "env wiring onDisappear commit"
        answer "env wiring cancel-resets no"
        answer "edit on"
        answer "set season summer"
        answer "cancel"
        ok "Cancel committed your summer. Without its first line, Cancel only ends edit mode;" \
            "the editor disappears and its onDisappear commits the draft, exactly as after" \
            "Done. With the line, Cancel resets the draft first, so onDisappear writes back" \
            "the value the profile already has."

        task "Put every piece back: 'env edition release'."
        answer "env edition release"
        ok "The release's own wiring again. 'show code' draws it whenever you like."

        free "Now try what you like. Take out 'env wiring onDisappear reset' (the" \
            "beta's), or switch to the beta ('env edition beta') and take out its pieces:" \
            "'env wiring done-commits no', 'env wiring onAppear copy', 'env wiring profile" \
            "modeldata'. Edit, commit, cancel, dismiss and present, with 'show code' and" \
            "'show diff' to see what you have."
        """#
}
