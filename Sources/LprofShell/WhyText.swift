import LprofModel
import LprofStore
import LprofViews

/// What `why` prints: a value, then one line for each step that put it there, each naming
/// the code (its `show code` line and the write-up's) so that cause and effect can be read.
struct WhyText {
    /// The wiring now, for `show code`'s line numbers (a step's own wiring may differ).
    var wiring: Wiring
    /// The width `show code` is drawn at now.
    var width: Int
    /// Where a step's command was written: `'done' at 3:1`, or nil when no command is known.
    var place: (CommandPlace) -> String?

    /// The explanation of `trail`, with `value`, the field's value now, which every `set` on its
    /// trail wrote (a copy hands on the value with its trail).
    func lines(
        _ heading: String, _ trail: WhyTrail, field: ProfileField? = nil, value: FieldValue? = nil
    ) -> [String] {
        var out = [heading]
        for (index, step) in trail.steps.enumerated() {
            // Numbered as the steps happened, the dropped ones counted.
            let number = index == 0 ? 1 : index + 1 + trail.dropped
            out.append("  \(number). " + line(step, field, value: value))
            if index == 0 && trail.dropped > 0 {
                let steps = trail.dropped == 1 ? "step" : "steps"
                out.append(
                    "  … \(trail.dropped) \(steps) after the origin not kept: why keeps a value's origin and its last \(WhyTrail.limit) steps"
                )
            }
        }
        return out
    }

    /// One step: trace's line (or the session's start), what it meant, and its cause.
    func line(_ step: WhyStep, _ field: ProfileField?, value: FieldValue?) -> String {
        var parts: [String] = []
        switch step.source {
        case .event(let event):
            parts.append(TraceText.line(event))
            parts.append(meaning(event, step, field))
        case .set(let written):
            parts.append("~ draft.\(written.rawValue) = " + (value.map(\.quotedText) ?? "…"))
            parts.append(setMeaning(written, step.wiring))
        case .store(let text):
            parts.append("~ lprof store: " + text)
            parts.append(storeMeaning(step))
        case .start(let origin):
            parts.append("the session's start")
            parts.append(startMeaning(step, origin))
        }
        if let cause = place(step.place) { parts.append(cause) }
        return parts.joined(separator: " — ")
    }

    // MARK: - Events

    private func meaning(_ event: LifecycleEvent, _ step: WhyStep, _ field: ProfileField?)
        -> String
    {
        let w = step.wiring
        let beta = w.buttons == .beta
        switch (event, step.meaning) {
        case (.copied(let target, _, let trigger, _), .wrote(let same)):
            let name = "\(target.rawValue).\(field?.rawValue ?? "")"
            let wrote = same ? "it wrote \(name) with the value it had already" : "it wrote \(name)"
            return wrote + ": " + copyCode(trigger, step)
        case (.reset, _):
            return
                "lprof's own 'reset', not the tutorial's: the default profile, Profile.default (002:17)"
        case (.profileMoved, _):
            return
                "lprof's wiring lab moved the profile into ProfileHost's @State (\(code(.profileStorage, w, "@State var profile = Profile.default")); 000:728), which starts at Profile.default"
        case (.sheetPresented(let restarts), _):
            if field == nil {
                return
                    "tapping CategoryHome's profile button built a new ProfileHost (\(beta ? "PresentationButton(destination: ProfileHost()), 000:82" : "showingProfile.toggle() and .sheet(isPresented: $showingProfile), 002:153 and 002:158")), which starts inactive (lprof's reading; the tutorial does not say)"
            }
            let state =
                restarts ? "@State profile and draftProfile start" : "@State draftProfile starts"
            return
                "a new ProfileHost, whose \(state) at Profile.default (\(code(.draftStorage, w, "@State private var draftProfile = Profile.default")); \(beta ? "000:728-729" : "002:208"))"
        case (.sheetDismissed, _):
            return
                "swiping the sheet down removed ProfileHost and everything in it (\(beta ? "the PresentationButton's destination, 000:82" : ".sheet(isPresented: $showingProfile), 002:158"))"
        case (.editorShowsDraftWithoutCopy, _):
            let which =
                Wiring.preset(w.buttons).onAppear == .none
                ? "the beta's editor has no onAppear (000:750-753)"
                : "onAppear none (lprof's wiring lab; the release copies the profile in here, .onAppear, 002:318-320)"
            return which + ": nothing copied the profile into the draft, so it kept this value"
        case (.disappeared(.editor), .notWritten(.onDisappear(let wired))):
            let own =
                beta
                ? "the beta's own resets draftProfile = profile, 000:751-753"
                : "the release's own commits modelData.profile = draftProfile, 002:321-323"
            let slot = beta ? "draft" : "profile"
            return
                "ProfileEditor's onDisappear is \(wired.rawValue) here (lprof's wiring lab; \(own)): nothing wrote \(slot).\(field?.rawValue ?? "")"
        case (.editModeChanged, .notWritten(.buttonWithoutCopy(let trigger))):
            if trigger == .cancelButton {
                return
                    "Cancel only ended edit mode: cancel-resets no (lprof's wiring lab; the release's Cancel first resets draftProfile = modelData.profile, 002:307), so nothing reset the draft"
            }
            return
                "the custom Done only ended edit mode: done-commits no (lprof's wiring lab; the beta's Done first commits profile = draftProfile, 000:736), so nothing wrote the profile"
        case (.editModeChanged(_, let to), _):
            return modeCode(to: to, step)
        case (.editModeLeftWithSheet, _):
            return
                "the sheet was dismissed while editing; the next ProfileHost starts inactive (lprof's reading; the tutorial does not say)"
        case (.appeared(let view), _):
            let state = view == .summary ? "inactive" : "active"
            let branch: CodeView.Statement = view == .summary ? .summaryBranch : .editor
            return
                "ProfileHost's body shows \(view.rawValue) while editMode is \(state) (\(code(branch, w, "if editMode?.wrappedValue == .inactive")); \(beta ? "000:747-750" : "002:314-317"))"
        default:
            return "it wrote \(field.map { "the \($0.rawValue)" } ?? "the value")"
        }
    }

