import LprofLanguage
import LprofModel
import LprofStore
import LprofText
import LprofViews

/// What `-1` must remember until the end of the script, besides the profile itself.
struct PendingTransaction: Equatable {
    /// Fields set by a `reset` in the transaction (it sets them all).
    var touched: Set<ProfileField> = []
    /// A commit in the transaction was forced, so the final save keeps this session's values.
    var force = false
}

/// What a commit did in the store: trace and the merge note are made from it.
enum StoreStep {
    /// The stored profile would not change: nothing was read or written.
    case unchanged
    /// `-1`: kept for the end of the script.
    case deferred
    /// `expect error`'s probe: checked against the store, nothing written.
    case checked
    /// Saved (or found already stored), perhaps merged with another session's commit.
    case committed(StoreCommitResult)

    var wrote: Bool {
        if case .committed(let result) = self { return result.wrote }
        return false
    }
}

/// The store side of commits (SPEC §7), which is lprof's and not the tutorial's: ProfileHost
/// has one ModelData and no other writer.
extension Interpreter {
    /// Saves `profile` unless this session holds it already, since a commit that changes
    /// nothing cannot conflict; throws, changing nothing, when the store refuses it.
    func commitToStore(
        _ profile: Profile, at span: Span, by name: CommandName, force: Bool,
        touched: Set<ProfileField>
    ) throws(CommandFailure) -> StoreStep {
        if profile == host.profile { return .unchanged }
        if singleTransaction {
            if probing { return .checked }
            transaction.touched.formUnion(touched)
            transaction.force = transaction.force || force
            return .deferred
        }
        let request = StoreCommit(base: base, ours: profile, touched: touched, force: force)
        do {
            let result = try storage.commit(request, dryRun: probing)
            if probing { return .checked }
            base = result.stored
            return .committed(result)
        } catch {
            throw CommandFailure(
                status: .store, error.message + wayOut(error, name), at: span,
                reason: error.kind == .conflict ? .conflict : .store)
        }
    }

    /// After the host took the commit: the merged profile becomes this session's; returns the
    /// host's events for it.
    func adopt(_ step: StoreStep) -> [LifecycleEvent] {
        switch step {
        case .unchanged:
            traceStore("the profile did not change: nothing to save")
        case .deferred:
            traceStore("not saved yet: with -1 the script's commits are saved once, at its end")
        case .checked:
            break
        case .committed(let result):
            let events = takeMerged(result)
            recordMerge(result)
            traceCommit(result)
            if let note = Self.mergeNote(result) { notes.append(note) }
            return events
        }
        return []
    }

    /// ModelData takes the profile the store gave, which the host never refuses.
    private func takeStored(_ profile: Profile, _ origin: StoreOrigin) -> [LifecycleEvent] {
        (try? host.apply(.storeChanged(profile, origin)))?.events ?? []
    }

    /// A commit's result, when the store merged another session's changes into it.
    private func takeMerged(_ result: StoreCommitResult) -> [LifecycleEvent] {
        guard host.profile != result.stored.profile else { return [] }
        let saved = result.stored.revision
        return takeStored(
            result.stored.profile,
            .merge(theirs: result.merge?.theirRevision ?? saved, saved: saved))
    }

    /// How to go on from a refused commit: the two ways out of a conflict.
    private func wayOut(_ error: StoreError, _ name: CommandName) -> String {
        guard error.kind == .conflict else { return "" }
        let forced = "'\(name.rawValue) --force'"
        guard let conflict = error.conflict else { return "; \(forced) overwrites it" }
        if name == .reset {
            return conflict.fields.isEmpty
                ? "; 'reset --force' saves the default profile again"
                : "; 'reset --force' keeps yours (the default), 'reload' takes theirs"
        }
        return conflict.fields.isEmpty
            ? "; \(forced) saves this session's profile again, "
                + "'cancel' then 'reload' starts from the default profile"
            : "; \(forced) keeps yours, 'cancel' then 'reload' takes theirs"
    }

    // MARK: - reload

    /// `reload`: the profile becomes what is stored now, so the next commit merges from there;
    /// only outside edit mode, where the summary shows the profile.
    func reload(_ command: Command) throws(CommandFailure) {
        guard host.usesStore else {
            throw CommandFailure(
                "'reload' has no store to read: the profile is ProfileHost's @State "
                    + "(the 2019 beta's wiring), which lprof does not save; "
                    + "'env wiring profile modeldata' moves it into ModelData and reads the store",
                at: command.span)
        }
        guard storage.isShared else {
            throw CommandFailure(
                "'reload' has no store to read: this session keeps its profile in memory "
                    + "(--memory), where no other session can change it",
                at: command.span)
        }
        guard host.editMode == .inactive else {
            throw CommandFailure(
                "'reload' works only outside edit mode; type 'done' or 'cancel' first",
                at: command.span)
        }
        let stored = try readStore(at: command.span)
        let (old, read) = (host.profile, base)
        recordEvents(adoptRead(stored, reload: true))
        let heading: String
        if !stored.exists {
            heading = "Nothing is stored: the profile is the default one."
        } else if stored.replaces(read) {
            heading =
                "Reloaded revision \(stored.revision) of another store: the one this session "
                + "had read (revision \(read.revision)) was replaced."
        } else if stored.revision == read.revision && stored.identity == read.identity {
            heading = "Reloaded revision \(stored.revision), the one this session had read."
        } else {
            heading =
                "Reloaded revision \(stored.revision) (this session had "
                + (!read.exists ? "none" : "revision \(read.revision)") + ")."
        }
        out.writeLine(TextWrap.block(heading, width: settings.width()))
        out.write(ProfileViews.diff(profile: old, draft: stored.profile, style: viewStyle()))
    }

