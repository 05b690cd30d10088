extension BuiltInLessons {
    // 000:726-741 (the beta's ProfileHost: @State profile and draftProfile, Profile.default,
    // 000:728-729; Done commits in its action, 000:735-736); 000:674-675 (EditButton's Cancel);
    // 000:750-753, 000:720-722 (onDisappear resets the draft, and why); 000:750 (no onAppear);
    // 002:199-201, 002:207, 002:318-320 (the release's ModelData profile and onAppear copy).
    // A new sheet's ProfileHost starts its @State again: @State per view identity (SPEC §2).
    static let editions = #"""
        lesson editions "Two editions: the 2019 beta and the release"
        stored season autumn
        say "The 2019 beta edition of the tutorial wired ProfileHost differently. Both profile" \
            "and draftProfile were ProfileHost's own @State, each starting at" \
            "Profile.default. A custom Done button, shown only while editing, committed in its" \
            "own action (self.profile = self.draftProfile) and then set edit mode to inactive." \
            "EditButton, while editing, was the Cancel: it only ended edit mode."
        say "The beta's editor had no onAppear. Its onDisappear reset self.draftProfile =" \
            "self.profile, and the beta's text says why: otherwise the values chosen before a" \
            "Cancel would appear again the next time edit mode began."
        say "This lesson starts in the release with autumn committed: lprof's store (in" \
            "memory, for the lesson) holds it, as if you had committed it earlier. The" \
            "lesson has turned trace on for you."
        trace on

        task "Switch lprof to the beta's wiring: 'env edition beta'."
        stuck if mode active "The edition changes only outside edit mode: 'cancel' first," \
            "then 'env edition beta'."
        answer "env edition beta"
        ok "lprof now follows the 2019 beta's ProfileHost."
        ok if traced "edition = beta" "Trace said that the store is not used."
        ok "In the beta the profile is ProfileHost's @State, so it has started again at" \
            "Profile.default (winter, not your autumn), and lprof's store has no part in it."

        task "Edit and commit with the beta's Done: 'edit on', 'set season summer', 'done'."
        when traced "Done button: profile = draft (changed)"
        stuck if mode inactive and event "ProfileEditor.onDisappear: draft = profile" and \
            not event "Done button: profile = draft" "In the beta, EditButton ('edit off' or" \
            "'cancel') is the Cancel: nothing was committed. 'edit on', 'set season summer'," \
            "then 'done'. Or 'back'."
        stuck if mode inactive and event "Done button: profile = draft" "The beta's Done" \
            "committed, but trace did not show it or the season is not summer. 'back'" \
            "returns to where this task began."
        answer "edit on"
        answer "set season summer"
        answer "done"
        ok "Note the order in the trace. The beta's Done commits first, in its action, and" \
            "only then ends edit mode. The editor's onDisappear then resets the draft to the" \
            "profile, which by now equals it (the same value)."

        task "Close and reopen the sheet, then read the season: 'dismiss', 'present'," \
            "'get season'."
        hint if sheet dismissed "'present' opens the sheet again; then 'get season'."
        answer "dismiss"
        answer "present"
        answer "get season"
        ok "Winter: your summer is gone. In the beta the profile was ProfileHost's own @State," \
            "and a new sheet builds a new ProfileHost whose @State starts again at" \
            "Profile.default, profile and draft alike."
        ok if traced "sheet presented" "Trace said so at 'present'."
        ok "The beta's Done committed, but only into that sheet's ProfileHost, and the next" \
            "sheet's ProfileHost did not have it. That is why lprof's store is not used in" \
            "the beta: there is nothing there that outlives the sheet."

        task "Edit, then leave without committing. In the beta that is EditButton:" \
            "'edit on', 'set season autumn', 'edit off' (or 'cancel')."
        stuck if event "Done button: profile = draft" "The beta's Done committed your" \
            "autumn. 'back' returns to where this task began."
        stuck if sheet dismissed "You closed the sheet. 'back' returns to where this task" \
            "began."
        answer "edit on"
        answer "set season autumn"
        answer "edit off"
        ok "Nothing committed. The beta's editor had no onAppear: it showed the draft as it" \
            "was, which equalled the profile because both had just started at" \
            "Profile.default. Its onDisappear reset the draft to the profile, so the" \
            "autumn you chose will not reappear at the next edit."

        task "Now the release: 'env edition release', 'dismiss', 'present', 'edit on'."
        when traced "ProfileEditor.onAppear: draft = profile (changed)"
        stuck if mode active and trace off "Trace is off. 'back' returns to where this task" \
            "began, with trace on."
        stuck if mode active and env edition beta "You are editing in the beta, and the" \
            "edition changes only outside edit mode. 'back' returns to where this task began."
        stuck if mode active "The sheet was not opened again before 'edit on'. 'back'" \
            "returns to where this task began; then all four steps."
        answer "env edition release"
        answer "dismiss"
        answer "present"
        answer "edit on"
        ok "In the release the profile is ModelData's: it outlives the sheet, and lprof's" \
            "store keeps it (switching back read your autumn from there). The new" \
            "presentation's draftProfile still starts at Profile.default, winter, so the" \
            "editor's onAppear copies modelData.profile into it (trace marks the copy as a" \
            "change), and editing starts from the committed autumn."

        task "Leave edit mode: 'cancel'."
        stuck if sheet dismissed "You closed the sheet. 'back' returns to where this task" \
            "began."
        answer "cancel"
        ok "Back in the summary."
        """#
}
