import Foundation
import Glibc
import StoreTestSupport
import Testing

@testable import LprofStore

/// Stores a commit must leave as they are, each refused with a message that says what is
/// there and what to do: a read-only store, a folder that is a dangling link, a socket.
@Suite struct StoreFileRefusalTests {
    /// A store its owner made read-only (chmod 444) is refused by every commit, root's too
    /// (the rename would replace it all the same), and left byte for byte; it still reads.
    @Test func aReadOnlyStoreIsNeverReplaced() throws {
        let dir = StoreTempFolder()
        defer { dir.remove() }
        let storage = FileProfileStorage(path: dir.store)
        try storage.save(storeSampleProfile, expectedRevision: 0, force: false)
        #expect(chmod(dir.store, 0o444) == 0)
        let before = storeReadBytes(dir.store)
        let refused =
            "store '\(dir.store)' is read-only (mode 0444): the commit is refused and the "
            + "stored profile is unchanged; make it writable (chmod u+w) to commit"
        for force in [false, true] {
            #expect {
                try storage.save(storeOtherProfile, expectedRevision: 1, force: force)
            } throws: {
                let e = $0 as? StoreError
                return e?.kind == .writeFailed && e?.message == refused
            }
        }
        // A merge over another session's commit, and a dry run, refuse alike.
        let merging = StoreCommit(
            base: StoredProfile(profile: storeSampleProfile, revision: 0),
            ours: storeOtherProfile)
        for dryRun in [false, true] {
            #expect {
                try storage.commit(merging, dryRun: dryRun)
            } throws: { ($0 as? StoreError)?.message == refused }
        }
        #expect(storeReadBytes(dir.store) == before)
        #expect(try storage.load()?.profile == storeSampleProfile)
        // A commit that changes nothing writes nothing, so it is no refusal.
        #expect(try storage.save(storeSampleProfile, expectedRevision: 1, force: false) == 1)
    }

    /// The default store's folder is a link to nowhere: the commit names the link and where
    /// it leads, makes nothing there, and never calls it merely "Not a directory".
    @Test func aDefaultFolderThatIsADanglingLinkIsNamed() throws {
        let dir = StoreTempFolder()
        defer { dir.remove() }
        #expect(symlink(dir.file("nowhere"), dir.file("lprof")) == 0)
        let storage = FileProfileStorage(path: dir.file("lprof/profile.json"), createsFolder: true)
        #expect(try storage.load() == nil)
        #expect {
            try storage.save(storeSampleProfile, expectedRevision: 0, force: false)
        } throws: {
            let e = $0 as? StoreError
            return e?.kind == .writeFailed
                && e?.message
                    == "store '\(dir.file("lprof/profile.json"))' could not be written: the folder "
                    + "'\(dir.file("lprof"))' is a symbolic link to a missing folder, "
                    + "'\(dir.file("nowhere"))': make that folder (mkdir -p "
                    + "'\(dir.file("nowhere"))') or remove the link, and lprof makes the folder; "
                    + "the stored profile is unchanged"
        }
        #expect(dir.names() == ["lprof"])
    }

    /// A socket at the path fails to open (ENXIO, as /dev/tty does without a terminal): it
    /// is still no store, so the message says what it is and never to delete it.
    @Test func aPathThatCannotBeOpenedIsNamedByItsKind() throws {
        let dir = StoreTempFolder()
        defer { dir.remove() }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, byte) in dir.store.utf8.enumerated() { raw[i] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        #expect(bound == 0)
        #expect {
            try FileProfileStorage(path: dir.store).load()
        } throws: {
            ($0 as? StoreError)?.message
                == "store '\(dir.store)' is not a regular file (a FIFO, a socket or a device): "
                + "give --store a regular file's path, or use --memory to run without a store"
        }
    }
}
