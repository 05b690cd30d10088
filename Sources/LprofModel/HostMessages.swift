/// The host's refusals in words, each naming the control and edition the tutorial's code
/// shows (seed 002 is the release, seed 000 the 2019 beta).
extension HostError {
    /// `set` while inactive: nothing is disabled, the editor is simply not in ProfileHost's
    /// `if editMode … else` (seeds/002:314-317, 000:747-750).
    static let fieldsNeedEditMode =
        "fields change only in edit mode: until then ProfileHost shows ProfileSummary, and ProfileEditor is not in the view tree at all; type 'edit on' first"

    /// `done` while inactive: the release's EditButton (002:312) would begin editing; the
    /// beta's Done exists only while active (000:734-741).
    static func doneNeedsEditMode(_ edition: Edition) -> String {
        switch edition {
        case .release:
            "'done' needs edit mode: in the release it is the tap on EditButton that ends editing, and now that tap would begin it ('edit on')"
        case .beta:
            "'done' needs edit mode: the beta's custom Done button is there only while editing; type 'edit on' first"
        }
    }

    /// `cancel` while inactive: the release's Cancel exists only while active (002:305-306);
    /// the beta's EditButton (000:674, 000:745) would begin editing.
    static func cancelNeedsEditMode(_ edition: Edition) -> String {
        switch edition {
        case .release:
            "'cancel' needs edit mode: the release's Cancel button is there only while editing"
        case .beta:
            "'cancel' needs edit mode: in the beta it is the tap on EditButton that ends editing, and now that tap would begin it ('edit on')"
        }
    }
}
