extension BuiltInLessons {
    // 000:726-741 (the beta's ProfileHost: @State profile and draftProfile, the custom Done
    // that commits in its action); 000:674-675 (EditButton gave the Cancel); 000:750-753 and
    // 000:720-722 (onDisappear resets the draft, and why); 002:199-201, 002:318-320 (the
    // release's ModelData profile and onAppear copy).
    static let editions = #"""
        lesson editions "Two editions: the 2019 beta and the release"
        say "The 2019 beta edition of the tutorial wired ProfileHost differently. Both profile" \
            "and draftProfile were ProfileHost's own @State, each starting at" \
            "Profile.default. A custom Done button, shown only while editing, committed in its" \
            "own action (self.profile = self.draftProfile) and then set edit mode to inactive." \
            "EditButton, while editing, was the Cancel: it only ended edit mode."
        say "The beta's editor had no onAppear. Its onDisappear reset self.draftProfile =" \
            "self.profile, and the beta's text says why: otherwise the values chosen before a" \
            "Cancel would appear again the next time edit mode began."
        say "The lesson has turned trace on for you."
        trace on

        task "Switch lprof to the beta's wiring: 'env edition beta'."
        stuck if mode active "The edition changes only outside edit mode: 'cancel' first," \
            "then 'env edition beta'."
        answer "env edition beta"
        ok "lprof now follows the 2019 beta's ProfileHost."

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

        task "Close and reopen the sheet, then tap Edit: 'dismiss', 'present', 'edit on'."
        when traced "ProfileEditor has no onAppear (stale)"
        stuck if mode active and trace off "Trace is off. 'back' returns to where this task" \
            "began, with trace on."
        stuck if mode active "The draft is not stale: the onDisappear reset it when you last" \
            "left edit mode. 'back' returns to where this task began; then 'dismiss'," \
            "'present', 'edit on'."
        answer "dismiss"
        answer "present"
        answer "edit on"
        ok "Trace calls the draft stale. The new ProfileHost's @State started again, so the" \
            "draft is Profile.default, while lprof kept your committed profile."

        task "Look at what the editor shows: 'show'."
        hint if shown summary "The summary shows the profile; the editor shows the draft:" \
            "'show'."
        stuck if mode inactive "You left edit mode, and the editor with it. 'back' returns" \
            "to where this task began; then 'show'."
        answer "show"
        ok if draft.season winter and profile.season summer "The editor shows the defaults," \
            "not your summer."
        ok if not draft.season winter "The editor shows the draft, not your committed" \
            "profile."
        ok "Be clear whose situation this is. In the 2019 app the profile was @State too and" \
            "had also started again at Profile.default, so profile and draft matched; the" \
            "beta's weakness was that the commit itself did not outlive the sheet. The" \
            "mismatch here comes from lprof keeping the profile beyond the sheet. That is" \
            "exactly what the release did with ModelData, and why the release added the" \
            "onAppear copy."

        task "Leave without committing. In the beta that is EditButton: 'edit off' (or" \
            "'cancel')."
        stuck if event "Done button: profile = draft" "The beta's Done committed the stale" \
            "draft: the profile holds the defaults now. That is the hazard the release's" \
            "onAppear copy removes. 'back' returns to where this task began."
        stuck if sheet dismissed "You closed the sheet; nothing was committed. 'back' returns" \
            "to where this task began."
        answer "edit off"
        ok "Nothing committed. The editor's onDisappear reset the draft to the profile, so the" \
            "next edit in this presentation starts from summer."

        task "The same steps in the release: 'env edition release', 'dismiss', 'present'," \
            "'edit on'."
        when traced "ProfileEditor.onAppear: draft = profile (changed)"
        stuck if mode active and trace off "Trace is off. 'back' returns to where this task" \
            "began, with trace on."
        stuck if mode active and env edition beta "You are editing in the beta, and the" \
            "edition changes only outside edit mode. 'back' returns to where this task began."
        stuck if mode active and env edition release "The draft already equalled the" \
            "profile, so the copy changed nothing. 'back' returns to where this task began;" \
            "then all four steps."
        answer "env edition release"
        answer "dismiss"
        answer "present"
        answer "edit on"
        ok "In the release, the editor's onAppear copies modelData.profile into the new" \
            "presentation's draft, so editing starts from the committed profile every time."

        task "Leave edit mode: 'cancel'."
        stuck if sheet dismissed "You closed the sheet. 'back' returns to where this task" \
            "began."
        answer "cancel"
        ok "Back in the summary."
        """#
}
