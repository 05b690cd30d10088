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

    // MARK: Resource limits

    /// Runs lprof in `f` under the shell's `ulimit` `limit` (such as `-f 0`).
    static func run(_ f: StoreE2EFolder, limit: String, _ arguments: [String]) throws
        -> LprofProcess.Result
    {
        try LprofProcess.run(
            arguments, environment: f.environment(), directory: f.url,
            through: ["/bin/sh", "-c", "ulimit \(limit) && exec \"$0\" \"$@\""])
    }

    @Test func aCommitPastTheFileSizeLimitIsAStoreErrorNotAKill() throws {
        let f = try StoreE2EFolder()
        defer { f.remove() }
        try Self.seed(f)
        let before = StoreE2ESnapshot(f.store)
        let r = try Self.run(f, limit: "-f 0", ["--store", f.store] + Self.day + Self.commit)
        // Not 153 (SIGXFSZ), and no temporary file left half-written.
        #expect(r.status == 3, "\(r)")
        #expect(r.stderr.contains("could not be written: File too large"), "\(r.stderr)")
        #expect(r.stderr.contains("ulimit -f"), "\(r.stderr)")
        #expect(!r.stderr.contains("move it aside"), "\(r.stderr)")
        #expect(StoreE2ESnapshot(f.store) == before)
        #expect(f.names() == ["profile.json", "profile.json.lock"])
    }

    @Test func tooManyOpenFilesIsNotCalledACorruptStore() throws {
        let f = try StoreE2EFolder()
        defer { f.remove() }
        try Self.seed(f)
        let script = f.file("s.lprof")
        try Data("edit on\nset season winter\ndone\n".utf8).write(
            to: URL(fileURLWithPath: script))
        let before = StoreE2ESnapshot(f.store)
        // Standard input, output and error, and one more: the lock takes it, so reading the
        // store under the lock fails with EMFILE.
        let r = try Self.run(f, limit: "-n 4", ["--store", f.store] + Self.day + [script])
        #expect(r.status == 3, "\(r)")
        #expect(r.stderr.contains("Too many open files"), "\(r.stderr)")
        #expect(r.stderr.contains("the store is not at fault"), "\(r.stderr)")
        #expect(r.stderr.contains("ulimit -n"), "\(r.stderr)")
        #expect(!r.stderr.contains("move it aside"), "\(r.stderr)")
        #expect(!r.stderr.contains("corrupt"), "\(r.stderr)")
        #expect(StoreE2ESnapshot(f.store) == before)
    }

    @Test func aSessionThatOnlyReadsRemovesAKilledWritersTemporaryFile() throws {
        let f = try StoreE2EFolder()
        defer { f.remove() }
        try Self.seed(f)
        let orphan = ".profile.json.lprof-tmp~Zz09aB"
        try Data("{\"format\":1,".utf8).write(to: URL(fileURLWithPath: f.file(orphan)))
        try Data("keep".utf8).write(to: URL(fileURLWithPath: f.file(".profile.json.backup")))
        let r = try f.run(["--store", f.store, "-c", "get season"])
        #expect(r.status == 0 && r.stdout == "spring\n", "\(r)")
        #expect(f.names() == [".profile.json.backup", "profile.json", "profile.json.lock"])
    }
}
