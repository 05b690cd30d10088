import Foundation
import Glibc
import Testing

/// The store's edges through the real binary (issue 32, SPEC section 7): links planted at
/// the lock's path, resource limits, ownership, links at the store's path, a store removed
/// under a session.
@Suite("StoreEdgeEndToEnd")
struct StoreEdgeEndToEndTests {
    static let day = ["--now", "2026-11-30"]
    static let commit = ["-c", "edit on; set season summer; done"]

    /// A store at revision 1 holding `season`.
    static func seed(_ f: StoreE2EFolder, season: String = "spring") throws {
        let r = try f.run(
            ["--store", f.store] + day + ["-c", "edit on; set season \(season); done"])
        #expect(r.status == 0, "\(r.stderr)")
    }

    // MARK: A link at the lock's path

    @Test(arguments: [false, true])
    func aLinkAtTheLockPathIsRefusedNotFollowed(toExistingFile: Bool) throws {
        let f = try StoreE2EFolder()
        defer { f.remove() }
        try Self.seed(f)
        let victim = f.file("victim")
        if toExistingFile { try Data("mine".utf8).write(to: URL(fileURLWithPath: victim)) }
        try FileManager.default.removeItem(atPath: f.store + ".lock")
        #expect(symlink(victim, f.store + ".lock") == 0)
        let before = StoreE2ESnapshot(f.store)
        let victimBefore = StoreE2ESnapshot(victim)

        let r = try f.run(["--store", f.store] + Self.day + Self.commit)
        #expect(r.status == 3, "\(r)")
        #expect(
            r.stderr.contains("lock file '\(f.store).lock' is a symbolic link"), "\(r.stderr)")
        #expect(r.stderr.contains("the stored profile is unchanged"), "\(r.stderr)")
        #expect(StoreE2ESnapshot(f.store) == before)
        // Nothing is created or opened where the link points.
        #expect(StoreE2ESnapshot(victim) == victimBefore)
        #expect(FileManager.default.fileExists(atPath: victim) == toExistingFile)
    }
}
