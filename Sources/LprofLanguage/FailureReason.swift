/// Why a command failed, in the terms a lesson names it.
public enum FailureReason: String, CaseIterable, Sendable {
    /// `set`, `done`, `cancel` with edit mode inactive.
    case whileInactive = "while-inactive"
    /// `reset`, `env edition` in edit mode.
    case whileEditing = "while-editing"
    /// A command that needs ProfileHost while its sheet is dismissed.
    case whileDismissed = "while-dismissed"
    /// `present` while the sheet is presented.
    case whilePresented = "while-presented"
    /// `env wiring` of a piece the edition's buttons lack (`cancel-resets` in the beta).
    case missingPiece = "missing-piece"
    /// A goal outside the DatePicker's range.
    case outOfRange = "out-of-range"
    /// Another session saved the store since this one read it.
    case conflict
    /// An `expect` that did not hold.
    case expectation
    /// The store could not be read or written.
    case store
}
