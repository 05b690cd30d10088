extension BuiltInLessons {
    // 004:13, 004:282 (Dynamic Type, sizeCategory from the environment); 002:104-105 (the
    // release's badges: one row in a ScrollView(.horizontal)); 000:236-237 (the beta's: the
    // same row in a plain ScrollView, vertical by SwiftUI's default); 004:345-352, 004:383
    // (Dub-Dub-Grub's 1-or-3-column LazyVGrid and 100-or-64-point avatars); 004:127,
    // 004:224-225 (its description without a line limit, its ScrollView from
    // accessibilityMedium up).
    static let dynamicType = #"""
        lesson dynamic-type "Dynamic Type: the one-column rule (from Dub-Dub-Grub)"
        say "This lesson is not from the Landmarks tutorial. Dynamic Type lets a reader pick a" \
            "text size in Settings; a SwiftUI view reads it from the environment as" \
            "sizeCategory, a ContentSizeCategory. The Landmarks summary puts its badges in one" \
            "row: in the release a ScrollView(.horizontal) scrolls it sideways, while the" \
            "2019 beta put it in a plain ScrollView, vertical by SwiftUI's default. lprof" \
            "draws that row three badges across."
        say "For large sizes lprof borrows a rule from another app, described in an article" \
            "about Dub-Dub-Grub. That app lays out a grid with" \
            "'sizeCategory >= .accessibilityMedium ? 1 : 3' columns, and from the same size up" \
            "draws its avatars at 100 points instead of 64."

        task "See the badges at the default size, large: 'show badges'."
        hint if shown summary "The summary has the badges too, but this task wants them" \
            "alone: 'show badges'."
        stuck if not env sizeCategory large "The size is not large now. 'env sizeCategory" \
            "large', then 'show badges'."
        answer "show badges"
        ok "Three across."

        task "The largest size below the accessibility sizes: 'env sizeCategory xxxl', then" \
            "'show badges'."
        hint if env sizeCategory extraExtraExtraLarge "The size is set; now draw them: 'show" \
            "badges'."
        hint if shown badges with sizeCategory extraExtraLarge "That was extraExtraLarge" \
            "('xxl'). This task wants extraExtraExtraLarge: 'env sizeCategory xxxl'."
        answer "env sizeCategory xxxl"
        answer "show badges"
        ok "Still three across, though lprof draws them bigger: extraExtraExtraLarge comes" \
            "before accessibilityMedium in ContentSizeCategory's order (SwiftUI's order, as" \
            "lprof reads it; the article gives only the test), so '>= .accessibilityMedium'" \
            "is false."

        task "Cross the line: 'env sizeCategory ax1' (accessibilityMedium), then 'show badges'."
        hint if shown badges with sizeCategory accessibilityLarge "That is" \
            "accessibilityLarge, past the line. This task shows the line itself: 'env" \
            "sizeCategory ax1'."
        hint if env sizeCategory accessibilityMedium "The size is set; now draw them: 'show" \
            "badges'."
        answer "env sizeCategory ax1"
        answer "show badges"
        ok "One badge to a row, and larger: the Dub-Dub-Grub rule, true from" \
            "accessibilityMedium up. From here lprof also lays its views out for large type:" \
            "long lines wrap at word boundaries instead of being cut with '…'. That part is" \
            "lprof's own choice. The article removed its description's line limit altogether" \
            "and, from accessibilityMedium up, put the whole detail view in a ScrollView."

        task "Back to the default: 'env sizeCategory large'."
        answer "env sizeCategory large"
        ok "Back to large."
        """#

    // 000:176, 000:191-193, 002:73-75 (HikeBadge's label, "Badge for \(name)."); 000:83-85,
    // 002:154-155 (the profile button's "User Profile"); 003:112 (an icon-only button needs
    // a name for VoiceOver); 000:809-816 (quiz 2; its answer, 000:812, says "many users").
    // What VoiceOver says beyond the labels (traits, emoji names) is lprof's design (SPEC §5).
    static let accessibility = #"""
        lesson accessibility "Accessibility labels and VoiceOver"
        say "VoiceOver reads the screen aloud, one accessibility element at a time. Most text" \
            "is read as it is written. Where the meaning is not in the text, the tutorial" \
            "gives the view a label. A badge is only a drawing, so HikeBadge labels its" \
            "caption: the caption shows 'First Hike', and VoiceOver says 'Badge for First" \
            "Hike.' (The 2019 beta wrote .accessibility(label: Text(...)), the release" \
            ".accessibilityLabel(...).)"

        task "Hear the summary as VoiceOver would: 'show voiceover'."
        hint if shown summary "'show summary' draws what the eye sees; 'show voiceover'" \
            "lists what VoiceOver reads."
        stuck if mode active "You are editing, so VoiceOver would read the editor. 'cancel'" \
            "first (nothing is committed), then 'show voiceover'. Or 'back'."
        stuck if sheet dismissed "The sheet is closed, so VoiceOver reads the list behind" \
            "it, and a new sheet would not be the one this task began with. 'back' returns to" \
            "where this task began; then 'show voiceover'."
        answer "show voiceover"
        ok "Find the badges: VoiceOver does not say 'First Hike' but the label, 'Badge for" \
            "First Hike.', and likewise for Earth Day and Tenth Hike. On screen the caption" \
            "still reads 'First Hike'."

        task "Close the sheet and hear the list behind it: 'dismiss', then 'show voiceover'."
        hint if sheet dismissed "Now 'show voiceover'."
        hint if shown home "That is what the eye sees. 'show voiceover' lists what" \
            "VoiceOver reads."
        answer "dismiss"
        answer "show voiceover"
        ok "The profile button is only an image, a person in a circle (person.crop.circle)." \
            "The tutorial labels it 'User Profile' in both editions, and that is what VoiceOver" \
            "says for it. A Korean write-up of the release tutorial puts it plainly:" \
            "a button that is only an icon needs a name VoiceOver can say, one that is not" \
            "shown on screen."

        say "When to add a label is the tutorial's second quiz question. Its answer: whenever" \
            "a label makes an element's meaning clear to many users. The way to find" \
            "those places is to test the app with VoiceOver on, then add labels where they are" \
            "needed. Not every view needs one: text that already says what it means is read as" \
            "it is."

        task "Open the sheet again: 'present'."
        answer "present"
        ok "Back on the profile."
        """#
}
