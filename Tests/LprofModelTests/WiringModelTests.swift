import Testing

@testable import LprofModel

/// Every wiring of both button sets (2 × 3 × 2 × 2 = 24 each) runs one fixed scenario —
/// edit, set, done; edit, set, cancel; edit, set, dismiss, present, edit — and its events
/// and values are checked against a small model of the pieces written here, from SPEC §2's
/// table, without the host's code.
@Suite struct WiringModelTests {
    static let defaults = Profile.default(today: day("2026-11-30"))
    static let laterDefaults = Profile.default(today: day("2027-01-15"))
    /// A profile that came from the store: it differs from the default draft.
    static let stored = Profile(
        username: "stored", prefersNotifications: false, seasonalPhoto: .autumn,
        goalDate: day("2027-03-01"))

    /// One wiring: the buttons and the pieces.
    struct Pieces: CustomTestStringConvertible, Sendable {
        var buttons: Edition
        var copies: Bool  // onAppear copy
        var disappear: OnDisappearWiring
        var buttonCopies: Bool  // cancel-resets (release) or done-commits (beta)
        var inState: Bool  // profile state

        var testDescription: String {
            "\(buttons) onAppear \(copies ? "copy" : "none") onDisappear \(disappear)"
                + " \(buttons == .release ? "cancel-resets" : "done-commits")"
                + " \(buttonCopies ? "yes" : "no") profile \(inState ? "state" : "modeldata")"
        }

        /// The edition's own, from SPEC §2's table.
        static func own(_ buttons: Edition) -> Pieces {
            buttons == .release
                ? Pieces(
                    buttons: .release, copies: true, disappear: .commit, buttonCopies: true,
                    inState: false)
                : Pieces(
                    buttons: .beta, copies: false, disappear: .reset, buttonCopies: true,
                    inState: true)
        }

        var settings: [WiringSetting] {
            [
                .profile(inState ? .state : .modeldata), .onAppear(copies ? .copy : .none),
                .onDisappear(disappear),
                buttons == .release ? .cancelResets(buttonCopies) : .doneCommits(buttonCopies),
            ]
        }
    }

    static let all: [Pieces] = Edition.allCases.flatMap { buttons in
        [true, false].flatMap { copies in
            OnDisappearWiring.allCases.flatMap { disappear in
                [true, false].flatMap { buttonCopies in
                    [true, false].map { inState in
                        Pieces(
                            buttons: buttons, copies: copies, disappear: disappear,
                            buttonCopies: buttonCopies, inState: inState)
                    }
                }
            }
        }
    }

    /// The model: profile, draft, mode, and the changed pieces already marked.
    struct Model {
        let pieces: Pieces
        var profile: Profile
        var draft: Profile
        var editing = false
        var marked: Set<String> = []

        /// The mark before the first event a changed piece makes different.
        mutating func mark(_ name: String, _ changed: Bool, _ setting: WiringSetting)
            -> [LifecycleEvent]
        {
            guard changed, !marked.contains(name) else { return [] }
            marked.insert(name)
            return [.wiringMark(setting, buttons: pieces.buttons)]
        }

        var own: Pieces { .own(pieces.buttons) }

        mutating func markProfile() -> [LifecycleEvent] {
            mark(
                "profile", pieces.inState != own.inState,
                .profile(pieces.inState ? .state : .modeldata))
        }

        mutating func intoDraft(_ by: CopyTrigger) -> LifecycleEvent {
            defer { draft = profile }
            return .copied(target: .draft, source: .profile, by: by, changed: draft != profile)
        }

        mutating func intoProfile(_ by: CopyTrigger) -> LifecycleEvent {
            defer { profile = draft }
            return .copied(target: .profile, source: .draft, by: by, changed: draft != profile)
        }

        mutating func editOn() -> [LifecycleEvent] {
            editing = true
            var events: [LifecycleEvent] = [
                .editModeChanged(from: .inactive, to: .active), .disappeared(.summary),
                .appeared(.editor),
            ]
            events += mark(
                "onAppear", pieces.copies != own.copies, .onAppear(pieces.copies ? .copy : .none))
            if pieces.copies {
                events.append(intoDraft(.editorOnAppear))
            } else {
                events.append(.editorShowsDraftWithoutCopy(stale: draft != profile))
            }
            return events
        }

        mutating func set(_ season: Season) -> [LifecycleEvent] {
            draft.seasonalPhoto = season
            return [.fieldSet(.season, .season(season))]
        }

