import LprofModel

/// What lprof says about the wiring lab: what a changed piece departs from, in the edition's
/// own code (SPEC §2).
enum WiringText {
    /// What the edition's own code does where the changed `setting` acts, as the seeds' code has
    /// it (002:306-323, 000:728-753): trace's mark.
    static func departure(_ setting: WiringSetting, buttons: Edition) -> String {
        let own = Wiring.preset(buttons).setting(setting.piece)?.valueText ?? ""
        let whose = buttons == .release ? "the release's" : "the 2019 beta's"
        switch setting.piece {
        case .onAppear:
            return own == "copy"
                ? "\(whose) editor copies draft = profile as it appears; here nothing does"
                : "\(whose) editor has no onAppear; here it copies draft = profile"
        case .onDisappear:
            let does = own == "commit" ? "commits profile = draft" : "resets draft = profile"
            let instead: String
            switch setting.valueText {
            case "commit": instead = "here it commits profile = draft"
            case "reset": instead = "here it resets draft = profile"
            default: instead = "here it does nothing"
            }
            return "\(whose) editor \(does) as it disappears; \(instead)"
        case .cancelResets:
            return
                "the release's Cancel copies draft = profile before it ends editing; here it only ends editing"
        case .doneCommits:
            return
                "the 2019 beta's Done copies profile = draft before it ends editing; here it only ends editing"
        case .profile:
            return own == "modeldata"
                ? "\(whose) profile is ModelData's and outlives the sheet; here it is ProfileHost's @State, starts again with each sheet, and is not saved"
                : "\(whose) profile is ProfileHost's @State and starts again with each sheet; here it is ModelData's, outlives the sheet, and lprof's store saves it"
        }
    }
}
