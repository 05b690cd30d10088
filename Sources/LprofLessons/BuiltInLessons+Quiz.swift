extension BuiltInLessons {
    // 000:768-825: "Check Your Understanding", translated from the Korean; answers 2
    // (000:806-807), 2 (000:815-816), 3 (000:824-825). The options' code is lprof's own, not
    // 000:774-804: option 1 a flag of its own (000:775), option 2 the environment's editMode
    // (000:786, spelled as 002:206, 002:215 do), option 3 the text field's editing callback
    // (000:800, called as editing begins or ends). The seed explains only the right answers;
    // each "not this one" reads only its option (000:360 EditButton; 002:285-287 .tag;
    // 002:158-161 .sheet; 000:76 NavigationButton). Question 3 is new (000:818-825) and names
    // PresentationButton's sheet, NavigationButton (000:76, 000:82) and .sheet (002:158-161);
    // its options use Apple's English, not the Korean 포함 ("contains", 000:821-822): the
    // destination covers the source and replaces the navigation stack. Hints point at the
    // lessons, never at a number.
    static let quiz = #"""
        lesson quiz "Check your understanding: the tutorial's quiz"
        say "The 2019 beta edition of the tutorial ends with three questions, 'Check Your" \
            "Understanding'. They are translated here from a Korean copy of that edition" \
            "(the last one's options in Apple's English words, as it says there). The" \
            "code under the first question's options is lprof's own, cut down to what each" \
            "variant reads. Type the number of your answer."

        question "How do you update a view when the editing state changes, for example when" \
            "the user taps Done while editing the profile?"
        option "A view with its own @State flag, isEditing:"
        code '@State private var isEditing = false'
        code '@State private var name = ""'
        code 'TextField("Name", text: $name)'
        code "    .disabled(!isEditing)   // this view's own flag"
        option "A view that reads editMode from the environment:"
        code '@Environment(\.editMode) private var editMode'
        code '@State private var name = ""'
        code 'TextField("Name", text: $name)'
        code '    .disabled(editMode?.wrappedValue == .inactive)   // EditButton sets it'
        option "A view that reacts to its text field's editing:"
        code '@State private var isEditing = false'
        code '@State private var name = ""'
        code 'TextField("Name", text: $name, onEditingChanged: { isEditing = $0 })'
        code "    .disabled(!isEditing)   // the field's own editing, begun or ended"
        hint "EditButton changes one thing: the editMode in the environment. Which view" \
            "reads that?"
        right 2
        why 2 "Right. This view reads editMode from the environment, where EditButton sets it." \
            "The tutorial's explanation: keeping edit mode in the environment makes it simple" \
            "to update many views when the user enters and leaves edit mode. ProfileHost reads" \
            "editMode the same way. Mind the difference, though: this quiz view stays on" \
            "screen and is disabled while inactive, whereas ProfileHost takes ProfileEditor" \
            "out of the view tree."
        why 1 "Not this one. isEditing is this view's own @State, and nothing sets it:" \
            "EditButton changes the environment's editMode, not this flag. Tapping Done would" \
            "leave the field as it was."
        why 3 "Not this one. Nothing in this code reads edit mode at all: it follows the text" \
            "field's own editing, which begins or ends with the field itself, and that is not" \
            "the same thing as edit mode."
        answer 2

        question "When do you add an accessibility label with the accessibility(label:)" \
            "modifier?"
        option "Always add an accessibility label to every view in your app."
        option "Add an accessibility label whenever you want to make the meaning of a" \
            "user-interface element clear to many users."
        option "Use the accessibility(label:) modifier only when you haven't added a tag" \
            "modifier to the view."
        hint "The accessibility lesson found where labels are needed by listening with" \
            "VoiceOver: a badge that is only a drawing, a button that is only an icon."
        right 2
        why 2 "Right. The tutorial's advice: test your app with VoiceOver turned on, then add" \
            "accessibility labels to your views as needed, as HikeBadge does for a badge that" \
            "is only a drawing ('Badge for First Hike.')."
        why 1 "Not this one. Labels go where they are needed, which testing with VoiceOver" \
            "shows you; text that already says what it means is read as it is."
        why 3 "Not this one. A tag has another job: in the release's season picker," \
            ".tag(season) marks which season each segment selects. Tags have nothing to do" \
            "with what VoiceOver says."
        answer 2

        say "The last question goes beyond the lessons. They showed one modal presentation," \
            "CategoryHome's sheet with ProfileHost in it. The beta's CategoryHome also had a" \
            "non-modal one, a NavigationButton to the landmark list. No lesson compared the" \
            "two, so read the options closely. Their words follow Apple's English text of" \
            "the quiz, where the destination view covers the source view (the Korean copy" \
            "says it contains it)."

        question "What is the difference between modal and non-modal view presentation?"
        option "When you present a view modally, the source view sets the destination view's" \
            "edit mode."
        option "When you present a view non-modally, the destination view covers the source" \
            "view and replaces the current navigation stack."
        option "When you present a view modally, the destination view covers the source" \
            "view and replaces the current navigation stack."
        hint "The sheet lesson presented ProfileHost modally (the beta's write-up calls the" \
            "profile button's presentation modal): it came over CategoryHome until it was" \
            "dismissed. Which kind of presentation does each option describe?"
        right 3
        why 3 "Right. The tutorial's advice: present a view modally when you want to break" \
            "out of the app's normal flow. The profile is presented that way: CategoryHome" \
            "presents ProfileHost as a sheet."
        why 1 "Not this one. Presenting does not set an edit mode: the release's .sheet builds" \
            "ProfileHost() and hands it ModelData (.environmentObject(modelData)); edit mode is" \
            "set inside ProfileHost, by its EditButton."
        why 2 "Not this one. A non-modal presentation, such as the beta's NavigationButton" \
            "to the landmark list, moves within the app's navigation instead of breaking" \
            "out of its normal flow."
        answer 3

        say "That was the tutorial's quiz: 2, 2 and 3."
        """#
}
