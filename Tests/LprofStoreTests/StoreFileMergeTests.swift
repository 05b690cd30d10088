import Foundation
import Glibc
import LprofModel
import StoreTestSupport
import Testing

@testable import LprofStore
@testable import LprofSystem

/// The file store's merge: two storages on one file stand for two sessions.
@Suite struct StoreFileMergeTests {
    /// Revision 1 holds the sample profile; B then commits `theirs` as revision 2.
    func twoSessions(_ dir: StoreTempFolder, theirs: Profile) throws -> StoredProfile {
        let a = FileProfileStorage(path: dir.store)
        try a.commit(
            StoreCommit(
                base: StoredProfile(profile: storeSampleProfile, revision: 0),
                ours: storeOtherProfile), dryRun: false)
        let read = try #require(try a.load())
        try FileProfileStorage(path: dir.store).commit(
            StoreCommit(base: read, ours: theirs), dryRun: false)
        return read
    }

    @Test func disjointCommitsMergeAndNothingIsLost() throws {
        let dir = StoreTempFolder()
        defer { dir.remove() }
        var theirs = storeOtherProfile
        theirs.username = "kim"
        let read = try twoSessions(dir, theirs: theirs)
        var ours = read.profile
        ours.seasonalPhoto = .spring
        let result = try FileProfileStorage(path: dir.store).commit(
            StoreCommit(base: read, ours: ours), dryRun: false)
        var merged = theirs
        merged.seasonalPhoto = .spring
        #expect(result.stored.withoutIdentity == StoredProfile(profile: merged, revision: 3))
        #expect(result.wrote)
        #expect(result.merge?.fromTheirs == [.username] && result.merge?.fromOurs == [.season])
        #expect(result.merge?.theirRevision == 2 && result.merge?.baseRevision == 1)
        #expect(try FileProfileStorage(path: dir.store).load() == result.stored)
        #expect(dir.names() == ["profile.json", "profile.json.lock"])
    }

    @Test func conflictLeavesTheFileAndNamesBothValues() throws {
        let dir = StoreTempFolder()
        defer { dir.remove() }
        var theirs = storeOtherProfile
        theirs.seasonalPhoto = .summer
        let read = try twoSessions(dir, theirs: theirs)
        let before = storeReadBytes(dir.store)
        var ours = read.profile
        ours.seasonalPhoto = .spring
        var thrown: StoreError?
        do {
            try FileProfileStorage(path: dir.store).commit(
                StoreCommit(base: read, ours: ours), dryRun: false)
        } catch { thrown = error }
        #expect(thrown?.kind == .conflict)
        #expect(
            thrown?.conflict
                == StoreConflict(
                    baseRevision: 1, theirRevision: 2,
                    fields: [
                        .init(field: .season, ours: .season(.spring), theirs: .season(.summer))
                    ]))
        #expect(
            thrown?.message
                == "store '\(dir.store)' was changed: another session saved revision 2 since "
                + "this session read revision 1, and both changed season (yours spring, theirs summer)"
        )
        #expect(storeReadBytes(dir.store) == before)
    }

    @Test func forceKeepsOursWhereBothChangedAndTheirsElsewhere() throws {
        let dir = StoreTempFolder()
        defer { dir.remove() }
        var theirs = storeOtherProfile
        theirs.seasonalPhoto = .summer
        theirs.username = "kim"
        let read = try twoSessions(dir, theirs: theirs)
        var ours = read.profile
        ours.seasonalPhoto = .spring
        let result = try FileProfileStorage(path: dir.store).commit(
            StoreCommit(base: read, ours: ours, force: true), dryRun: false)
        var expected = theirs
        expected.seasonalPhoto = .spring
        #expect(result.stored.withoutIdentity == StoredProfile(profile: expected, revision: 3))
        #expect(result.merge?.overridden.map(\.field) == [.season])
        #expect(result.merge?.fromTheirs == [.username])
    }

    @Test func aMergeThatChangesNothingWritesNothing() throws {
        let dir = StoreTempFolder()
        defer { dir.remove() }
        var theirs = storeOtherProfile
        theirs.seasonalPhoto = .spring
        let read = try twoSessions(dir, theirs: theirs)
        var info = stat()
        lstat(dir.store, &info)
        let before = (
            storeReadBytes(dir.store), info.st_ino, info.st_mtim.tv_sec, info.st_mtim.tv_nsec
        )
        usleep(20_000)
        // The same change as theirs: agreed, and stored already.
        var ours = read.profile
        ours.seasonalPhoto = .spring
        let result = try FileProfileStorage(path: dir.store).commit(
            StoreCommit(base: read, ours: ours), dryRun: false)
        #expect(!result.wrote)
        #expect(result.stored.withoutIdentity == StoredProfile(profile: theirs, revision: 2))
        lstat(dir.store, &info)
        #expect(storeReadBytes(dir.store) == before.0)
        #expect(info.st_ino == before.1)
        #expect(info.st_mtim.tv_sec == before.2 && info.st_mtim.tv_nsec == before.3)
    }

    @Test func dryRunDecidesButNeverWrites() throws {
        let dir = StoreTempFolder()
        defer { dir.remove() }
        var theirs = storeOtherProfile
        theirs.username = "kim"
        let read = try twoSessions(dir, theirs: theirs)
        let before = storeReadBytes(dir.store)
        var ours = read.profile
        ours.seasonalPhoto = .spring
        let storage = FileProfileStorage(path: dir.store)
        let result = try storage.commit(StoreCommit(base: read, ours: ours), dryRun: true)
        #expect(!result.wrote && result.stored.revision == 3)
        #expect(storeReadBytes(dir.store) == before)
        ours.username = "lee"
        #expect(throws: StoreError.self) {
            try storage.commit(StoreCommit(base: read, ours: ours), dryRun: true)
        }
    }
}

