extension BuiltInLessons {
    // 002:304-312 (the top row: Cancel, Spacer, EditButton; Cancel's two statements);
    // 002:321-323 (onDisappear commits, whatever made the editor leave).
    static let cancel = #"""
        lesson cancel "Cancel, and why it resets the draft"
        say "In the release edition, ProfileHost's top row holds a Cancel button at the leading" \
            "end, shown only while editMode is active, then a Spacer, then EditButton." \
            "Cancel's action is two statements: first 'draftProfile = modelData.profile'," \
            "then 'editMode?.animation().wrappedValue = .inactive'."

        task "Start editing and rename the user: 'edit on', then 'set username hiker'."
        hint if mode inactive "'edit on' first: fields change only while the editor is there."
        stuck if profile.username hiker "The profile holds hiker now: in the release" \
            "EditButton ('done') commits, and so does closing the sheet while editing. 'back'" \
            "returns to where this task began; then 'edit on', 'set username hiker'."
        answer "edit on"
        answer "set username hiker"
        ok "The draft holds hiker; the committed profile still holds g_kumar."

        task "Turn tracing on, to watch what Cancel does: 'trace on'."
        stuck if profile.username hiker "You committed hiker. 'back' returns to where this" \
            "task began; then 'trace on'."
        stuck if mode inactive "You left edit mode. 'edit on', 'set username hiker', then" \
            "'trace on'. Or 'back'."
        answer "trace on"
        ok "Trace is on: each event prints on its own line, starting with '~'."

        task "Now tap Cancel: 'cancel'."
        when traced "Cancel button: draft = profile (changed)"
        hint "'cancel' taps the Cancel button, which shows only while editing."
        stuck if sheet dismissed "You closed the sheet, which in the release commits the edit" \
            "through the editor's onDisappear. 'back' returns to where this task began."
        stuck if profile.username hiker "That was EditButton ('done'): ProfileEditor's" \
            "onDisappear committed hiker. 'back' returns to where this task began; then" \
            "'cancel'."
        stuck if mode inactive "Edit mode is over, but trace showed no Cancel that dropped a" \
            "change. 'back' returns to where this task began, with trace on and hiker in the" \
            "draft; then 'cancel'."
        stuck if mode active and pending no "The draft equals the profile, so Cancel would" \
            "have nothing to reset. 'set username hiker', then 'cancel'."
        answer "cancel"
        ok "Read the trace from the top. Cancel's first statement reset the draft (draft =" \
            "profile). Then edit mode became inactive, ProfileHost removed ProfileEditor, and" \
            "the editor's onDisappear ran profile = draft anyway, writing back the value the" \
            "profile already had. The profile keeps g_kumar."

        say "That is why Cancel resets the draft first. In the release, ProfileEditor's" \
            "onDisappear copies the draft into modelData.profile whenever the editor leaves the" \
            "view tree, whatever made it leave. Without Cancel's first statement, Cancel would" \
            "commit your edits exactly as EditButton does."

        task "Check the committed name: 'get username'."
        hint if read draft.username "That read the draft. Now that you are not editing, a" \
            "bare 'get username' reads the profile."
        stuck if mode active "You are editing again, so a bare field reads the draft. 'cancel'" \
            "first (nothing is committed), then 'get username'. Or 'back'."
        answer "get username"
        ok "g_kumar: nothing you typed while editing was committed."
        """#

    // 002:274-278 and 002:292 (dateRange: a year either side of the editor's goal, which is
    // the draft's, 002:317); 000:646-651 (the beta's minimumDate/maximumDate).
    static let goalRange = #"""
        lesson goal-range "The DatePicker's sliding one-year range"
        say "The editor's DatePicker accepts dates in dateRange: from one year before the goal" \
            "date to one year after it, both ends included (min...max). That goal date is the" \
            "editor's profile, which is the draft. So every change to the goal recomputes the" \
            "range around the new goal: the range slides. (The release passes 'in: dateRange';" \
            "the 2019 beta passed the same two dates as minimumDate and maximumDate.) Today, in" \
            "every lesson, is November 30, 2026."

        task "Open the editor and look at the Goal Date row: 'edit on', then 'show' (or" \
            "'show editor')."
        hint if mode inactive "'edit on' first, then 'show'."
        hint if shown summary "That is the summary; the DatePicker is in the editor: 'show'."
        answer "edit on"
        answer "show editor"
        ok "The Allowed row is the DatePicker's range: November 30, 2025 to November 30," \
            "2027, a year either side of the draft's goal. It is computed from the draft, so" \
            "it will move as soon as the goal does."

        task "Move the goal to the far end of the range: 'set goal +1y'."
        hint if failed set out-of-range "That goal is outside the range the error printed;" \
            "+1y lands exactly on its end."
        stuck if mode inactive "You left edit mode. 'edit on', then 'set goal +1y'. Or 'back'."
        stuck if not draft.goal 2026-11-30 and not draft.goal 2027-11-30 "The goal has moved" \
            "from today, so +1y would not land on the range's end. 'set goal today', then" \
            "'set goal +1y'. Or 'back'."
        answer "set goal +1y"
        ok "Allowed: the range includes its end. The range is now recomputed around the new" \
            "goal: it runs from November 30, 2026 to November 30, 2028."

        task "Once more: 'set goal +1y'."
        stuck if mode inactive "You left edit mode. 'back' returns to where this task began."
        stuck if not draft.goal 2027-11-30 and not draft.goal 2028-11-30 "The goal should be" \
            "2027-11-30 before this step. 'back', then 'set goal +1y'."
        answer "set goal +1y"
        ok "2028-11-30: allowed only because the range slid with the last step."

        task "Try to jump back to today in one step: 'set goal today'."
        stuck if mode inactive "You left edit mode. 'back' returns to where this task began."
        stuck if not draft.goal 2028-11-30 "The goal moved, so today may be in range now." \
            "'set goal 2028-11-30' (or 'back'), then 'set goal today'."
        answer "set goal today"
        ok "Refused: today is two years before the goal, outside the range the error printed." \
            "A DatePicker limited to dateRange would not offer that date; lprof, with no wheel" \
            "to turn, answers with an error."

        task "Come back a year at a time: 'set goal -1y', then 'set goal today'."
        hint if failed set out-of-range "A step must land within a year of the current goal:" \
            "-1y."
        stuck if mode inactive "You left edit mode. 'back' returns to where this task began."
        answer "set goal -1y"
        answer "set goal today"
        ok "Each step stayed within a year of the goal before it: that is how a sliding range" \
            "is crossed."

        task "Set one more goal, 'set goal +6m', then leave without committing: 'cancel'."
        stuck if not profile.goal 2026-11-30 "The new goal is committed: in the release" \
            "EditButton ('done' or 'edit off') commits, and so does closing the sheet while" \
            "editing. 'back' returns to where this task began."
        stuck if mode inactive "You left edit mode with nothing to drop. 'edit on', 'set goal" \
            "+6m', then 'cancel'. Or 'back'."
        answer "set goal +6m"
        answer "cancel"
        ok "Cancel reset the draft to the committed profile and left edit mode: the profile" \
            "never saw 2027, 2028 or May 2027."
        """#
}
