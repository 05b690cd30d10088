/// One piece of ProfileHost's wiring that the wiring lab can change (SPEC §2).
public enum WiringPiece: String, Sendable, CaseIterable {
    /// ProfileEditor's `.onAppear { draftProfile = modelData.profile }` (002:318-320).
    case onAppear
    /// ProfileEditor's `.onDisappear`: commits in the release (002:321-323), resets in the beta
    /// (000:751-753).
    case onDisappear
    /// The release's Cancel action starts with `draftProfile = modelData.profile` (002:306-307).
    case cancelResets = "cancel-resets"
    /// The beta's custom Done action starts with `self.profile = self.draftProfile` (000:735-736).
    case doneCommits = "done-commits"
    /// Where the committed profile lives: ModelData (002) or ProfileHost's @State (000:728-729).
    case profile

    public var values: [String] { WiringSetting.all(self).map(\.valueText) }
}

/// What ProfileEditor does when it appears.
public enum OnAppearWiring: String, Sendable, CaseIterable {
    /// `draft = profile`: the editor starts from the committed profile.
    case copy
    case none
}

/// What ProfileEditor does when it disappears.
public enum OnDisappearWiring: String, Sendable, CaseIterable {
    /// `profile = draft`: the release's commit.
    case commit
    /// `draft = profile`: the beta's reset.
    case reset
    case none
}

/// Where the committed profile lives.
public enum ProfileHome: String, Sendable, CaseIterable {
    /// ModelData's `profile`: it outlives the sheet, and lprof's store saves it.
    case modeldata
    /// ProfileHost's own @State, started again with each sheet; the store is not used.
    case state
}

/// One piece set to one value, as `env wiring PIECE VALUE` writes it (checked first: SPEC §3).
public enum WiringSetting: Equatable, Sendable {
    case onAppear(OnAppearWiring)
    case onDisappear(OnDisappearWiring)
    case cancelResets(Bool)
    case doneCommits(Bool)
    case profile(ProfileHome)

    public var piece: WiringPiece {
        switch self {
        case .onAppear: return .onAppear
        case .onDisappear: return .onDisappear
        case .cancelResets: return .cancelResets
        case .doneCommits: return .doneCommits
        case .profile: return .profile
        }
    }

    /// The value as `env wiring` lists it.
    public var valueText: String {
        switch self {
        case .onAppear(let value): return value.rawValue
        case .onDisappear(let value): return value.rawValue
        case .cancelResets(let yes), .doneCommits(let yes): return yes ? "yes" : "no"
        case .profile(let home): return home.rawValue
        }
    }

    /// Every setting of `piece`, in the order help lists its values.
    static func all(_ piece: WiringPiece) -> [WiringSetting] {
        switch piece {
        case .onAppear: return OnAppearWiring.allCases.map(WiringSetting.onAppear)
        case .onDisappear: return OnDisappearWiring.allCases.map(WiringSetting.onDisappear)
        case .cancelResets: return [.cancelResets(true), .cancelResets(false)]
        case .doneCommits: return [.doneCommits(true), .doneCommits(false)]
        case .profile: return ProfileHome.allCases.map(WiringSetting.profile)
        }
    }

    /// The setting `piece` takes for `text`, in any case.
    public init?(_ piece: WiringPiece, _ text: String) {
        let value = text.lowercased()
        guard let found = WiringSetting.all(piece).first(where: { $0.valueText == value })
        else { return nil }
        self = found
    }
}

/// ProfileHost's wiring, an edition being a preset of it, so the host never tests the edition.
public struct Wiring: Equatable, Sendable {
    /// Whose buttons the screen has, for text and views to name; the host reads the pieces.
    public private(set) var buttons: Edition
    public var onAppear: OnAppearWiring
    public var onDisappear: OnDisappearWiring
    /// Whether the release's Cancel resets the draft first; nil in the beta, which has none.
    public private(set) var cancelResets: Bool?
    /// Whether the beta's custom Done commits the draft first; nil in the release.
    public private(set) var doneCommits: Bool?
    public var profile: ProfileHome

    /// The edition's own wiring (SPEC §2's table).
    public static func preset(_ edition: Edition) -> Wiring {
        switch edition {
        case .release:
            return Wiring(
                buttons: .release, onAppear: .copy, onDisappear: .commit, cancelResets: true,
                doneCommits: nil, profile: .modeldata)
        case .beta:
            return Wiring(
                buttons: .beta, onAppear: .none, onDisappear: .reset, cancelResets: nil,
                doneCommits: true, profile: .state)
        }
    }

    /// The pieces the buttons have, in `env wiring`'s order.
    public var pieces: [WiringPiece] { WiringPiece.allCases.filter { setting($0) != nil } }

    /// The setting in force for `piece`, or nil when the buttons lack it.
    public func setting(_ piece: WiringPiece) -> WiringSetting? {
        switch piece {
        case .onAppear: return .onAppear(onAppear)
        case .onDisappear: return .onDisappear(onDisappear)
        case .cancelResets: return cancelResets.map(WiringSetting.cancelResets)
        case .doneCommits: return doneCommits.map(WiringSetting.doneCommits)
        case .profile: return .profile(profile)
        }
    }

    /// The pieces that differ from the edition's own, in `env wiring`'s order.
    public var changedPieces: [WiringPiece] {
        let own = Wiring.preset(buttons)
        return pieces.filter { setting($0) != own.setting($0) }
    }

    public var isPreset: Bool { self == Wiring.preset(buttons) }

    /// Sets one piece, or returns why the buttons lack it.
    mutating func apply(_ setting: WiringSetting) -> String? {
        switch setting {
        case .onAppear(let value): onAppear = value
        case .onDisappear(let value): onDisappear = value
        case .profile(let home): profile = home
        case .cancelResets(let yes):
            guard cancelResets != nil else { return Wiring.lacking(.cancelResets) }
            cancelResets = yes
        case .doneCommits(let yes):
            guard doneCommits != nil else { return Wiring.lacking(.doneCommits) }
            doneCommits = yes
        }
        return nil
    }

    /// Why `piece` is not there: the other edition's buttons have it.
    public static func lacking(_ piece: WiringPiece) -> String {
        switch piece {
        case .cancelResets:
            "'cancel-resets' is the release's Cancel button, which the beta does not have (its EditButton cancels); in the beta the piece is 'done-commits'"
        default:
            "'done-commits' is the beta's custom Done button, which the release does not have (its EditButton commits); in the release the piece is 'cancel-resets'"
        }
    }
}