/// Faults on the merge path: another session committed, so this commit reads the store
/// under the lock, merges, and writes. A failure at any step leaves the other session's
/// commit in place, releases the lock and leaves no temporary file.
@Suite struct StoreMergeFaultTests {
    @Test(arguments: [
        ("read", EIO, "cannot be read: Input/output error"),
        ("write", ENOSPC, "could not be written: No space left on device"),
        ("fsync", EIO, "could not be written: Input/output error"),
        ("rename", EROFS, "could not be written: Read-only file system"),
    ])
    func failureLeavesTheirCommit(call: String, code: Int32, text: String) throws {
        let dir = StoreTempFolder()
        defer { dir.remove() }
        let read = StoredProfile(profile: storeSampleProfile, revision: 1)
        storeWriteBytes(StoreCodec.encode(read), to: dir.store)
        var theirs = storeSampleProfile
        theirs.username = "kim"
        try FileProfileStorage(path: dir.store).commit(
            StoreCommit(base: read, ours: theirs), dryRun: false)
        let before = storeReadBytes(dir.store)

        var ours = storeSampleProfile
        ours.seasonalPhoto = .spring
        let storage = storeFailingStorage(path: dir.store, at: call, code: code)
        var thrown: StoreError?
        do {
            try storage.commit(StoreCommit(base: read, ours: ours), dryRun: false)
        } catch { thrown = error }
        #expect(thrown?.kind == (call == "read" ? .unreadable : .writeFailed))
        #expect(thrown?.message.contains(text) == true, "\(thrown?.message ?? "no error")")
        #expect(storeReadBytes(dir.store) == before)
        #expect(dir.names() == ["profile.json", "profile.json.lock"])
        #expect(!storeIsLocked(dir.store + ".lock"))
        // The same commit goes through once the fault is gone.
        let result = try FileProfileStorage(path: dir.store).commit(
            StoreCommit(base: read, ours: ours), dryRun: false)
        #expect(result.stored.profile.username == "kim")
        #expect(result.stored.profile.seasonalPhoto == .spring && result.stored.revision == 3)
    }

