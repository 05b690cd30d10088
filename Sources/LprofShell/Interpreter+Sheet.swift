import LprofLanguage
import LprofModel
import LprofViews

extension Interpreter {
    /// `expect sheet presented|dismissed`.
    func expectSheet(_ value: Argument) throws(CommandFailure) {
        guard let sheet = SheetState(rawValue: value.text.lowercased()) else {
            throw CommandFailure(
                "unknown sheet state '\(value.text)' (expected \(Vocabulary.alternatives(Vocabulary.sheetStates)))"
                    + Suggestion.hint(for: value.text, among: Vocabulary.sheetStates),
                at: value.span)
        }
        if sheet != host.sheet {
            throw CommandFailure(
                "expected sheet \(sheet.rawValue), but it is \(host.sheet.rawValue)",
                at: value.span)
        }
    }

    /// What is on screen now, for `show voiceover`: CategoryHome while the sheet is
    /// dismissed, else ProfileHost's summary or editor.
    var visibleScreen: VoiceOverView.Screen {
        if host.sheet == .dismissed { return .categoryHome }
        return host.editMode == .active ? .editor(host.draft) : .summary(host.profile)
    }
}
