import LprofLessonLanguage

/// The lessons `lprof learn` ships, as text parsed at first use, every sentence about SwiftUI
/// resting on the seeds' code and naming its edition (SPEC §2, §9).
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

    static let texts = [
        summary, draft, cancel, goalRange, trace, sheet, editions, lab, dynamicType,
        accessibility, quiz,
    ]

    // 002:314-317 and 000:747-750 (ProfileHost's if/else); 002:31-32 and 000:112 (the summary
    // takes a Profile value); 002:106-123 (badges written into the view, hikes[0]); 002:241,
    // 002:250, 002:268, 002:285, 002:292 (the editor's controls, bound to its profile, are
    // the only controls that write a field: the only way the user changes one).
    static let summary = #"""
        lesson summary "The summary: a view to read, not to edit"
        say "In the Landmarks tutorial the profile screen is ProfileHost. Its body holds an" \
            "if/else: while editMode is inactive it shows ProfileSummary, otherwise" \
            "ProfileEditor, never both. (Release edition: 'if editMode?.wrappedValue ==" \
            ".inactive'; the 2019 beta wrote 'if self.mode?.value == .inactive'.)"
        say "In both editions ProfileSummary takes the profile as a plain value (var profile:" \
            "Profile), not as a binding, and has no controls: it can show the profile, and has" \
            "no way to change it."
        say "lprof holds what ProfileHost holds: the committed profile, a draft, and the edit" \
            "mode. The prompt shows the mode: 'lprof>' means inactive. Type what each task" \
            "asks. 'hint' helps, 'skip' does the task for you, 'back' returns to where the" \
            "task began, 'lessons' lists the lessons, 'quit' leaves."

        task "Look at what ProfileHost shows now: 'show summary' (or just 'show')."
        hint if shown editor "'show editor' drew ProfileEditor. lprof draws it on request," \
            "but ProfileHost is not showing it now: while inactive it shows the summary." \
            "Type 'show summary'."
        hint "'show' draws a view; 'summary' names ProfileSummary."
        stuck if mode active "You are in edit mode, so ProfileHost shows the editor now, not" \
            "the summary. Leave without committing: 'cancel'. Then 'show summary'. Or 'back'."
        answer "show summary"
        ok "That is ProfileSummary, drawn from the committed profile: the username as a" \
            "title, notifications, the seasonal photo and the goal date. The badges and the" \
            "recent hike below them are not profile fields: the release tutorial writes the" \
            "three badge names into the view and takes the hike from its hike data."

        task "Try to change the season while inactive: 'set season autumn'. It should fail."
        hint "'set FIELD VALUE' writes the draft. Try it now, while the prompt says 'lprof>'."
        stuck if mode active "You are in edit mode now, where fields do change, so 'set'" \
            "would succeed. Leave with 'cancel' (nothing you set is kept), then 'set season" \
            "autumn'. Or 'back'."
        answer "set season autumn"
        ok "Refused, and nothing changed. Outside edit mode ProfileHost shows the summary, and" \
            "ProfileEditor, whose controls are the only way the user changes a field, is not" \
            "in the view tree at all (in both editions). Nothing is disabled: the editor is" \
            "simply absent. lprof answers with an error instead."

        task "Read the season the way a script would: 'get season'."
        hint if read mode "'get mode' printed the edit mode. The season is a field: 'get" \
            "season'."
        hint "'get FIELD' prints one value; a bare field reads what ProfileHost shows."
        stuck if mode active "You are in edit mode, so a bare field reads the draft, and this" \
            "task reads the way a script would outside edit mode. 'cancel' first (nothing is" \
            "committed), then 'get season'. Or 'back'."
        answer "get season"
        ok "That is the committed season, the one the summary shows: while inactive, a bare" \
            "field reads the profile. 'get' prints only the value, for scripts; 'get --json'" \
            "prints the whole profile."
        """#

    // 000:360 and 002:186, 002:213 (EditButton and the environment's editMode); 002:317
    // (the editor's binding to the draft); 000:392 (why a copy); 002:208, 002:318-323
    // (@State draft, onAppear, onDisappear).
    static let draft = #"""
        lesson draft "Edit mode and the draft"
        say "In both editions, tapping Edit (EditButton) turns the environment's editMode to" \
            "active. ProfileHost's if/else then takes ProfileSummary out and puts" \
            "ProfileEditor in. The editor edits draftProfile through a binding, never the" \
            "profile: the tutorial explains that the editing view works on its own copy so" \
            "that the app's state does not change before the edit is confirmed, for example" \
            "while the user is still typing a name."
        say "This lesson uses the release edition. There, the draft is ProfileHost's @State," \
            "and the editor's onAppear first copies the committed profile into it:" \
            "draftProfile = modelData.profile."

        task "Tap Edit: 'edit on'. Watch the prompt."
        hint if failed done while-inactive "'done' finishes editing, and editing has not" \
            "begun. 'edit on' taps EditButton to begin."
        hint if failed set while-inactive "Fields change only in edit mode. 'edit on' first."
        hint "'edit on' taps EditButton; 'edit off' does nothing while you are not editing."
        answer "edit on"
        ok "The prompt reads 'lprof edit>': ProfileHost now shows ProfileEditor. In the" \
            "release, the editor's onAppear has copied the profile into the draft."

        task "Change the draft's season: 'set season autumn'."
        hint if mode active and not draft.season autumn "The draft's season is not autumn" \
            "yet: 'set season autumn'."
        stuck if mode inactive "You left edit mode, and the editor with it. 'edit on', then" \
            "'set season autumn'. Or 'back'."
        answer "set season autumn"
        ok "The prompt reads 'lprof edit*>': the '*' says the draft differs from the" \
            "committed profile, so committing now would change it (lprof's prompt, not the" \
            "tutorial's). Only the draft changed."

        task "Look at the committed profile while you edit: 'show summary'."
        hint if shown editor "Bare 'show' draws what ProfileHost shows now, the editor, with" \
            "the draft's values. Name the summary: 'show summary'."
        hint "'show summary' draws ProfileSummary even while you edit."
        stuck if mode inactive "You are not editing any more, so there is no draft to" \
            "compare. 'edit on', 'set season autumn', then 'show summary'. Or 'back'."
        stuck if mode active and pending no "The draft equals the profile again, so the" \
            "summary would look the same either way. Change a field ('set season autumn')," \
            "then 'show summary'."
        answer "show summary"
        ok "The summary still shows the committed profile, not the draft's change. ProfileHost" \
            "is not showing the summary now (the editor took its place); lprof draws it on" \
            "request. 'show diff' lists what committing would change."

        task "Finish editing with EditButton: 'done'."
        stuck if sheet dismissed "You closed the sheet. In the release that commits too (the" \
            "editor's onDisappear ran), as the sheet lesson shows; this task is about" \
            "EditButton. 'back' returns to where this task began; then 'done'."
        stuck if mode inactive "You left edit mode with no change committed: the draft" \
            "equalled the profile, or Cancel ('cancel') reset it first. 'edit on', 'set season" \
            "autumn', then 'done'. Or 'back'."
        stuck if mode active and pending no "The draft equals the profile, so there is" \
            "nothing to commit. Change a field first ('set season autumn'), then 'done'."
        answer "done"
        ok "In the release, EditButton only ends edit mode. ProfileHost then removes" \
            "ProfileEditor, and the editor's onDisappear does the commit: modelData.profile =" \
            "draftProfile. 'show' draws the summary with the new value."
        """#
}
