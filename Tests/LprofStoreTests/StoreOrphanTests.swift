import Foundation
import Glibc
import StoreTestSupport
import Testing

@testable import LprofStore
@testable import LprofSystem

/// A killed writer's temporary file is removed by the next session that reads the store,
/// but only while no writer holds the store's lock (issue 32, item 8).
@Suite struct StoreOrphanTests {
    let orphan = ".profile.json.lprof-tmp~Ab3xYz"

    @Test func aLoadRemovesAnOrphanWhenTheLockIsFree() throws {
        let dir = StoreTempFolder()
        defer { dir.remove() }
        _ = try FileProfileStorage(path: dir.store)
            .save(storeSampleProfile, expectedRevision: 0, force: false)
        storeWriteText("{", to: dir.file(orphan))
        #expect(try FileProfileStorage(path: dir.store).load()?.revision == 1)
        #expect(dir.names() == ["profile.json", "profile.json.lock"])
    }

    @Test func aLoadLeavesATemporaryFileWhileAWriterHoldsTheLock() throws {
        let dir = StoreTempFolder()
        defer { dir.remove() }
        _ = try FileProfileStorage(path: dir.store)
            .save(storeSampleProfile, expectedRevision: 0, force: false)
        storeWriteText("{", to: dir.file(orphan))
        // A writer in the middle of its write holds the lock (its own open of the file).
        let writer = try FileLock.acquire(
            path: dir.store + ".lock", fileSystem: FileSystem(), timeout: 1)
        #expect(try FileProfileStorage(path: dir.store).load()?.revision == 1)
        #expect(dir.names().contains(orphan))
        writer.release()
    }

    @Test func aLoadCreatesNoLockFile() throws {
        let dir = StoreTempFolder()
        defer { dir.remove() }
        storeWriteText(storeJSON(revision: "2"), to: dir.store)
        #expect(try FileProfileStorage(path: dir.store).load()?.revision == 2)
        #expect(dir.names() == ["profile.json"])
    }
}
