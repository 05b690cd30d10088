import LprofModel

/// The three-way merge of a commit (SPEC §7), field by field: `base` is the profile this
/// session last read from the store or wrote to it, `theirs` what another session stored
/// since, `ours` what this session commits. A field only one side changed takes that side's
/// value; a field both changed to the same value is fine; a field both changed to
/// different values is a conflict. This is lprof's store, not the tutorial's: ModelData
/// has one writer.
///
/// A pure function of its inputs, and symmetric: swapping `ours` and `theirs` gives the
/// same profile and the same conflicts, with the two sides' lists swapped.
public enum ProfileMerge {
    /// A field both sides changed, to different values.
    public struct Conflict: Equatable, Sendable {
        public var field: ProfileField
        public var ours: FieldValue
        public var theirs: FieldValue
    }

    /// A merge without conflicts.
    public struct Merged: Equatable, Sendable {
        /// The merged profile.
        var profile: Profile
        /// Fields only the other side changed: their values, new to this session.
        var fromTheirs: [ProfileField]
        /// Fields only this side changed: this session's values, kept.
        var fromOurs: [ProfileField]
    }

    /// Merges `ours` and `theirs` over `base`; returns the merge and the conflicts, each
    /// held at this side's value (what `done --force` commits: the other side's changes to
    /// every other field are still kept). `touched` names fields this side counts as
    /// changed even where it holds the base value: `reset` sets every field, so a field
    /// another session changed then conflicts rather than silently surviving the reset.
    static func merge(
        base: Profile, ours: Profile, theirs: Profile, touched: Set<ProfileField> = []
    ) -> (merged: Merged, conflicts: [Conflict]) {
        var merged = Merged(profile: base, fromTheirs: [], fromOurs: [])
        var conflicts: [Conflict] = []
        for field in ProfileField.allCases {
            let weChanged = ours[field] != base[field] || touched.contains(field)
            let theyChanged = theirs[field] != base[field]
            switch (weChanged, theyChanged) {
            case (false, false):
                merged.profile.set(base[field])
            case (true, false):
                merged.profile.set(ours[field])
                merged.fromOurs.append(field)
            case (false, true):
                merged.profile.set(theirs[field])
                merged.fromTheirs.append(field)
            case (true, true):
                // Both changed: the same value is agreement; anything else a conflict,
                // held at this side's value.
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
