import FuzzSupport

@testable import LprofModel
@testable import LprofShell
@testable import LprofStore
@testable import LprofSystem

// libFuzzer target for the store, two parts over each input:
// - the decoder over the bytes: a store it accepts must encode back to bytes that decode to
//   the same profile, and every error message must be printable;
// - the three-way merge over three profiles made from the first bytes (base, ours, theirs,
//   each field from a small set, so that changes collide often): merged or a conflict out,
//   symmetric in the fields it takes, each field by the rule, and the in-memory store's
//   commit agreeing with it.
#if canImport(Glibc)
    import Glibc
#endif

/// The executable's entry point: libFuzzer's driver over `fuzzStore`.
@main
enum FuzzStoreMain {
    static func main() { runLibFuzzer(fuzzStore) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStore(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    var decoded: Profile?
    do {
        let stored = try StoreCodec.decode(bytes)
        require(
            StoreCodec.problem(with: stored.profile) == nil, "decoded a profile save would refuse")
        let again = try? StoreCodec.decode(StoreCodec.encode(stored))
        require(again == stored, "store does not round-trip")
        decoded = stored.profile
    } catch {
        let text: String
        switch error {
        case .corrupt(let message): text = message
        case .newerFormat(let n): text = String(n)
        }
        for scalar in text.unicodeScalars {
            let v = scalar.value
            require(
                !(v < 0x20 || (0x7F...0x9F).contains(v) || (0x202A...0x202E).contains(v)
                    || (0x2066...0x2069).contains(v)),
                "control U+\(String(v, radix: 16)) in a store error")
        }
    }
    fuzzMerge(bytes, decoded: decoded)
    return 0
}

/// Three profiles from the first 12 bytes (missing bytes are 0); a store the decoder
/// accepted stands in for theirs when the 13th byte is odd.
func fuzzMerge(_ bytes: [UInt8], decoded: Profile?) {
    func byte(_ i: Int) -> Int { i < bytes.count ? Int(bytes[i]) : 0 }
    let names = ["g_kumar", "kim", "Zoë 🍂", "a"]
    let seasons: [Season] = [.spring, .summer, .autumn, .winter]
    let day = CalendarDay(iso: "2026-11-30")!
    func profile(_ at: Int) -> Profile {
        Profile(
            username: names[byte(at) % names.count],
            prefersNotifications: byte(at + 1) % 2 == 0,
            seasonalPhoto: seasons[byte(at + 2) % seasons.count],
            goalDate: day.adding(days: byte(at + 3) % 4) ?? day)
    }
    let base = profile(0)
    let ours = profile(4)
    let theirs = byte(12) % 2 == 1 ? (decoded ?? profile(8)) : profile(8)
    let touched = Set(ProfileField.allCases.filter { byte(13) & (1 << $0.index) != 0 })

    let ab = ProfileMerge.merge(base: base, ours: ours, theirs: theirs)
    let ba = ProfileMerge.merge(base: base, ours: theirs, theirs: ours)
    require(ab.conflicts.map(\.field) == ba.conflicts.map(\.field), "conflicts are not symmetric")
    require(
        ab.conflicts.map(\.ours) == ba.conflicts.map(\.theirs), "conflict values are not swapped")
    for c in ab.conflicts {
        require(
            c.ours != c.theirs && c.ours != base[c.field] && c.theirs != base[c.field],
            "a conflict on a field only one side changed")
    }
    if ab.conflicts.isEmpty {
        let (x, y) = (ab.merged, ba.merged)
        require(x.profile == y.profile, "merge is not symmetric in its profile")
        require(
            x.fromTheirs == y.fromOurs && x.fromOurs == y.fromTheirs,
            "merge is not symmetric in the fields it takes")
        for field in ProfileField.allCases {
            let value = x.profile[field]
            require(value == ours[field] || value == theirs[field], "a value from neither side")
            if ours[field] == base[field] { require(value == theirs[field], "lost their change") }
            if theirs[field] == base[field] { require(value == ours[field], "lost our change") }
        }
        require(
            Set(x.fromTheirs).isDisjoint(with: x.fromOurs), "a field taken from both sides")
    }

    // Touched fields: conflicting fields hold ours, the rest as the merge.
    let (m, conflicts) = ProfileMerge.merge(
        base: base, ours: ours, theirs: theirs, touched: touched)
    for c in conflicts { require(m.profile[c.field] == c.ours, "a conflict lost ours") }

    // The in-memory store commits what the merge says, or nothing on a conflict.
    let storage = MemoryProfileStorage(initial: StoredProfile(profile: theirs, revision: 2))
    let commit = StoreCommit(
        base: StoredProfile(profile: base, revision: 1), ours: ours, touched: touched)
    do {
        let result = try storage.commit(commit, dryRun: false)
        guard conflicts.isEmpty else {
            require(false, "the store committed a conflict")
            return
        }
        require(result.stored.profile == m.profile, "the store wrote another profile")
        require(
            result.stored.revision == (m.profile == theirs ? 2 : 3),
            "a merge that changes nothing must write nothing")
    } catch {
        guard !conflicts.isEmpty else {
            require(false, "the store refused a clean merge")
            return
        }
        require(error.conflict?.fields == conflicts, "the store reports other conflicts")
        require(
            (try? storage.load()) == StoredProfile(profile: theirs, revision: 2),
            "a conflict changed the store")
    }
}

extension ProfileField {
    fileprivate var index: Int { ProfileField.allCases.firstIndex(of: self)! }
}