    /// What the store holds now (the default profile at revision 0 if nothing), or a store error.
    func readStore(at span: Span) throws(CommandFailure) -> StoredProfile {
        let loaded: StoredProfile?
        do {
            loaded = try storage.load()
        } catch {
            throw CommandFailure(status: .store, error.message, at: span)
        }
        return loaded ?? StoredProfile(profile: Profile.default(today: today), revision: 0)
    }

    /// The profile becomes what the store holds, so the next commit merges from there; returns
    /// the host's event for it.
    func adoptRead(_ stored: StoredProfile, reload: Bool = false) -> [LifecycleEvent] {
        base = stored
        transaction = PendingTransaction()
        let events = takeStored(stored.profile, .read(revision: stored.revision, reload: reload))
        let verb = reload ? "reload" : "read"
        let text =
            !stored.exists
            ? "\(verb): nothing is stored, profile = Profile.default"
            : "\(verb): profile = revision \(stored.revision) from \(storage.location)"
        provenance.stored(
            ProfileField.allCases.map { ($0, text) }, act: reload ? .reload : .wiring,
            wiring: host.wiring, at: place)
        traceStore(text)
        return events
    }

    // MARK: - -1

    /// True when `-1` holds commits the store has not seen.
    var hasPendingTransaction: Bool {
        singleTransaction && host.usesStore && host.profile != base.profile
    }

    /// `-1` at the successful end of the script: saves once, merged with whatever another
    /// session stored meanwhile.
    func commitTransaction() throws(CommandFailure) {
        guard hasPendingTransaction else { return }
        let request = StoreCommit(
            base: base, ours: host.profile, touched: transaction.touched,
            force: transaction.force)
        let result: StoreCommitResult
        do {
            result = try storage.commit(request, dryRun: false)
        } catch {
            let wayOut =
                error.kind == .conflict
                ? "; nothing was saved: run the script again to apply it to the stored profile"
                : "; nothing was saved"
            throw CommandFailure(status: .store, error.message + wayOut, at: nil)
        }
        base = result.stored
        transaction = PendingTransaction()
        recordEvents(adopt(.committed(result)))
    }

    // MARK: - Trace and notes

    private func traceStore(_ text: String) {
        if settings.trace { writeTrace("~ lprof store: " + text) }
    }

    /// The store's events of a commit: the merge, field by field, then the write.
    private func traceCommit(_ result: StoreCommitResult) {
        guard settings.trace else { return }
        if let merge = result.merge {
            traceStore(
                Self.whatHappened(merge)
                    + "; merging field by field (lprof's store, not the tutorial's)")
            for field in merge.fromTheirs { traceStore(Self.mergeLine(field, result)) }
            for conflict in merge.overridden {
                traceStore(
                    "merge: profile.\(conflict.field.rawValue) stays \(conflict.ours.quotedText) "
                        + "(--force; revision \(merge.theirRevision) had \(conflict.theirs.quotedText))"
                )
            }
        }
        if result.wrote {
            traceStore("saved revision \(result.stored.revision) to \(storage.location)")
        } else {
            traceStore(
                "revision \(result.stored.revision) already holds this profile: nothing written")
        }
    }

    /// Trace's line for a field a merge took from another session's commit.
    private static func mergeLine(_ field: ProfileField, _ result: StoreCommitResult) -> String {
        "merge: profile.\(field.rawValue) = \(result.stored.profile[field].quotedText) "
            + "(from revision \(result.merge?.theirRevision ?? result.stored.revision))"
    }

    /// The fields a merge took from another session's commit begin again there, for `why`.
    private func recordMerge(_ result: StoreCommitResult) {
        guard let merge = result.merge, !merge.fromTheirs.isEmpty else { return }
        provenance.stored(
            merge.fromTheirs.map { ($0, Self.mergeLine($0, result)) }, act: .merge,
            wiring: host.wiring, at: place)
    }

    /// The one line that tells of a merge; nil when it changed nothing this session sees,
    /// unless the store was replaced.
    static func mergeNote(_ result: StoreCommitResult) -> String? {
        guard let merge = result.merge,
            merge.replaced || !(merge.fromTheirs.isEmpty && merge.overridden.isEmpty)
        else { return nil }
        var parts: [String] = []
        if !merge.fromTheirs.isEmpty {
            parts.append("took its \(names(merge.fromTheirs))")
        }
        if !merge.fromOurs.isEmpty {
            parts.append("kept this session's \(names(merge.fromOurs))")
        }
        if !merge.overridden.isEmpty {
            let listed = merge.overridden.map {
                "\($0.field.rawValue) over its \($0.theirs.quotedText)"
            }
            parts.append("--force kept this session's \(StoreConflict.list(listed))")
        }
        let saved =
            result.wrote
            ? "saved as revision \(result.stored.revision)"
            : "revision \(result.stored.revision) already held the result"
        if parts.isEmpty { parts.append("both sides made the same changes") }
        return Self.whatHappened(merge) + "; merged: " + parts.joined(separator: "; ") + "; "
            + saved
    }

    /// What the commit met in the store: another session's revision, or another store.
    private static func whatHappened(_ merge: StoreMergeReport) -> String {
        merge.replaced
            ? "the store was replaced \(since(merge.baseRevision)), by another one at "
                + "revision \(merge.theirRevision)"
            : "another session saved revision \(merge.theirRevision) \(since(merge.baseRevision))"
    }

    private static func names(_ fields: [ProfileField]) -> String {
        StoreConflict.list(fields.map(\.rawValue))
    }

    private static func since(_ revision: Int) -> String {
        revision == 0
            ? "since this session started" : "since this session read revision \(revision)"
    }
}
