import Foundation
import LprofModel
import StoreTestSupport
import Testing

@testable import LprofShell
@testable import LprofStore
@testable import LprofSystem
@testable import LprofText

/// The interpreter's side of the store: commits that change nothing, merges with another
/// session's commit, conflicts and their ways out, `reload`, and `-1`.
@Suite struct InterpreterStoreTests {
    /// A store on disk holding the sample profile at revision 1, and session A reading it.
    struct TwoSessions {
        let dir = StoreTempFolder()
        let a: InterpSession

        init(trace: Bool = false) {
            let read = StoredProfile(profile: storeSampleProfile, revision: 1)
            storeWriteBytes(StoreCodec.encode(read), to: dir.store)
            a = InterpSession(
                storage: FileProfileStorage(path: dir.store), loaded: read, trace: trace)
        }

        /// Session B, a separate process's worth of state, commits `script`.
        func other(_ script: String) {
            let loaded = try? FileProfileStorage(path: dir.store).load()
            let b = InterpSession(storage: FileProfileStorage(path: dir.store), loaded: loaded)
            #expect(b.run(script) == 0, "B: \(b.rendered)")
        }

        var stored: StoredProfile? { try? FileProfileStorage(path: dir.store).load() }
        var notes: [Diagnostic] { a.sink.collected.filter { $0.severity == .note } }
    }

    @Test func aCommitThatChangesNothingSavesNothing() {
        let storage = InterpRecordingStorage()
        let s = InterpSession(storage: storage, trace: true)
        #expect(s.run("edit on; done; edit on; set season winter; edit off; reset") == 0)
        #expect(storage.commits.isEmpty)
        #expect(s.output.contains("~ lprof store: the profile did not change: nothing to save\n"))
        #expect(!s.output.contains("saved revision"))
    }

