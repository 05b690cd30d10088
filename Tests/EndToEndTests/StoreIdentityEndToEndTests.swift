import Foundation
import Testing

/// A store knows itself (issue 26): a store removed and made anew under a live session
/// restarts its revisions, and the session's next commit must neither overwrite the new
/// store's commits nor be lost.
@Suite("StoreIdentityEndToEnd")
struct StoreIdentityEndToEndTests {
    static let day = StoreMergeEndToEndTests.day

    /// Revision 5 of a first store, read by a live session that then starts editing; the
    /// store is removed, and another session makes a new one and commits up to revision 5
    /// (username `new`, notifications off, season spring). Returns the live session and
    /// the new store's identity.
    static func recreateUnder(_ f: StoreE2EFolder, editing: String) throws -> (
        StoreE2ESession, String
    ) {
        let first = (1...5).map { "edit on; set username first\($0); done" }
        #expect(try StoreMergeEndToEndTests.run(f, first.joined(separator: "; ")).status == 0)
        let old = try #require(StoreE2EFile.read(f.store))
        #expect(old.revision == 5)
        let a = try StoreMergeEndToEndTests.start(f, "edit on\n" + editing)
        try FileManager.default.removeItem(atPath: f.store)
        let second = [
            "edit on; set username other; done", "edit on; set notifications off; done",
            "edit on; set season summer; done", "edit on; set username new; done",
            "edit on; set season spring; done",
        ]
        #expect(try StoreMergeEndToEndTests.run(f, second.joined(separator: "; ")).status == 0)
        let new = try #require(StoreE2EFile.read(f.store))
        #expect(new.revision == 5, "the new store restarted its revisions")
        let id = try #require(new.id)
        #expect(id != old.id, "a store made anew has an identity of its own")
        return (a, id)
    }