    /// The editor's control that a `set` of `field` stands for, and its binding.
    private func setMeaning(_ field: ProfileField, _ w: Wiring) -> String {
        let beta = w.buttons == .beta
        let control = Self.control(field, beta: beta)
        let key = field.tutorialName
        return
            "the editor's \(control.name) wrote the draft through its binding $profile.\(key), which is $draftProfile.\(key) (\(code(.editor, w, "ProfileEditor(profile: $draftProfile)")); \(control.seed), \(beta ? "000:750" : "002:317"))"
    }

    /// The code a copy is: its statement, its place, and what ran it.
    private func copyCode(_ trigger: CopyTrigger, _ step: WhyStep) -> String {
        let w = step.wiring
        let beta = w.buttons == .beta
        let profile = w.profile == .state ? "profile" : "modelData.profile"
        switch trigger {
        case .editorOnAppear:
            let seed = beta ? "lprof's wiring lab, the release's 002:318-320" : "002:318-320"
            return
                "ProfileEditor's .onAppear { draftProfile = \(profile) } (\(code(.onAppear, w, ".onAppear")); \(seed)) ran because the editor appeared when editMode became active"
        case .editorOnDisappear:
            let statement =
                w.onDisappear == .commit
                ? "\(profile) = draftProfile" : "draftProfile = \(profile)"
            let ran =
                step.act == .dismiss
                ? "the editor left the view tree with the sheet, dismissed while editing (SwiftUI's behaviour, as lprof reads it)"
                : "the editor left the view tree when editMode became inactive"
            // The write-up's line for this onDisappear: the release's commit, the beta's reset.
            let own = Wiring.preset(w.buttons).onDisappear == w.onDisappear
            let edition: Edition = w.onDisappear == .commit ? .release : .beta
            let seed =
                (own
                    ? ""
                    : "lprof's wiring lab, the \(edition == .release ? "release's" : "beta's") ")
                + CodeView.source(.onDisappear, edition)
            var text =
                "ProfileEditor's .onDisappear { \(statement) } (\(code(.onDisappear, w, ".onDisappear")); \(seed)) ran because \(ran)"
            if step.act == .cancel, !beta, w.setting(.cancelResets) == .cancelResets(false) {
                text +=
                    "; cancel-resets no (lprof's wiring lab): nothing reset the draft before this onDisappear wrote it"
            }
            if step.act == .done, beta, w.setting(.doneCommits) == .doneCommits(false) {
                text +=
                    "; done-commits no (lprof's wiring lab): nothing committed the draft before this onDisappear reset it"
            }
            return text
        case .cancelButton:
            return
                "Cancel's first statement, draftProfile = \(profile) (\(code(.buttonCopy, w, "draftProfile = \(profile)")); 002:307), ran because Cancel was tapped"
        case .doneButton:
            return
                "the custom Done's first statement, \(profile) = draftProfile (\(code(.buttonCopy, w, "\(profile) = draftProfile")); 000:736), ran because Done was tapped"
        }
    }

