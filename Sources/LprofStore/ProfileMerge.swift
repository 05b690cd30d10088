import LprofModel

/// The three-way merge of a commit, field by field (SPEC §7): lprof's own, as the tutorial's
/// ModelData has one writer.
public enum ProfileMerge {
    /// A field both sides changed, to different values.
    public struct Conflict: Equatable, Sendable {
        public var field: ProfileField
        public var ours: FieldValue
        public var theirs: FieldValue
    }

    /// A merge without conflicts.
    public struct Merged: Equatable, Sendable {
        var profile: Profile
        var fromTheirs: [ProfileField]
        var fromOurs: [ProfileField]
    }

    /// Merges `ours` and `theirs` over `base`, each conflict held at our value (what
    /// `done --force` commits); `touched` fields count as ours even unchanged, so that a
    /// `reset` conflicts rather than silently losing to another session.
    static func merge(
        base: Profile, ours: Profile, theirs: Profile, touched: Set<ProfileField> = []
    ) -> (merged: Merged, conflicts: [Conflict]) {
        var merged = Merged(profile: base, fromTheirs: [], fromOurs: [])
        var conflicts: [Conflict] = []
        for field in ProfileField.allCases {
            let weChanged = ours[field] != base[field] || touched.contains(field)
            let theyChanged = theirs[field] != base[field]
            switch (weChanged, theyChanged) {
            case (false, false): break
            case (true, false):
                merged.profile.set(ours[field])
                merged.fromOurs.append(field)
            case (false, true):
                merged.profile.set(theirs[field])
                merged.fromTheirs.append(field)
            case (true, true):
                // The same value on both sides is agreement.
                merged.profile.set(ours[field])
                if ours[field] != theirs[field] {
                    conflicts.append(
                        Conflict(field: field, ours: ours[field], theirs: theirs[field]))
                }
            }
        }
        return (merged, conflicts)
    }
}