    @Test func aRecreatedStoreIsMergedWithNotOverwritten() throws {
        let f = try StoreE2EFolder()
        defer { f.remove() }
        let (a, id) = try Self.recreateUnder(f, editing: "set goal 2027-03-01")
        a.send("done\nget --json\n")
        #expect(a.finish() == 0, "\(a.stderr)")
        // Nothing of the new store's is overwritten, and the session's goal is not lost.
        let file = try #require(StoreE2EFile.read(f.store))
        #expect(file.id == id && file.revision == 6)
        #expect(file.username == "new" && !file.prefersNotifications)
        #expect(file.seasonalPhoto == "spring" && file.goalDate == "2027-03-01")
        #expect(
            a.stderr
                == "<stdin>:4:1: note: the store was replaced since this session read revision 5, by another "
                + "one at revision 5; merged: took its username, notifications and season; "
                + "kept this session's goal; saved as revision 6\n")
        #expect(
            a.stdout.hasSuffix(
                #"{"username":"new","prefersNotifications":false,"seasonalPhoto":"spring","goalDate":"2027-03-01"}"#
                    + "\n"))
    }

    @Test func aRecreatedStoreConflictsWhereBothChangedAField() throws {
        let f = try StoreE2EFolder()
        defer { f.remove() }
        let (a, _) = try Self.recreateUnder(f, editing: "set username mine\nset goal +1m")
        let before = StoreE2ESnapshot(f.store)
        a.send("done\nprint AFTER\n")
        #expect(a.finish() == 3)
        #expect(!a.stdout.contains("AFTER"))
        #expect(
            a.stderr.contains(
                "error: store '\(f.store)' was replaced since this session read revision 5: "
                    + "the store there now is another one, at revision 5, and both changed "
                    + #"username (yours "mine", theirs "new"); 'done --force' keeps yours, 'cancel' "#
                    + "then 'reload' takes theirs"), "\(a.stderr)")
        #expect(StoreE2ESnapshot(f.store) == before, "the new store is left as it was")
    }

    /// The ways out of that conflict: `done --force` keeps this session's username and
    /// takes the new store's other fields; `reload` says the store was replaced.
    @Test func forceAndReloadAfterARecreatedStore() throws {
        let f = try StoreE2EFolder()
        defer { f.remove() }
        let (a, id) = try Self.recreateUnder(f, editing: "set username mine")
        a.send("done --force\nget --json\n")
        #expect(a.finish() == 0, "\(a.stderr)")
        let file = try #require(StoreE2EFile.read(f.store))
        #expect(file.id == id && file.revision == 6 && file.username == "mine")
        #expect(file.seasonalPhoto == "spring" && !file.prefersNotifications)
        #expect(a.stderr.contains(#"--force kept this session's username over its "new""#))

        let g = try StoreE2EFolder()
        defer { g.remove() }
        let (b, _) = try Self.recreateUnder(g, editing: "set username mine")
        b.send("cancel\nreload\nget username\n")
        #expect(b.finish() == 0, "\(b.stderr)")
        // (Wrapped at 80 columns.)
        #expect(
            b.stdout.replacingOccurrences(of: "\n", with: " ").contains(
                "Reloaded revision 5 of another store: the one this session had read "
                    + "(revision 5) was replaced. username: first5 → new"), "\(b.stdout)")
        #expect(b.stdout.hasSuffix("new\n"))
    }

    /// A store an older lprof wrote has no identity: it loads, and its next write gives
    /// it one, which later writes keep.
    @Test func anOlderStoreGetsAnIdentityAtItsNextWrite() throws {
        let f = try StoreE2EFolder()
        defer { f.remove() }
        let old =
            #"{"format":1,"revision":3,"profile":{"username":"kim","prefersNotifications":true,"seasonalPhoto":"winter","goalDate":"2026-11-30"}}"#
            + "\n"
        try Data(old.utf8).write(to: URL(fileURLWithPath: f.store))
        let read = try StoreMergeEndToEndTests.run(f, "get username")
        #expect(read.status == 0 && read.stdout == "kim\n", "\(read.stderr)")
        #expect(StoreE2ESnapshot(f.store).bytes == Data(old.utf8), "reading writes nothing")
        #expect(try StoreMergeEndToEndTests.run(f, "edit on; set season spring; done").status == 0)
        let first = try #require(StoreE2EFile.read(f.store))
        let id = try #require(first.id)
        #expect(first.revision == 4 && first.username == "kim" && first.seasonalPhoto == "spring")
        let bytes = try #require(FileManager.default.contents(atPath: f.store))
        #expect(
            String(decoding: bytes, as: UTF8.self)
                == #"{"format":1,"id":"\#(id)","revision":4,"profile":{"username":"kim","prefersNotifications":true,"seasonalPhoto":"spring","goalDate":"2026-11-30"}}"#
                + "\n")
        #expect(try StoreMergeEndToEndTests.run(f, "edit on; set season summer; done").status == 0)
        #expect(StoreE2EFile.read(f.store)?.id == id)
        #expect(StoreE2EFile.read(f.store)?.revision == 5)
    }

    @Test(arguments: [
        #""id":"0123""#, #""id":"0123456789ABCDEF0123456789ABCDEF""#, #""id":7"#,
        #""id":"0123456789abcdef0123456789abcdeg""#, #""id":"0123456789abcdef0123456789abcdef0""#,
    ])
    func aCorruptIdentityIsACorruptStore(_ member: String) throws {
        let f = try StoreE2EFolder()
        defer { f.remove() }
        let text =
            #"{"format":1,\#(member),"revision":3,"profile":{"username":"kim","prefersNotifications":true,"seasonalPhoto":"winter","goalDate":"2026-11-30"}}"#
            + "\n"
        try Data(text.utf8).write(to: URL(fileURLWithPath: f.store))
        let r = try StoreMergeEndToEndTests.run(f, "edit on; set season spring; done")
        #expect(r.status == 3)
        #expect(r.stderr.contains("store '\(f.store)' is corrupt: id "), "\(r.stderr)")
        #expect(StoreE2ESnapshot(f.store).bytes == Data(text.utf8))
    }
}
