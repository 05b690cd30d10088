import LprofLanguage
import LprofModel
import LprofViews

extension Host {
    /// What is on screen, read here by the prompt, `show`, VoiceOver and a lesson's deeds alike.
    public var screen: ScreenName {
        if sheet == .dismissed { return .home }
        return editMode == .active ? .editor : .summary
    }
}

extension Interpreter {
    /// What is on screen now, with the profile it shows, for `show voiceover`.
    var visibleScreen: VoiceOverView.Screen {
        switch host.screen {
        case .home: return .categoryHome
        case .editor: return .editor(host.draft)
        case .summary: return .summary(host.profile)
        }
    }
}
