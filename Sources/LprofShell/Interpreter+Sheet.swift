import LprofModel
import LprofViews

extension Interpreter {
    /// What is on screen now, for `show voiceover`: CategoryHome while the sheet is
    /// dismissed, else ProfileHost's summary or editor.
    var visibleScreen: VoiceOverView.Screen {
        if host.sheet == .dismissed { return .categoryHome }
        return host.editMode == .active ? .editor(host.draft) : .summary(host.profile)
    }
}