    /// What changed the environment's editMode.
    private func modeCode(to: EditMode, _ step: WhyStep) -> String {
        let w = step.wiring
        let beta = w.buttons == .beta
        let editButton =
            "EditButton() (\(code(.editButton, w, "EditButton()")); \(beta ? "000:745" : "002:312"))"
        if to == .active { return "tapping \(editButton) set the environment's editMode" }
        switch (step.act, beta) {
        case (.cancel, false):
            return
                "Cancel's editMode?.animation().wrappedValue = .inactive (\(code(.buttonEndsEditing, w, "editMode?.animation().wrappedValue = .inactive")); 002:308) ended editing"
        case (.done, true):
            return
                "the custom Done's self.mode?.animation().value = .inactive (\(code(.buttonEndsEditing, w, "editMode?.animation().wrappedValue = .inactive")); 000:737) ended editing"
        default:
            return
                beta
                ? "tapping \(editButton), which cancels while editing, ended editing"
                : "tapping \(editButton) while editing ended editing"
        }
    }

    // MARK: - The store and the start

    private func storeMeaning(_ step: WhyStep) -> String {
        switch step.act {
        case .reload:
            return
                "lprof's store, not the tutorial's: 'reload' read what it holds now into ModelData's profile (002:199)"
        case .wiring:
            return
                "lprof's store, not the tutorial's: the profile moved into ModelData (002:199), which lprof reads from its store"
        default:
            return
                "lprof's store, not the tutorial's: this session's commit met another session's and took this field from it"
        }
    }

    private func startMeaning(_ step: WhyStep, _ origin: WhyStep.Origin) -> String {
        let w = step.wiring
        let beta = w.buttons == .beta
        switch origin {
        case .profile where w.profile == .state:
            return
                "the profile is ProfileHost's @State (\(code(.profileStorage, w, "@State var profile = Profile.default")); 000:728), which starts at Profile.default; lprof's store is not used"
        case .profile(let revision):
            guard let revision else {
                return
                    "nothing was stored, so ModelData's profile (@Published var profile = Profile.default, 002:199) began as the default profile (002:17)"
            }
            return
                "ModelData's profile (002:199) began as revision \(revision), read from lprof's store as the session started (lprof's store, not the tutorial's)"
        case .draft:
            return
                "ProfileHost's @State draftProfile began at Profile.default (\(code(.draftStorage, w, "@State private var draftProfile = Profile.default")); \(beta ? "000:729" : "002:208"))"
        case .mode:
            return "lprof starts a session with ProfileHost presented and not editing"
        case .sheet:
            return
                "lprof starts a session with ProfileHost's sheet presented, as if the profile button had been tapped"
        case .view:
            return
                "editMode is inactive, so ProfileHost's body shows ProfileSummary (\(code(.summaryBranch, w, "if editMode?.wrappedValue == .inactive")); \(beta ? "000:747-748" : "002:314-315"))"
        }
    }

    /// `show code`'s place for `statement`, or its text where `show code` has no line for it.
    private func code(_ statement: CodeView.Statement, _ then: Wiring, _ text: String) -> String {
        guard let line = CodeView.line(of: statement, then, width: width) else { return text }
        // The wiring changed since: the line is where `show code` would have drawn it.
        let now = then == wiring ? line : CodeView.line(of: statement, wiring, width: width)
        return now == line ? "line \(line) of show code" : "line \(line) of show code as wired then"
    }

    /// The editor's control for `field`, and the write-up's line for it.
    static func control(_ field: ProfileField, beta: Bool) -> (name: String, seed: String) {
        switch field {
        case .username: return ("TextField", beta ? "000:626" : "002:250")
        case .notifications: return ("Toggle", beta ? "000:629" : "002:268")
        case .season: return (beta ? "SegmentedControl" : "Picker", beta ? "000:636" : "002:285")
        case .goal: return ("DatePicker", beta ? "000:646" : "002:292")
        }
    }
}
