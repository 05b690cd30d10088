/// The host's refusals in words, each resting on the tutorial's code and naming the control
/// and the edition it is about (seed 002 is the release, seed 000 the 2019 beta).
extension HostError {
    /// `set` while inactive. ProfileHost's `if editMode?.wrappedValue == .inactive {
    /// ProfileSummary(…) } else { ProfileEditor(…) }` (002:314-317, 000:747-750): nothing is
    /// disabled, the editor is simply not there.
    static let fieldsNeedEditMode =
        "fields change only in edit mode: until then ProfileHost shows ProfileSummary, and ProfileEditor is not in the view tree at all; type 'edit on' first"

    /// `done` while inactive. Release: `done` is EditButton (002:312), which is always there
    /// and, tapped now, would begin editing. Beta: the custom Done button exists only inside
    /// `if self.mode?.value == .active` (000:734-741).
    static func doneNeedsEditMode(_ edition: Edition) -> String {
        switch edition {
        case .release:
            return
                "'done' needs edit mode: in the release it is the tap on EditButton that ends editing, and now that tap would begin it ('edit on')"
        case .beta:
            return
                "'done' needs edit mode: the beta's custom Done button is there only while editing; type 'edit on' first"
        }
    }

    /// `cancel` while inactive. Release: the Cancel button exists only inside `if
    /// editMode?.wrappedValue == .active` (002:305-306). Beta: cancelling is EditButton
    /// (000:674, 000:745), which tapped now would begin editing.
    static func cancelNeedsEditMode(_ edition: Edition) -> String {
        switch edition {
        case .release:
            return
                "'cancel' needs edit mode: the release's Cancel button is there only while editing"
        case .beta:
            return
                "'cancel' needs edit mode: in the beta it is the tap on EditButton that ends editing, and now that tap would begin it ('edit on')"
        }
    }
}