    /// The read that decides the merge happens while the lock is held.
    @Test func theMergeReadsUnderTheLock() throws {
        let dir = StoreTempFolder()
        defer { dir.remove() }
        let read = StoredProfile(profile: storeSampleProfile, revision: 1)
        var theirs = storeSampleProfile
        theirs.username = "kim"
        storeWriteBytes(
            StoreCodec.encode(StoredProfile(profile: theirs, revision: 2)), to: dir.store)
        let lockPath = dir.store + ".lock"
        let lockedAtRead = StoreCounter()
        let reads = StoreCounter()
        var ops = FileSystemOps.system
        ops.read = { fd, bytes, count in
            _ = reads.next()
            if storeIsLocked(lockPath) { _ = lockedAtRead.next() }
            return Glibc.read(fd, bytes, count)
        }
        let storage = FileProfileStorage(path: dir.store)
        storage.fileSystem = FileSystem(ops: ops)
        var ours = storeSampleProfile
        ours.seasonalPhoto = .spring
        let result = try storage.commit(StoreCommit(base: read, ours: ours), dryRun: false)
        #expect(result.merge?.theirRevision == 2)
        #expect(reads.value > 0 && lockedAtRead.value == reads.value)
    }
}

/// A store knows itself (issue 26): a store removed and made anew restarts its revisions,
/// so a commit compares the identity as well as the revision, and merges with a store it
/// never read as if another session had changed the one it read.
@Suite struct StoreIdentityFileTests {
    static let first = StoreIdentity(hex: String(repeating: "1", count: 32))!
    static let second = StoreIdentity(hex: String(repeating: "2", count: 32))!

    static func storage(_ path: String, _ identity: StoreIdentity) -> FileProfileStorage {
        let storage = FileProfileStorage(path: path)
        storage.makeIdentity = { identity }
        return storage
    }

    /// The first store at revision 1 (sample profile, identity `first`), read; removed; a
    /// second store made anew at revision 1 holding `theirs`. Returns what was read.
    static func recreate(_ dir: StoreTempFolder, theirs: Profile) throws -> StoredProfile {
        let none = StoredProfile(profile: storeSampleProfile, revision: 0)
        var first = storeSampleProfile
        first.goalDate = CalendarDay(iso: "2027-01-01")!
        try storage(dir.store, Self.first).commit(
            StoreCommit(base: none, ours: first), dryRun: false)
        let read = try #require(try FileProfileStorage(path: dir.store).load())
        #expect(read.identity == Self.first && read.revision == 1)
        try FileManager.default.removeItem(atPath: dir.store)
        try storage(dir.store, Self.second).commit(
            StoreCommit(base: none, ours: theirs), dryRun: false)
        let made = try #require(try FileProfileStorage(path: dir.store).load())
        #expect(made.identity == Self.second && made.revision == 1)
        return read
    }

