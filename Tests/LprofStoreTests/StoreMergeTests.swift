import Foundation
import Glibc
import LprofModel
import StoreTestSupport
import Testing

@testable import LprofStore

/// The three-way merge as a pure function (SPEC §7).
@Suite struct ProfileMergeTests {
    static let base = storeSampleProfile

    static func with(_ profile: Profile, _ values: FieldValue...) -> Profile {
        var p = profile
        for v in values { p.set(v) }
        return p
    }

    @Test func disjointChangesMerge() {
        let ours = Self.with(Self.base, .season(.spring))
        let theirs = Self.with(Self.base, .username("kim"), .goal(CalendarDay(iso: "2027-01-01")!))
        let (merged, conflicts) = ProfileMerge.merge(base: Self.base, ours: ours, theirs: theirs)
        let expected = Self.with(theirs, .season(.spring))
        #expect(conflicts.isEmpty)
        #expect(
            merged == .init(profile: expected, fromTheirs: [.username, .goal], fromOurs: [.season]))
    }

    @Test func sameChangeOnBothSidesIsFine() {
        let both = Self.with(Self.base, .season(.autumn))
        let (merged, conflicts) = ProfileMerge.merge(base: Self.base, ours: both, theirs: both)
        #expect(conflicts.isEmpty)
        #expect(merged == .init(profile: both, fromTheirs: [], fromOurs: []))
    }

    @Test func differentChangesToOneFieldConflict() {
        let ours = Self.with(Self.base, .season(.spring), .username("me"))
        let theirs = Self.with(Self.base, .season(.summer), .notifications(false))
        let (merged, conflicts) = ProfileMerge.merge(base: Self.base, ours: ours, theirs: theirs)
        #expect(
            conflicts == [.init(field: .season, ours: .season(.spring), theirs: .season(.summer))])
        // Forced: the conflict keeps ours; the other side's notifications still come in.
        #expect(merged.profile == Self.with(ours, .notifications(false)))
        #expect(merged.fromTheirs == [.notifications] && merged.fromOurs == [.username])
    }

    @Test func touchedFieldsCountAsChanged() {
        // Reset: every field is ours to set, so their season change conflicts even though
        // ours holds the base value.
        let theirs = Self.with(Self.base, .season(.summer))
        let touched = ProfileMerge.merge(
            base: Self.base, ours: Self.base, theirs: theirs, touched: Set(ProfileField.allCases))
        #expect(
            touched.conflicts == [
                .init(field: .season, ours: .season(.winter), theirs: .season(.summer))
            ])
        // Untouched, the same commit takes theirs.
        let (merged, conflicts) = ProfileMerge.merge(
            base: Self.base, ours: Self.base, theirs: theirs)
        #expect(conflicts.isEmpty)
        #expect(merged == .init(profile: theirs, fromTheirs: [.season], fromOurs: []))
    }

    /// Every combination of three values per field, over two fields at a time: the merge
    /// is symmetric and each field follows the rule.
    @Test func symmetricAndFieldByField() {
        let seasons: [Season] = [.winter, .spring, .summer]
        let names = ["g_kumar", "kim", "lee"]
        for b in 0..<3 {
            for o in 0..<3 {
                for t in 0..<3 {
                    for n in 0..<27 {
                        let base = Self.with(
                            Self.base, .season(seasons[b]), .username(names[n % 3]))
                        let ours = Self.with(
                            Self.base, .season(seasons[o]), .username(names[(n / 3) % 3]))
                        let theirs = Self.with(
                            Self.base, .season(seasons[t]), .username(names[n / 9]))
                        let ab = ProfileMerge.merge(base: base, ours: ours, theirs: theirs)
                        let ba = ProfileMerge.merge(base: base, ours: theirs, theirs: ours)
                        #expect(ab.conflicts.map(\.field) == ba.conflicts.map(\.field))
                        #expect(ab.conflicts.map(\.ours) == ba.conflicts.map(\.theirs))
                        for c in ab.conflicts {
                            #expect(base[c.field] != c.ours && base[c.field] != c.theirs)
                            #expect(c.ours != c.theirs)
                        }
                        guard ab.conflicts.isEmpty else { continue }
                        let (x, y) = (ab.merged, ba.merged)
                        #expect(x.profile == y.profile)
                        #expect(x.fromTheirs == y.fromOurs && x.fromOurs == y.fromTheirs)
                        for field in ProfileField.allCases {
                            let v = x.profile[field]
                            if ours[field] == base[field] { #expect(v == theirs[field]) }
                            if theirs[field] == base[field] { #expect(v == ours[field]) }
                        }
                    }
                }
            }
        }
    }
}

/// `StoreCommit.plan`: what every storage does over what it finds.
@Suite struct StoreCommitPlanTests {
    let base = StoredProfile(profile: storeSampleProfile, revision: 2)

    func commit(_ ours: Profile, force: Bool = false) -> StoreCommit {
        StoreCommit(base: base, ours: ours, force: force)
    }

    @Test func sameRevisionWritesOurs() {
        #expect(commit(storeOtherProfile).plan(over: base) == .write(storeOtherProfile, nil))
        #expect(commit(storeSampleProfile).plan(over: base) == .keep(base, nil))
    }

    @Test func nothingStored() {
        let first = StoreCommit(
            base: StoredProfile(profile: storeSampleProfile, revision: 0), ours: storeOtherProfile)
        #expect(first.plan(over: nil) == .write(storeOtherProfile, nil))
        // Removed since it was read: nothing to merge with.
        #expect(
            commit(storeOtherProfile).plan(over: nil)
                == .conflict(StoreConflict(baseRevision: 2, theirRevision: 0, fields: [])))
        #expect(
            commit(storeOtherProfile, force: true).plan(over: nil) == .write(storeOtherProfile, nil)
        )
    }

    @Test func anotherSessionsCommitMerges() {
        var ours = storeSampleProfile
        ours.seasonalPhoto = .spring
        var theirs = storeSampleProfile
        theirs.username = "kim"
        let current = StoredProfile(profile: theirs, revision: 3)
        var merged = theirs
        merged.seasonalPhoto = .spring
        #expect(
            commit(ours).plan(over: current)
                == .write(
                    merged,
                    StoreMergeReport(
                        baseRevision: 2, theirRevision: 3, fromTheirs: [.username],
                        fromOurs: [.season], overridden: [])))
        // Their commit already made our change: nothing to write.
        var both = theirs
        both.seasonalPhoto = .spring
        let already = StoredProfile(profile: both, revision: 3)
        guard case .keep(let kept, _) = commit(ours).plan(over: already) else {
            Issue.record("expected keep")
            return
        }
        #expect(kept == already)
    }
}
