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

    // MARK: A FIFO or a device at the store's path

    /// A FIFO nobody writes to, or a device, where the store belongs: exit 3 at once,
    /// naming the store and what is wrong, nothing run and nothing written (SPEC section 7).
    @Test(arguments: ["fifo", "/dev/zero", "/dev/null"])
    func aStoreThatIsAFIFOOrDeviceIsAnErrorAtOnce(_ kind: String) throws {
        let f = try StoreE2EFolder()
        defer { f.remove() }
        let store = kind == "fifo" ? f.file("profile.fifo") : kind
        if kind == "fifo" { #expect(mkfifo(store, 0o600) == 0) }
        let started = Date()
        let r = try f.run(["--store", store] + Self.day + ["-c", "print ran; " + Self.commit[1]])
        #expect(Date().timeIntervalSince(started) < 5)
        #expect(r.status == 3, "\(r)")
        #expect(r.stdout.isEmpty, "\(r)")
        #expect(
            r.stderr.contains(
                "store '\(store)' is not a regular file (a FIFO, a socket or a device)"),
            "\(r.stderr)")
    }

    /// /dev/tty with no controlling terminal cannot even be opened (ENXIO): it is still a
    /// device, named so as with a terminal, and never a file to move aside or delete.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/setsid")))
    func aDeviceThatCannotBeOpenedIsStillNamedADevice() throws {
        let f = try StoreE2EFolder()
        defer { f.remove() }
        let r = try LprofProcess.run(
            ["--store", "/dev/tty"] + Self.day + ["-c", "get season"],
            environment: f.environment(), directory: f.url, through: ["/usr/bin/setsid", "-w"])
        #expect(r.status == 3, "\(r)")
        #expect(
            r.stderr.contains(
                "store '/dev/tty' is not a regular file (a FIFO, a socket or a device)"),
            "\(r.stderr)")
        #expect(!r.stderr.contains("delete"), "\(r.stderr)")
    }

    // MARK: A read-only store, a folder that is a dangling link

    /// A store made read-only (chmod 444) is refused by `done`, `reset` and `-1`'s save, as
    /// sqlite3 refuses a read-only database, root's commits too; it is left byte for byte,
    /// and still reads.
    @Test func aReadOnlyStoreIsRefusedAndKept() throws {
        let f = try StoreE2EFolder()
        defer { f.remove() }
        try Self.seed(f)
        #expect(chmod(f.store, 0o444) == 0)
        let before = StoreE2ESnapshot(f.store)
        for commit in [Self.commit, ["-c", "reset"], ["-1"] + Self.commit] {
            let r = try f.run(["--store", f.store] + Self.day + commit)
            #expect(r.status == 3, "\(r)")
            #expect(
                r.stderr.contains(
                    "store '\(f.store)' is read-only (mode 0444): the commit is refused and the "
                        + "stored profile is unchanged; make it writable (chmod u+w) to commit"),
                "\(r.stderr)")
        }
        #expect(StoreE2ESnapshot(f.store) == before)
        let read = try f.run(["--store", f.store] + Self.day + ["-c", "get season"])
        #expect(read.status == 0 && read.stdout == "spring\n", "\(read)")
    }

    /// The default store's folder is a symbolic link to a missing folder: the commit says
    /// so, naming where it leads, rather than "Not a directory", and makes nothing.
    @Test func aDefaultFolderThatIsADanglingLinkIsNamed() throws {
        let f = try StoreE2EFolder()
        defer { f.remove() }
        let data = f.path + "/home/data"
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
        #expect(symlink(f.file("nowhere"), data + "/lprof") == 0)
        let r = try f.run(Self.day + Self.commit)
        #expect(r.status == 3, "\(r)")
        #expect(
            r.stderr.contains(
                "the folder '\(data)/lprof' is a symbolic link to a missing folder, "
                    + "'\(f.file("nowhere"))': make that folder"),
            "\(r.stderr)")
        #expect(!r.stderr.contains("Not a directory"), "\(r.stderr)")
        #expect(!f.names().contains("nowhere"))
    }

    // MARK: A store removed under a session

    /// A session reads the store, the store is removed, and the session commits: refused
    /// (exit 3) and reported, at revision 0 (a store file that says so) as at revision 1,
    /// and the store is not made again behind the user's back.
    @Test(arguments: [0, 1])
    func aStoreRemovedUnderASessionIsReportedAtAnyRevision(revision: Int) throws {
        let f = try StoreE2EFolder()
        defer { f.remove() }
        if revision == 0 {
            try Data(
                ("{\"format\":1,\"revision\":0,\"profile\":{\"username\":\"g_kumar\","
                    + "\"prefersNotifications\":true,\"seasonalPhoto\":\"winter\","
                    + "\"goalDate\":\"2026-11-30\"}}").utf8
            ).write(to: URL(fileURLWithPath: f.store))
        } else {
            try Self.seed(f)
        }
        let a = try StoreMergeEndToEndTests.start(f, "edit on\nset season summer")
        try FileManager.default.removeItem(atPath: f.store)
        a.send("done\n")
        #expect(a.finish() == 3, "\(a.stderr)")
        #expect(
            a.stderr.contains(
                "store '\(f.store)' was removed since this session read revision \(revision)"),
            "\(a.stderr)")
        #expect(!FileManager.default.fileExists(atPath: f.store))
    }

    /// A session that started with no store makes it at its first commit.
    @Test func aSessionThatFoundNoStoreCreatesIt() throws {
        let f = try StoreE2EFolder()
        defer { f.remove() }
        let a = try StoreMergeEndToEndTests.start(f, "edit on\nset season summer")
        a.send("done\n")
        #expect(a.finish() == 0, "\(a.stderr)")
        #expect(StoreE2EFile.read(f.store)?.revision == 1)
    }

    // MARK: Folders

    /// Only the default store's own folder is made: a --store in a missing folder is an
    /// error naming the folder, before anything runs, and nothing is created.
    @Test func aStoreInAMissingFolderIsAnErrorThatNamesIt() throws {
        let f = try StoreE2EFolder()
        defer { f.remove() }
        let r = try LprofProcess.run(
            ["--store", "typo/deep/er/x.json"] + Self.day + Self.commit,
            environment: f.environment(), directory: f.url)
        #expect(r.status == 3, "\(r)")
        #expect(r.stdout.isEmpty)
        #expect(
            r.stderr.contains(
                "store 'typo/deep/er/x.json' cannot be read: its folder 'typo/deep/er' does not exist"
            ),
            "\(r.stderr)")
        #expect(!f.names().contains("typo"))
        // A store in a folder that exists, relative or not, is made there.
        let here = try LprofProcess.run(
            ["--store", "x.json"] + Self.day + Self.commit, environment: f.environment(),
            directory: f.url)
        #expect(here.status == 0, "\(here)")
        #expect(f.names().contains("x.json"))
        // The default store's folder is made, as far up as it must.
        let home = f.path + "/home"
        let made = try f.run(Self.day + Self.commit)
        #expect(made.status == 0, "\(made)")
        #expect(FileManager.default.fileExists(atPath: home + "/data/lprof/profile.json"))
    }

    /// A folder removed under a running session: the commit says so and makes nothing.
    @Test func aStoreFolderRemovedMidSessionIsNotMadeAgain() throws {
        let f = try StoreE2EFolder()
        defer { f.remove() }
        let sub = f.file("sub")
        try FileManager.default.createDirectory(atPath: sub, withIntermediateDirectories: false)
        let script = f.file("s.lprof")
        try Data("edit on\nset season summer\nsource gone.fifo\ndone\n".utf8).write(
            to: URL(fileURLWithPath: script))
        #expect(mkfifo(f.file("gone.fifo"), 0o600) == 0)
        let session = try StoreE2ESession(
            ["--store", sub + "/p.json"] + Self.day + [script], environment: f.environment(),
            directory: f.url)
        // Once the script opens the FIFO, it has read the store (none yet) and is editing.
        var writer: Int32 = -1
        let deadline = Date().addingTimeInterval(10)
        while writer < 0 && Date() < deadline {
            writer = open(f.file("gone.fifo"), O_WRONLY | O_NONBLOCK)
            if writer < 0 { usleep(2_000) }
        }
        #expect(writer >= 0, "the script never opened the FIFO: \(session.stderr)")
        try FileManager.default.removeItem(atPath: sub)
        close(writer)
        #expect(session.finish() == 3, "\(session.stderr)")
        #expect(
            session.stderr.contains("could not be written: its folder '\(sub)' does not exist"),
            "\(session.stderr)")
        #expect(!FileManager.default.fileExists(atPath: sub))
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

    // MARK: Ownership (as root: another user's store stays theirs)

    static let isRoot =
        getuid() == 0
        && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")
    /// `nobody`, the other user.
    static let other: (uid: uid_t, gid: gid_t) = (65534, 65534)
    static let asOther = [
        "/usr/bin/setpriv", "--reuid=\(other.uid)", "--regid=\(other.gid)", "--clear-groups",
    ]

    static func owner(_ path: String) -> (uid: uid_t, gid: gid_t, mode: mode_t) {
        var info = stat()
        _ = lstat(path, &info)
        return (info.st_uid, info.st_gid, info.st_mode & 0o7777)
    }

    @Test(.enabled(if: isRoot))
    func rootsCommitKeepsAnotherUsersStoreTheirs() throws {
        let f = try StoreE2EFolder()
        defer { f.remove() }
        try Self.seed(f)
        // The other user's folder and store (mode 0640); no lock file yet.
        try FileManager.default.removeItem(atPath: f.store + ".lock")
        #expect(chown(f.path, Self.other.uid, Self.other.gid) == 0)
        #expect(chown(f.store, Self.other.uid, Self.other.gid) == 0)
        #expect(chmod(f.store, 0o640) == 0)

        let r = try f.run(["--store", f.store] + Self.day + Self.commit)
        #expect(r.status == 0, "\(r)")
        #expect(StoreE2EFile.read(f.store)?.revision == 2)
        let store = Self.owner(f.store)
        #expect(store.uid == Self.other.uid && store.gid == Self.other.gid, "\(store)")
        #expect(store.mode == 0o640, "\(String(store.mode, radix: 8))")
        let lock = Self.owner(f.store + ".lock")
        #expect(lock.uid == Self.other.uid && lock.gid == Self.other.gid, "\(lock)")

        // The other user can still read and commit to their own store.
        let theirs = try LprofProcess.run(
            ["--store", f.store] + Self.day + ["-c", "edit on; set season autumn; done"],
            environment: f.environment(), directory: f.url, through: Self.asOther)
        #expect(theirs.status == 0, "\(theirs)")
        #expect(StoreE2EFile.read(f.store)?.seasonalPhoto == "autumn")
    }

    @Test(.enabled(if: isRoot))
    func aUserCannotTakeAnotherUsersStoreOver() throws {
        let f = try StoreE2EFolder()
        defer { f.remove() }
        try Self.seed(f)
        // Root's store, which the other user may write, in a folder they may write.
        #expect(chmod(f.path, 0o777) == 0)
        #expect(chmod(f.store, 0o666) == 0)
        #expect(chmod(f.store + ".lock", 0o666) == 0)
        let before = StoreE2ESnapshot(f.store)

        let r = try LprofProcess.run(
            ["--store", f.store] + Self.day + Self.commit, environment: f.environment(),
            directory: f.url, through: Self.asOther)
        #expect(r.status == 3, "\(r)")
        #expect(r.stderr.contains("it belongs to another user (user id 0"), "\(r.stderr)")
        #expect(r.stderr.contains("the stored profile is unchanged"), "\(r.stderr)")
        #expect(StoreE2ESnapshot(f.store) == before)
        #expect(Self.owner(f.store).uid == 0)
        #expect(f.names() == ["profile.json", "profile.json.lock"])
    }

    /// The user's own store whose group (root's) is not one of theirs: the commit cannot
    /// keep the group, so it is refused, saying so, and blames no other user.
    @Test(.enabled(if: isRoot))
    func aStoreWhoseGroupCannotBeKeptIsRefusedForItsGroup() throws {
        let f = try StoreE2EFolder()
        defer { f.remove() }
        try Self.seed(f)
        #expect(chmod(f.path, 0o777) == 0)
        #expect(chown(f.store, Self.other.uid, 0) == 0)
        #expect(chown(f.store + ".lock", Self.other.uid, Self.other.gid) == 0)
        let before = StoreE2ESnapshot(f.store)

        let r = try LprofProcess.run(
            ["--store", f.store] + Self.day + Self.commit, environment: f.environment(),
            directory: f.url, through: Self.asOther)
        #expect(r.status == 3, "\(r)")
        #expect(
            r.stderr.contains(
                "could not be written: its group (group id 0) is not one of yours, and lprof "
                    + "cannot keep it"),
            "\(r.stderr)")
        #expect(!r.stderr.contains("another user"), "\(r.stderr)")
        #expect(StoreE2ESnapshot(f.store) == before)
        #expect(Self.owner(f.store).gid == 0)
    }

    // MARK: A link at the store's path

    static func isLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
    }

    @Test func aDanglingLinkIsWrittenThroughAsALiveOneIs() throws {
        let f = try StoreE2EFolder()
        defer { f.remove() }
        try FileManager.default.createDirectory(
            atPath: f.file("dotfiles"), withIntermediateDirectories: true)
        // A dotfile manager's link, relative, to a store not written yet.
        #expect(symlink("dotfiles/profile.json", f.store) == 0)
        let r = try f.run(["--store", f.store] + Self.day + Self.commit)
        #expect(r.status == 0, "\(r)")
        #expect(Self.isLink(f.store), "the link was replaced by a plain file")
        #expect(StoreE2EFile.read(f.file("dotfiles/profile.json"))?.revision == 1)
        // Now live: the next commit goes through it as well.
        let next = try f.run(
            ["--store", f.store] + Self.day + ["-c", "edit on; set season autumn; done"])
        #expect(next.status == 0, "\(next)")
        #expect(Self.isLink(f.store))
        #expect(StoreE2EFile.read(f.file("dotfiles/profile.json"))?.revision == 2)
        #expect(f.names() == ["dotfiles", "profile.json"])
    }

    @Test func aChainOfLinksEndingNowhereIsWrittenAtItsEnd() throws {
        let f = try StoreE2EFolder()
        defer { f.remove() }
        #expect(symlink(f.file("middle"), f.store) == 0)
        #expect(symlink("end.json", f.file("middle")) == 0)
        let r = try f.run(["--store", f.store] + Self.day + Self.commit)
        #expect(r.status == 0, "\(r)")
        #expect(Self.isLink(f.store) && Self.isLink(f.file("middle")))
        #expect(StoreE2EFile.read(f.file("end.json"))?.revision == 1)
    }

    @Test func aLoopOfLinksIsRefusedAndKept() throws {
        let f = try StoreE2EFolder()
        defer { f.remove() }
        #expect(symlink("profile.json", f.store) == 0)
        let r = try f.run(["--store", f.store] + Self.day + Self.commit)
        #expect(r.status == 3, "\(r)")
        #expect(Self.isLink(f.store))
    }
}