    @Test func aStoreMadeAnewAtTheSameRevisionIsMergedWith() throws {
        let dir = StoreTempFolder()
        defer { dir.remove() }
        var theirs = storeSampleProfile
        theirs.username = "kim"
        let read = try Self.recreate(dir, theirs: theirs)
        var ours = read.profile
        ours.seasonalPhoto = .spring
        let result = try Self.storage(dir.store, Self.first).commit(
            StoreCommit(base: read, ours: ours), dryRun: false)
        // Theirs changed the username and (from the first store's profile) the goal.
        var merged = theirs
        merged.seasonalPhoto = .spring
        #expect(
            result.stored == StoredProfile(profile: merged, revision: 2, identity: Self.second))
        #expect(result.merge?.replaced == true && result.merge?.theirRevision == 1)
        #expect(result.merge?.fromTheirs == [.username, .goal])
        #expect(try FileProfileStorage(path: dir.store).load() == result.stored)
    }

    @Test func aStoreMadeAnewConflictsWhereBothChangedAField() throws {
        let dir = StoreTempFolder()
        defer { dir.remove() }
        var theirs = storeSampleProfile
        theirs.seasonalPhoto = .summer
        let read = try Self.recreate(dir, theirs: theirs)
        let before = storeReadBytes(dir.store)
        var ours = read.profile
        ours.seasonalPhoto = .spring
        var thrown: StoreError?
        do {
            try FileProfileStorage(path: dir.store).commit(
                StoreCommit(base: read, ours: ours), dryRun: false)
        } catch { thrown = error }
        #expect(thrown?.kind == .conflict && thrown?.conflict?.replaced == true)
        // Only the season: this session kept the first store's goal, so theirs comes in.
        #expect(thrown?.conflict?.fields.map(\.field) == [.season])
        #expect(
            thrown?.message
                == "store '\(dir.store)' was replaced since this session read revision 1: the "
                + "store there now is another one, at revision 1, and both changed season (yours "
                + "spring, theirs summer)")
        #expect(storeReadBytes(dir.store) == before)
    }

    @Test func aStoreWithoutAnIdentityGetsOneAtItsNextWriteAndKeepsIt() throws {
        let dir = StoreTempFolder()
        defer { dir.remove() }
        storeWriteBytes(
            StoreCodec.encode(StoredProfile(profile: storeSampleProfile, revision: 4)),
            to: dir.store)
        let read = try #require(try FileProfileStorage(path: dir.store).load())
        #expect(read.identity == nil)
        var ours = read.profile
        ours.username = "kim"
        let result = try Self.storage(dir.store, Self.first).commit(
            StoreCommit(base: read, ours: ours), dryRun: false)
        #expect(result.merge == nil && result.stored.identity == Self.first)
        ours.username = "lee"
        let next = try Self.storage(dir.store, Self.second).commit(
            StoreCommit(base: result.stored, ours: ours), dryRun: false)
        #expect(next.merge == nil)
        #expect(next.stored == StoredProfile(profile: ours, revision: 6, identity: Self.first))
    }

    /// A session that read a store without an identity cannot tell that store, given an
    /// identity by a later write, from a new one; at a later revision it merges as with any
    /// other session's commit, at the revision it read or an earlier one it is another store.
    @Test(arguments: [(4, false), (3, true), (2, true)])
    func aStoreWithoutAnIdentityReplacedOrNot(_ revision: Int, _ replaced: Bool) throws {
        let read = StoredProfile(profile: storeSampleProfile, revision: 3)
        var theirs = storeSampleProfile
        theirs.username = "kim"
        let now = StoredProfile(profile: theirs, revision: revision, identity: Self.first)
        #expect(now.replaces(read) == replaced)
        var ours = storeSampleProfile
        ours.seasonalPhoto = .spring
        guard case .write(_, let report) = StoreCommit(base: read, ours: ours).plan(over: now)
        else {
            Issue.record("expected a write")
            return
        }
        #expect(report?.replaced == replaced && report?.fromTheirs == [.username])
    }

    @Test func identitiesDecideTogetherWithRevisions() {
        let read = StoredProfile(profile: storeSampleProfile, revision: 3, identity: Self.first)
        let same = read
        var other = read
        other.identity = Self.second
        var older = read
        older.identity = nil
        #expect(!same.replaces(read) && other.replaces(read) && older.replaces(read))
        // Nothing read: nothing to be replaced.
        let none = StoredProfile(profile: storeSampleProfile, revision: 0)
        #expect(!other.replaces(none))
        var ours = storeSampleProfile
        ours.seasonalPhoto = .spring
        let commit = StoreCommit(base: read, ours: ours)
        #expect(commit.plan(over: same) == .write(ours, nil))
        guard case .write(_, let report) = commit.plan(over: other) else {
            Issue.record("expected a write")
            return
        }
        #expect(report?.replaced == true && report?.fromOurs == [.season])
    }

    @Test func aForcedWriteOverACorruptStoreMakesANewOne() throws {
        let dir = StoreTempFolder()
        defer { dir.remove() }
        storeWriteText("{not json", to: dir.store)
        let read = StoredProfile(profile: storeSampleProfile, revision: 2, identity: Self.first)
        var ours = storeSampleProfile
        ours.username = "kim"
        let result = try Self.storage(dir.store, Self.second).commit(
            StoreCommit(base: read, ours: ours, force: true), dryRun: false)
        #expect(result.stored == StoredProfile(profile: ours, revision: 3, identity: Self.second))
    }
}