    @Test func disjointCommitsMergeWithANote() {
        let t = TwoSessions(trace: true)
        defer { t.dir.remove() }
        t.a.run("edit on; set season spring")
        t.other("edit on; set username kim; set goal +1d; done")
        #expect(t.a.run("done; get username; get season") == 0, "\(t.a.rendered)")
        #expect(t.stored?.revision == 3)
        #expect(t.stored?.profile.username == "kim" && t.stored?.profile.seasonalPhoto == .spring)
        #expect(t.a.host.profile == t.stored?.profile)
        #expect(t.a.interpreter.base == t.stored)
        let trace: String = [
            "~ lprof store: another session saved revision 2 since this session read revision 1; "
                + "merging field by field (lprof's store, not the tutorial's)",
            "~ lprof store: merge: profile.username = \"kim\" (from revision 2)",
            "~ lprof store: merge: profile.goal = 2026-12-01 (from revision 2)",
            "~ lprof store: saved revision 3 to \(t.dir.store)", "kim", "spring", "",
        ].joined(separator: "\n")
        #expect(t.a.output.hasSuffix(trace), "\(t.a.output)")
        #expect(t.notes.count == 1)
        #expect(
            t.notes.first?.message
                == "another session saved revision 2 since this session read revision 1; "
                + "merged: took its username and goal; kept this session's season; saved as revision 3"
        )
        #expect(t.notes.first?.location == .init(source: "<command-line>", line: 1, column: 1))
        #expect(t.notes.first?.excerpt == nil)
    }

    @Test func conflictNamesBothValuesAndTheWaysOut() throws {
        let t = TwoSessions()
        defer { t.dir.remove() }
        t.a.run("edit on; set season spring; set username ann")
        t.other("edit on; set season summer; set notifications off; done")
        let before = storeReadBytes(t.dir.store)
        var failure: CommandFailure?
        do { _ = try t.a.execute("done") } catch { failure = error }
        #expect(failure?.status == .store)
        #expect(
            failure?.message
                == "store '\(t.dir.store)' was changed: another session saved revision 2 since "
                + "this session read revision 1, and both changed season (yours spring, theirs "
                + "summer); 'done --force' keeps yours, 'cancel' then 'reload' takes theirs")
        #expect(storeReadBytes(t.dir.store) == before)
        #expect(t.a.host.editMode == .active && t.a.host.draft.seasonalPhoto == .spring)
        #expect(t.a.host.draft.username == "ann")

        // done --force keeps ours where both changed, and still takes their notifications.
        #expect(try t.a.execute("done --force") == .next)
        let stored = try #require(t.stored)
        #expect(stored.revision == 3 && stored.profile.seasonalPhoto == .spring)
        #expect(stored.profile.username == "ann" && !stored.profile.prefersNotifications)
        #expect(t.a.host.profile == stored.profile)
    }

    @Test func cancelThenReloadTakesTheirs() throws {
        let t = TwoSessions()
        defer { t.dir.remove() }
        t.a.run("edit on; set season spring")
        t.other("edit on; set season summer; set username kim; done")
        #expect(throws: CommandFailure.self) { try t.a.execute("done") }
        // (The runner's status is that of its first failure: run each command directly.)
        for line in ["cancel", "reload", "get season", "get username"] {
            #expect(try t.a.execute(line) == .next)
        }
        #expect(
            t.a.output
                == "Reloaded revision 2 (this session had revision 1).\n"
                + "username: g_kumar → kim\nseason: winter → summer\nsummer\nkim\n")
        #expect(t.a.interpreter.base == t.stored)
        // The next commit builds on revision 2 without a merge.
        for line in ["edit on", "set goal +1d", "done"] { #expect(try t.a.execute(line) == .next) }
        #expect(t.stored?.revision == 3 && t.stored?.profile.seasonalPhoto == .summer)
        #expect(t.notes.isEmpty)
    }

    @Test func resetConflictsWithAnyFieldAnotherSessionChanged() throws {
        let t = TwoSessions()
        defer { t.dir.remove() }
        t.a.run("edit on; set season autumn; done")  // revision 2
        t.other("edit on; set username kim; done")  // revision 3
        var failure: CommandFailure?
        do { _ = try t.a.execute("reset") } catch { failure = error }
        #expect(failure?.status == .store)
        #expect(
            failure?.message.contains("both changed username (yours \"g_kumar\", theirs \"kim\")")
                == true)
        #expect(
            failure?.message.hasSuffix(
                "; 'reset --force' keeps yours (the default), 'reload' takes theirs") == true)
        #expect(t.stored?.revision == 3)
        #expect(try t.a.execute("reset --force") == .next)
        #expect(t.stored?.profile == Profile.default(today: interpToday))
        #expect(t.stored?.revision == 4)
    }

    @Test func reloadSaysWhatChanged() {
        let t = TwoSessions()
        defer { t.dir.remove() }
        #expect(t.a.run("reload") == 0)
        #expect(t.a.output == "Reloaded revision 1, the one this session had read.\nNo changes.\n")
        // Outside edit mode only: a state error at the command.
        #expect(t.a.run("edit on; reload") == 1)
        #expect(t.a.errors.last?.location?.column == 10)
        #expect(t.a.errors.last?.message.contains("only outside edit mode") == true)
        // A removed store reads as the default profile.
        unlink(t.dir.store)
        let s = InterpSession(
            storage: FileProfileStorage(path: t.dir.store),
            loaded: StoredProfile(profile: storeOtherProfile, revision: 4))
        #expect(s.run("reload; get --json") == 0)
        #expect(s.output.hasPrefix("Nothing is stored: the profile is the default one.\n"))
        #expect(s.host.profile == Profile.default(today: interpToday))
        #expect(s.interpreter.base.revision == 0)
    }

    @Test func reloadOfABrokenStoreIsAStoreError() {
        let t = TwoSessions()
        defer { t.dir.remove() }
        storeWriteText("not json", to: t.dir.store)
        #expect(t.a.run("reload") == 3)
        #expect(t.a.errors.first?.message.contains("to run without it, use --memory") == true)
        #expect(t.a.host.profile == storeSampleProfile)
    }

    @Test func reloadWithoutAStoreIsAnError() {
        let s = InterpSession()
        #expect(s.run("reload") == 1)
        #expect(s.errors.first?.message.contains("(--memory)") == true)
        #expect(s.errors.first?.location?.column == 1)
    }

    @Test func expectErrorReloadUndoesIt() {
        let t = TwoSessions()
        defer { t.dir.remove() }
        t.other("edit on; set season summer; done")
        #expect(t.a.run("expect error reload") == 1)
        #expect(t.a.host.profile == storeSampleProfile && t.a.interpreter.base.revision == 1)
    }

    // MARK: - -1

    @Test func singleTransactionSavesOnceAtTheEnd() {
        let storage = InterpRecordingStorage()
        let s = InterpSession(storage: storage, trace: true)
        s.interpreter.singleTransaction = true
        #expect(
            s.run(
                "edit on; set season spring; done; get profile.season; edit on; set goal +1d; done")
                == 0)
        #expect(storage.saves.count == 1)
        #expect(storage.saves.first?.profile.seasonalPhoto == .spring)
        #expect(storage.saves.first?.profile.goalDate.iso == "2026-12-01")
        #expect(storage.saves.first?.expectedRevision == 0)
        #expect(
            s.output.contains(
                "~ lprof store: not saved yet: with -1 the script's commits are saved once, at its end\n"
                    + "spring\n"))
        #expect(s.output.hasSuffix("~ lprof store: saved revision 1 to test-store\n"))
    }

    @Test(arguments: [
        "edit on; set season spring; done; expect season summer",
        "edit on; set season spring; done; set season winter",
        "edit on; set season spring; done; source /no/such/file.lprof",
    ])
    func singleTransactionSavesNothingWhenTheScriptFails(_ script: String) {
        let storage = InterpRecordingStorage()
        let s = InterpSession(storage: storage, keepGoing: true)
        s.interpreter.singleTransaction = true
        #expect(s.run(script) == 1)
        #expect(storage.commits.isEmpty)
        #expect(
            s.warnings.last?.message
                == "-1: the script did not succeed, so none of its commits were saved; the store "
                + "is unchanged")
    }

    @Test func singleTransactionConflictAtTheEndIsStatus3() {
        let t = TwoSessions()
        defer { t.dir.remove() }
        t.a.interpreter.singleTransaction = true
        t.other("edit on; set season summer; done")
        let before = storeReadBytes(t.dir.store)
        #expect(t.a.run("edit on; set season spring; done; print end") == 3)
        #expect(t.a.output == "end\n")
        #expect(
            t.a.errors.last?.message.hasSuffix(
                "; nothing was saved: run the script again to apply it to the stored profile")
                == true)
        #expect(t.a.errors.last?.location == nil)
        #expect(storeReadBytes(t.dir.store) == before)
    }

    @Test func singleTransactionMergesAtTheEnd() {
        let t = TwoSessions()
        defer { t.dir.remove() }
        t.a.interpreter.singleTransaction = true
        t.other("edit on; set username kim; done")
        #expect(t.a.run("edit on; set season spring; done; get username") == 0)
        #expect(t.a.output == "g_kumar\n")
        #expect(t.stored?.profile.username == "kim" && t.stored?.profile.seasonalPhoto == .spring)
        #expect(t.notes.count == 1 && t.notes[0].location == nil)
        #expect(t.a.host.profile == t.stored?.profile)
    }

    @Test func singleTransactionResetCountsEveryField() {
        let t = TwoSessions()
        defer { t.dir.remove() }
        t.a.run("edit on; set season autumn; done")  // revision 2
        t.a.interpreter.singleTransaction = true
        t.other("edit on; set username kim; done")  // revision 3
        #expect(t.a.run("reset") == 3)
        #expect(t.stored?.profile.username == "kim")
    }
}

/// Store faults on the merge path, seen through the interpreter.
@Suite struct InterpreterStoreFaultTests {
    /// Through the interpreter: a failed merged commit leaves the session as it was, in
    /// edit mode with its draft, still based on the revision it read.
    @Test(arguments: ["read", "write", "fsync", "rename"])
    func sessionKeepsItsDraft(call: String) throws {
        let dir = StoreTempFolder()
        defer { dir.remove() }
        let read = StoredProfile(profile: storeSampleProfile, revision: 1)
        storeWriteBytes(StoreCodec.encode(read), to: dir.store)
        let storage = storeFailingStorage(path: dir.store, at: call, code: EIO)
        let s = InterpSession(storage: storage, loaded: read)
        var theirs = storeSampleProfile
        theirs.username = "kim"
        try FileProfileStorage(path: dir.store).commit(
            StoreCommit(base: read, ours: theirs), dryRun: false)
        #expect(s.run("edit on; set season spring; done") == 3)
        #expect(s.host.editMode == .active && s.host.draft.seasonalPhoto == .spring)
        #expect(s.host.profile == storeSampleProfile)
        #expect(s.interpreter.base == read)
        #expect(try FileProfileStorage(path: dir.store).load()?.profile == theirs)
    }
}