        mutating func onDisappear() -> [LifecycleEvent] {
            var events = mark(
                "onDisappear", pieces.disappear != own.disappear, .onDisappear(pieces.disappear))
            switch pieces.disappear {
            case .commit:
                events += markProfile()
                events.append(intoProfile(.editorOnDisappear))
            case .reset: events.append(intoDraft(.editorOnDisappear))
            case .none: break
            }
            return events
        }

        mutating func leave() -> [LifecycleEvent] {
            editing = false
            return [.editModeChanged(from: .active, to: .inactive), .disappeared(.editor)]
                + onDisappear() + [.appeared(.summary)]
        }

        mutating func done() -> [LifecycleEvent] {
            guard pieces.buttons == .beta else { return leave() }
            var events = mark(
                "done-commits", pieces.buttonCopies != own.buttonCopies,
                .doneCommits(pieces.buttonCopies))
            if pieces.buttonCopies {
                events += markProfile() + [intoProfile(.doneButton)]
            } else {
                events.append(.buttonWithoutCopy(.doneButton))
            }
            return events + leave()
        }

        mutating func cancel() -> [LifecycleEvent] {
            guard pieces.buttons == .release else { return leave() }
            var events = mark(
                "cancel-resets", pieces.buttonCopies != own.buttonCopies,
                .cancelResets(pieces.buttonCopies))
            events.append(
                pieces.buttonCopies ? intoDraft(.cancelButton) : .buttonWithoutCopy(.cancelButton))
            return events + leave()
        }

        mutating func dismiss() -> [LifecycleEvent] {
            editing = false
            let differs = draft != profile
            var events: [LifecycleEvent] = [.disappeared(.editor)] + onDisappear()
            if pieces.disappear == .commit && differs { events.append(.dismissCommitted) }
            return events + [.editModeLeftWithSheet, .sheetDismissed]
        }

        mutating func present(_ fresh: Profile) -> [LifecycleEvent] {
            draft = fresh
            if pieces.inState { profile = fresh }
            return markProfile() + [
                .sheetPresented(profileRestarts: pieces.inState), .appeared(.summary),
            ]
        }
    }

    /// The host wired as `pieces`, starting (like a session) from the store's profile when
    /// the profile is ModelData's and from Profile.default when it is @State.
    static func host(_ pieces: Pieces) throws -> Host {
        var host = Host(
            profile: pieces.inState ? defaults : stored, defaultProfile: defaults,
            edition: pieces.buttons)
        for setting in pieces.settings {
            _ = try host.apply(.rewire(setting, defaults))
        }
        return host
    }

    @Test("each wiring's events are the model's", arguments: all)
    func eventsFollowThePieces(_ pieces: Pieces) throws {
        var host = try Self.host(pieces)
        #expect(host.wiring.pieces.count == 4)
        var model = Model(pieces: pieces, profile: host.profile, draft: host.draft)
        #expect(model.profile == (pieces.inState ? Self.defaults : Self.stored))
        let steps: [(HostAction, (inout Model) -> [LifecycleEvent])] = [
            (.editButton(.on), { $0.editOn() }),
            (.fieldChanged(.season(.autumn)), { $0.set(.autumn) }),
            (.done, { $0.done() }),
            (.editButton(.on), { $0.editOn() }),
            (.fieldChanged(.season(.summer)), { $0.set(.summer) }),
            (.cancel, { $0.cancel() }),
            (.editButton(.on), { $0.editOn() }),
            (.fieldChanged(.season(.spring)), { $0.set(.spring) }),
            (.dismiss, { $0.dismiss() }),
            (.present(Self.laterDefaults), { $0.present(Self.laterDefaults) }),
            (.editButton(.on), { $0.editOn() }),
        ]
        for (index, (action, predict)) in steps.enumerated() {
            let events = try host.apply(action).events
            let expected = predict(&model)
            #expect(events == expected, "step \(index + 1): \(action)")
            #expect(host.profile == model.profile, "step \(index + 1): profile")
            #expect(host.draft == model.draft, "step \(index + 1): draft")
            #expect((host.editMode == .active) == model.editing, "step \(index + 1): mode")
        }
    }

    @Test func fortyEightWirings() {
        #expect(Self.all.count == 48)
        #expect(Set(Self.all.map(\.testDescription)).count == 48)
    }
}
