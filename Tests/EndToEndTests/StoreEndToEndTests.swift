import Foundation
import Glibc
import Testing

/// The store (SPEC section 7) through the real binary: commit and read back in a new
/// process, cancel and reads leave the file untouched, revisions, broken files, two
/// processes at once, and `kill -9` while committing.
@Suite("StoreEndToEnd")
struct StoreEndToEndTests {
    static let day = ["--now", "2026-11-30"]

    /// A commit that sets every field, and the JSON `get --json` gives for it afterwards.
    static let commitAll =
        "edit on; set username 'Zoë 🍂'; set notifications off; set season autumn; "
        + "set goal 2027-01-15; done"
    static let committedJSON =
        #"{"username":"Zoë 🍂","prefersNotifications":false,"seasonalPhoto":"autumn","goalDate":"2027-01-15"}"#

    // MARK: Commit and read back

    @Test func commitThenReadBackInANewProcess() throws {
        let f = try StoreE2EFolder()
        defer { f.remove() }
        let commit = try f.run(["--store", f.store] + Self.day + ["-c", Self.commitAll])
        #expect(commit.status == 0, "\(commit.stderr)")
        #expect(commit.stdout == "" && commit.stderr == "")

        let read = try f.run(["--store", f.store, "-c", "get --json profile; get mode; get season"])
        #expect(read.status == 0, "\(read.stderr)")
        #expect(read.stdout == Self.committedJSON + "\ninactive\nautumn\n")

        let file = try #require(StoreE2EFile.read(f.store))
        #expect(file.format == 1 && file.revision == 1)
        #expect(file.username == "Zoë 🍂" && !file.prefersNotifications)
        #expect(file.seasonalPhoto == "autumn" && file.goalDate == "2027-01-15")
        // Only the store and its lock file: no temporary file outlives the write.
        #expect(f.names() == ["profile.json", "profile.json.lock"])
    }

    @Test func relativeStorePathIsRelativeToTheWorkingFolder() throws {
        let f = try StoreE2EFolder()
        defer { f.remove() }
        try FileManager.default.createDirectory(
            atPath: f.file("sub"), withIntermediateDirectories: false)
        let commit = try f.run(["--store", "sub/p.json"] + Self.day + ["-c", Self.commitAll])
        #expect(commit.status == 0, "\(commit.stderr)")
        let read = try f.run(["--store", f.file("sub/p.json"), "-c", "get --json"])
        #expect(read.stdout == Self.committedJSON + "\n")
    }

    @Test func defaultLocationFollowsXDGDataHome() throws {
        let f = try StoreE2EFolder()
        defer { f.remove() }
        let env = f.environment(["XDG_DATA_HOME": f.file("xdg")])
        let commit = try f.run(Self.day + ["-c", Self.commitAll], environment: env)
        #expect(commit.status == 0, "\(commit.stderr)")
        let expectedPath = f.file("xdg/lprof/profile.json")
        #expect(StoreE2EFile.read(expectedPath)?.revision == 1)
        #expect(!FileManager.default.fileExists(atPath: f.file("home/.local/share")))

        let read = try f.run(["-c", "get --json"], environment: env)
        #expect(read.status == 0 && read.stdout == Self.committedJSON + "\n", "\(read.stderr)")
    }

    @Test func defaultLocationFollowsHomeWithoutXDG() throws {
        let f = try StoreE2EFolder()
        defer { f.remove() }
        var env = f.environment()
        env.removeValue(forKey: "XDG_DATA_HOME")
        let commit = try f.run(Self.day + ["-c", Self.commitAll], environment: env)
        #expect(commit.status == 0, "\(commit.stderr)")
        let expectedPath = f.file("home/.local/share/lprof/profile.json")
        #expect(StoreE2EFile.read(expectedPath)?.revision == 1)

        // A relative XDG_DATA_HOME is ignored (XDG Base Directory specification).
        env["XDG_DATA_HOME"] = "relative/data"
        let read = try f.run(["-c", "get --json"], environment: env)
        #expect(read.status == 0 && read.stdout == Self.committedJSON + "\n", "\(read.stderr)")
        #expect(!FileManager.default.fileExists(atPath: f.file("relative")))
    }

    @Test func memoryNeitherReadsNorWrites() throws {
        let f = try StoreE2EFolder()
        defer { f.remove() }
        let env = f.environment(["XDG_DATA_HOME": f.file("xdg")])
        let store = f.file("xdg/lprof/profile.json")
        try FileManager.default.createDirectory(
            atPath: f.file("xdg/lprof"), withIntermediateDirectories: true)
        try Data("not json".utf8).write(to: URL(fileURLWithPath: store))
        let before = StoreE2ESnapshot(store)
        let r = try f.run(["--memory"] + Self.day + ["-c", Self.commitAll], environment: env)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(StoreE2ESnapshot(store) == before)
        #expect(f.names("xdg/lprof") == ["profile.json"])
    }

    // MARK: Nothing but a commit writes

    @Test(arguments: [
        "edit on; set season spring; set username other; cancel",
        "edit on; set season spring",  // ends in edit mode: the draft is discarded
        "edit on; set season spring; quit",
        "edit on; set season spring; cancel; edit on; cancel",
    ])
    func cancelLeavesTheFileByteIdentical(_ script: String) throws {
        let f = try StoreE2EFolder()
        defer { f.remove() }
        #expect(try f.run(["--store", f.store] + Self.day + ["-c", Self.commitAll]).status == 0)
        let before = StoreE2ESnapshot(f.store)
        usleep(20_000)  // so that a rewrite would show in the mtime
        let r = try f.run(["--store", f.store] + Self.day + ["-c", script])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(StoreE2ESnapshot(f.store) == before)
        #expect(f.names() == ["profile.json", "profile.json.lock"])
    }

    @Test func betaCancelLeavesTheFileByteIdentical() throws {
        let f = try StoreE2EFolder()
        defer { f.remove() }
        #expect(try f.run(["--store", f.store] + Self.day + ["-c", Self.commitAll]).status == 0)
        let before = StoreE2ESnapshot(f.store)
        usleep(20_000)
        for script in [
            "edit on; set season spring; cancel", "edit on; set season spring; edit off",
        ] {
            let r = try f.run(
                ["--store", f.store, "--edition", "beta"] + Self.day + ["-c", script])
            #expect(r.status == 0, "\(script): \(r.stderr)")
            #expect(StoreE2ESnapshot(f.store) == before, "\(script)")
        }
    }

    static let readOnlyScript = """
        get season; get profile.goal; get mode; get --json; get --json profile
        show; show summary; show editor; show diff; show badges; show hike; show env; env
        help; help set; print hello; trace on; trace off
        edit on; show; show diff; get draft.season; get --json draft; cancel
        """

    @Test func readsNeverWrite() throws {
        let f = try StoreE2EFolder()
        defer { f.remove() }
        #expect(try f.run(["--store", f.store] + Self.day + ["-c", Self.commitAll]).status == 0)
        let before = StoreE2ESnapshot(f.store)
        let lockBefore = StoreE2ESnapshot(f.store + ".lock")
        usleep(20_000)
        let r = try f.run(["--store", f.store] + Self.day + ["-c", Self.readOnlyScript])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(StoreE2ESnapshot(f.store) == before)
        #expect(StoreE2ESnapshot(f.store + ".lock") == lockBefore)
        // The same through piped stdin.
        let s = try f.run(["--store", f.store] + Self.day, stdin: Self.readOnlyScript + "\n")
        #expect(s.status == 0, "\(s.stderr)")
        #expect(StoreE2ESnapshot(f.store) == before)
    }

    @Test func readsOfAMissingStoreCreateNothing() throws {
        let f = try StoreE2EFolder()
        defer { f.remove() }
        let store = f.file("profile.json")
        let r = try f.run(["--store", store] + Self.day + ["-c", Self.readOnlyScript])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(f.names() == [])
        // In a folder that is not there, it is an error, and still nothing is made.
        let away = try f.run(["--store", f.file("sub/p.json")] + Self.day + ["-c", "get season"])
        #expect(away.status == 3 && away.stderr.contains("its folder '\(f.file("sub"))'"))
        #expect(f.names() == [])
        let get = try f.run(["--store", store] + Self.day + ["-c", "get --json"])
        #expect(
            get.stdout
                == #"{"username":"g_kumar","prefersNotifications":true,"seasonalPhoto":"winter","goalDate":"2026-11-30"}"#
                + "\n")
        #expect(f.names() == [])
    }

    // MARK: Revisions

    @Test func revisionIncrementsByOnePerCommitAndReset() throws {
        let f = try StoreE2EFolder()
        defer { f.remove() }
        func run(_ script: String) throws {
            let r = try f.run(["--store", f.store] + Self.day + ["-c", script])
            #expect(r.status == 0, "\(script): \(r.stderr)")
        }
        try run("edit on; set season spring; done")
        #expect(StoreE2EFile.read(f.store)?.revision == 1)
        try run("edit on; set season summer; done")
        #expect(StoreE2EFile.read(f.store)?.revision == 2)
        // Several commits in one process, each a write.
        try run(
            "edit on; set season autumn; done; edit on; set goal +1d; done; edit; set notifications off; edit off"
        )
        #expect(StoreE2EFile.read(f.store)?.revision == 5)
        try run("reset")
        let afterReset = try #require(StoreE2EFile.read(f.store))
        #expect(afterReset.revision == 6)
        #expect(afterReset.seasonalPhoto == "winter" && afterReset.username == "g_kumar")
        #expect(afterReset.goalDate == "2026-11-30" && afterReset.prefersNotifications)
        try run("edit on; set username kim; done; reset; edit on; set season spring; done")
        let last = try #require(StoreE2EFile.read(f.store))
        #expect(last.revision == 9 && last.username == "g_kumar" && last.seasonalPhoto == "spring")
        // The beta's custom Done commits into ProfileHost's @State, which is not saved: the
        // store file stays byte for byte as it was.
        let before = try Data(contentsOf: URL(fileURLWithPath: f.store))
        let beta = try f.run(
            ["--store", f.store, "--edition", "beta"] + Self.day
                + ["-c", "edit on; set season autumn; done; reset; dismiss; present"])
        #expect(beta.status == 0, "\(beta.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: f.store)) == before)
        // With the lab's `profile modeldata`, the beta's Done is saved.
        let lab = try f.run(
            ["--store", f.store, "--edition", "beta"] + Self.day
                + ["-c", "env wiring profile modeldata; edit on; set season autumn; done"])
        #expect(lab.status == 0, "\(lab.stderr)")
        #expect(StoreE2EFile.read(f.store)?.revision == 10)
        #expect(f.names() == ["profile.json", "profile.json.lock"])
    }

    @Test func aFailedCommandDoesNotWrite() throws {
        let f = try StoreE2EFolder()
        defer { f.remove() }
        #expect(try f.run(["--store", f.store] + Self.day + ["-c", Self.commitAll]).status == 0)
        let before = StoreE2ESnapshot(f.store)
        usleep(20_000)
        for (script, status) in [
            ("done", 1), ("cancel", 1), ("edit on; set season monsoon", 2), ("edit on; reset", 1),
        ] {
            let r = try f.run(["--store", f.store] + Self.day + ["-c", script])
            #expect(r.status == status, "\(script): \(r.stderr)")
            #expect(StoreE2ESnapshot(f.store) == before, "\(script)")
        }
    }

    // MARK: Broken files

    struct Broken: CustomTestStringConvertible, Sendable {
        var name: String
        var bytes: [UInt8]
        var testDescription: String { name }
    }

    static func storeText(
        format: String = "1", revision: String = "3", username: String = #""g_kumar""#,
        notifications: String = "true", season: String = #""winter""#,
        goal: String = #""2026-11-30""#
    ) -> [UInt8] {
        Array(
            ("{\"format\":\(format),\"revision\":\(revision),\"profile\":{\"username\":\(username),"
                + "\"prefersNotifications\":\(notifications),\"seasonalPhoto\":\(season),"
                + "\"goalDate\":\(goal)}}\n").utf8)
    }

    static let brokenFiles: [Broken] = [
        Broken(name: "bad JSON", bytes: Array(#"{"format":1,"revision":3,"profile":{"#.utf8)),
        Broken(name: "not JSON", bytes: Array("hello\n".utf8)),
        Broken(
            name: "not UTF-8",
            bytes: storeText(username: "\"g_\u{FF}\"").map { $0 == 0xC3 ? 0xFF : $0 }),
        Broken(name: "top level array", bytes: Array("[1,2,3]\n".utf8)),
        Broken(name: "revision is a string", bytes: storeText(revision: #""3""#)),
        Broken(name: "revision is fractional", bytes: storeText(revision: "3.5")),
        Broken(name: "notifications is a string", bytes: storeText(notifications: #""yes""#)),
        Broken(name: "notifications is a number", bytes: storeText(notifications: "1")),
        Broken(name: "username is a number", bytes: storeText(username: "42")),
        Broken(
            name: "profile is null", bytes: Array(#"{"format":1,"revision":3,"profile":null}"#.utf8)
        ),
        Broken(
            name: "missing goalDate",
            bytes: Array(
                #"{"format":1,"revision":3,"profile":{"username":"a","prefersNotifications":true,"seasonalPhoto":"winter"}}"#
                    .utf8)),
        Broken(name: "unknown season", bytes: storeText(season: #""monsoon""#)),
        Broken(name: "season emoji", bytes: storeText(season: #""🍂""#)),
        Broken(name: "impossible date 2027-02-30", bytes: storeText(goal: #""2027-02-30""#)),
        Broken(name: "date with time", bytes: storeText(goal: #""2026-11-30T00:00:00Z""#)),
        Broken(name: "year 0999", bytes: storeText(goal: #""0999-01-01""#)),
        Broken(
            name: "username with ESC (escaped)", bytes: storeText(username: #""a\u001b[31mred""#)),
        Broken(name: "username with raw ESC", bytes: storeText(username: "\"a\u{1B}[31mred\"")),
        Broken(name: "username with U+202E (escaped)", bytes: storeText(username: #""a\u202Eb""#)),
        Broken(name: "username with raw U+202E", bytes: storeText(username: "\"a\u{202E}b\"")),
        Broken(name: "empty username", bytes: storeText(username: #""""#)),
        Broken(name: "username with leading space", bytes: storeText(username: #"" kim""#)),
        Broken(
            name: "username of 65 characters",
            bytes: storeText(username: "\"" + String(repeating: "é", count: 65) + "\"")),
        Broken(name: "format 2", bytes: storeText(format: "2")),
        Broken(name: "format 0", bytes: storeText(format: "0")),
        Broken(name: "empty file", bytes: []),
        Broken(name: "only white space", bytes: Array("  \n".utf8)),
        Broken(name: "NUL bytes", bytes: [UInt8](repeating: 0, count: 136)),
        Broken(
            name: "huge file (2 MiB)",
            bytes: storeText() + [UInt8](repeating: UInt8(ascii: " "), count: 2 << 20)),
    ]

    /// Every way to reach a broken store, each of which must refuse to start.
    static let attempts: [(arguments: [String], stdin: String)] = [
        (["-c", "get season"], ""),
        (["-c", "edit on; set season spring; done"], ""),
        (["-c", "reset"], ""),
        ([], "get season\nedit on\nset season spring\ndone\n"),
    ]

    @Test(arguments: brokenFiles)
    func brokenStoreIsExit3AndUntouched(_ broken: Broken) throws {
        let f = try StoreE2EFolder()
        defer { f.remove() }
        try Data(broken.bytes).write(to: URL(fileURLWithPath: f.store))
        let before = StoreE2ESnapshot(f.store)
        for attempt in Self.attempts {
            let r = try f.run(
                ["--store", f.store] + Self.day + attempt.arguments, stdin: attempt.stdin)
            #expect(r.status == 3, "\(attempt): \(r.stderr)")
            #expect(r.stdout == "", "\(attempt)")
            #expect(r.stderr.contains(f.store), "\(attempt): \(r.stderr)")
            #expect(r.stderr.hasSuffix("\n") && r.stderr.split(separator: "\n").count <= 4)
            #expect(StoreE2ESnapshot(f.store) == before, "\(attempt)")
        }
        // `lprof test --store` refuses it too.
        let script = f.file("t.lprof")
        try Data("expect season winter\n".utf8).write(to: URL(fileURLWithPath: script))
        let t = try f.run(["test", "--store", f.store, script])
        #expect(t.status != 0, "\(t.stdout)\(t.stderr)")
        #expect(StoreE2ESnapshot(f.store) == before)
        #expect(
            f.names().filter { $0 != "t.lprof" && $0 != "profile.json.lock" } == ["profile.json"])
    }

    @Test func folderAtTheStorePathIsExit3() throws {
        let f = try StoreE2EFolder()
        defer { f.remove() }
        try FileManager.default.createDirectory(
            atPath: f.store, withIntermediateDirectories: true)
        for attempt in Self.attempts {
            let r = try f.run(
                ["--store", f.store] + Self.day + attempt.arguments, stdin: attempt.stdin)
            #expect(r.status == 3, "\(attempt): \(r.stderr)")
            #expect(r.stdout == "")
            #expect(r.stderr.contains(f.store), "\(r.stderr)")
            #expect(f.names("profile.json") == [])
        }
    }

    @Test func storeInsideAFileIsExit3() throws {
        let f = try StoreE2EFolder()
        defer { f.remove() }
        try Data("x".utf8).write(to: URL(fileURLWithPath: f.file("plain")))
        let store = f.file("plain/profile.json")
        // Reading finds nothing there (ENOTDIR) and committing cannot make the folder.
        let r = try f.run(
            ["--store", store] + Self.day + ["-c", "edit on; set season spring; done"])
        #expect(r.status == 3, "\(r.stderr)")
        #expect(r.stderr.contains(store), "\(r.stderr)")
        #expect(FileManager.default.contents(atPath: f.file("plain")) == Data("x".utf8))
    }

    // MARK: Two processes

    /// Starts session A on the store through piped stdin, in edit mode, and waits until it
    /// has read the store.
    static func startEditing(_ f: StoreE2EFolder, _ extra: [String] = []) throws -> StoreE2ESession
    {
        let a = try StoreE2ESession(
            ["--store", f.store] + day + extra, environment: f.environment(), directory: f.url)
        a.send("edit on\nprint READY\n")
        #expect(a.waitForOutput("READY"), "A never got ready: \(a.stderr)")
        return a
    }

    static func commitOther(_ f: StoreE2EFolder, season: String) throws {
        let b = try f.run(
            ["--store", f.store] + day + ["-c", "edit on; set season \(season); done"])
        #expect(b.status == 0, "B: \(b.stderr)")
    }

    @Test func secondPlainDoneFailsAndFirstCommitSurvives() throws {
        let f = try StoreE2EFolder()
        defer { f.remove() }
        try Self.commitOther(f, season: "autumn")  // revision 1
        let a = try Self.startEditing(f)
        try Self.commitOther(f, season: "summer")  // B: revision 2
        let afterB = StoreE2ESnapshot(f.store)
        a.send("set season spring\ndone\nprint AFTER\n")
        let status = a.finish()
        #expect(status == 3, "A: \(a.stderr)")
        #expect(!a.stdout.contains("AFTER"), "a store error stops the script")
        #expect(a.stderr.contains(f.store), "\(a.stderr)")
        #expect(a.stderr.contains("--force"), "\(a.stderr)")
        #expect(StoreE2ESnapshot(f.store) == afterB)
        let file = try #require(StoreE2EFile.read(f.store))
        #expect(file.seasonalPhoto == "summer" && file.revision == 2)
        #expect(f.names() == ["profile.json", "profile.json.lock"])
    }

    @Test func conflictStopsEvenWithKeepGoing() throws {
        let f = try StoreE2EFolder()
        defer { f.remove() }
        let a = try Self.startEditing(f, ["--keep-going"])  // no store yet: revision 0
        try Self.commitOther(f, season: "summer")  // B creates it
        a.send("set season spring\ndone\nprint AFTER\n")
        #expect(a.finish() == 3, "A: \(a.stderr)")
        #expect(a.stderr.contains("'done --force' keeps yours"), "A: \(a.stderr)")
        #expect(!a.stdout.contains("AFTER"))
        #expect(StoreE2EFile.read(f.store)?.seasonalPhoto == "summer")
    }

    @Test func succeedingExpectErrorDoneLeavesTheFileAlone() throws {
        let f = try StoreE2EFolder()
        defer { f.remove() }
        _ = try f.run(["--store", f.store, "-c", "edit on; set season summer; done"])
        let before = StoreE2ESnapshot(f.store)
        #expect(before.bytes != nil)
        let r = try f.run([
            "--store", f.store, "--keep-going", "-c",
            "edit on; set season autumn; expect error done; get mode; get profile.season; cancel",
        ])
        #expect(r.status == 1 && r.stdout == "active\nsummer\n", "\(r)")
        #expect(StoreE2ESnapshot(f.store) == before, "not even rewritten")
    }

    @Test func resetConflictsToo() throws {
        let f = try StoreE2EFolder()
        defer { f.remove() }
        try Self.commitOther(f, season: "autumn")
        let a = try StoreE2ESession(
            ["--store", f.store] + Self.day, environment: f.environment(), directory: f.url)
        a.send("print READY\n")
        #expect(a.waitForOutput("READY"))
        try Self.commitOther(f, season: "summer")
        a.send("reset\n")
        #expect(a.finish() == 3, "A: \(a.stderr)")
        #expect(a.stderr.contains("'reset --force' keeps yours"), "A: \(a.stderr)")
        let file = try #require(StoreE2EFile.read(f.store))
        #expect(file.seasonalPhoto == "summer" && file.revision == 2)
    }

    @Test func doneForceOverwrites() throws {
        let f = try StoreE2EFolder()
        defer { f.remove() }
        try Self.commitOther(f, season: "autumn")  // revision 1
        let a = try Self.startEditing(f)
        try Self.commitOther(f, season: "summer")  // revision 2
        a.send("set season spring\ndone --force\nget season\nedit on\nset username kim\ndone\n")
        #expect(a.finish() == 0, "A: \(a.stderr)")
        #expect(a.stdout == "READY\nspring\n")
        // Forced to 3; A's next plain commit builds on its own revision, so it succeeds: 4.
        let file = try #require(StoreE2EFile.read(f.store))
        #expect(file.seasonalPhoto == "spring" && file.username == "kim" && file.revision == 4)
        let read = try f.run(["--store", f.store, "-c", "get season; get username"])
        #expect(read.stdout == "spring\nkim\n")
    }

    @Test func doneForceWithoutConflictIsAPlainCommit() throws {
        let f = try StoreE2EFolder()
        defer { f.remove() }
        let r = try f.run(
            ["--store", f.store] + Self.day + ["-c", "edit on; set season spring; done --force"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(StoreE2EFile.read(f.store)?.revision == 1)
    }

    // MARK: kill -9 while committing

    @Test func nextSessionRemovesAnOrphanedTemporaryFileOnly() throws {
        let f = try StoreE2EFolder()
        defer { f.remove() }
        #expect(try f.run(["--store", f.store] + Self.day + ["-c", Self.commitAll]).status == 0)
        // What a writer killed between mkstemp and rename leaves, and the user's own files
        // that look like one (issue 32: `.profile.json.` and six characters were taken).
        let orphan = ".profile.json.lprof-tmp~Ab3xYz"
        try Data("{\"format\":1,\"rev".utf8).write(to: URL(fileURLWithPath: f.file(orphan)))
        let users = [
            ".profile.json.Ab3xYz", ".profile.json.bak", ".profile.json.backup",
            ".profile.json.notes1", "profile.json.lprof-tmp~Ab3xYz",
        ]
        for name in users {
            try Data("keep".utf8).write(to: URL(fileURLWithPath: f.file(name)))
        }
        // The next session removes the orphan, even one that only reads (SPEC 7: "the next
        // session of any kind"), and nothing else.
        let read = try f.run(["--store", f.store, "-c", "get season; edit on; cancel"])
        #expect(read.status == 0, "\(read.stderr)")
        #expect(f.names() == (users + ["profile.json", "profile.json.lock"]).sorted())
        // A commit removes one too.
        try Data("{".utf8).write(to: URL(fileURLWithPath: f.file(orphan)))
        let r = try f.run(
            ["--store", f.store] + Self.day + ["-c", "edit on; set season spring; done"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(f.names() == (users + ["profile.json", "profile.json.lock"]).sorted())
        for name in users {
            #expect(FileManager.default.contents(atPath: f.file(name)) == Data("keep".utf8))
        }
        #expect(StoreE2EFile.read(f.store)?.revision == 2)
    }

    @Test func killNineWhileCommittingLeavesAWholeProfile() throws {
        let f = try StoreE2EFolder()
        defer { f.remove() }
        try FileManager.default.createDirectory(
            atPath: f.file("store"), withIntermediateDirectories: true)
        let store = f.file("store/profile.json")
        let seasons = ["spring", "summer", "autumn", "winter"]
        var script = ""
        for i in 0..<2000 {
            // Usernames of changing length, so that a torn write could not pass for a whole one.
            script +=
                "edit on; set username u\(String(repeating: "x", count: i % 60)); "
                + "set season \(seasons[i % 4]); set notifications toggle; done\n"
        }
        let scriptPath = f.file("loop.lprof")
        try Data(script.utf8).write(to: URL(fileURLWithPath: scriptPath))
        let seed = try f.run(["--store", store] + Self.day + ["-c", Self.commitAll])
        #expect(seed.status == 0, "\(seed.stderr)")

        var revision = 1
        var leftovers: [String] = []
        var generator = SystemRandomNumberGenerator()
        for round in 0..<30 {
            let s = try StoreE2ESession(
                ["--store", store] + Self.day + [scriptPath], environment: f.environment(),
                directory: f.url)
            if round % 2 == 0 {
                // Any moment from start-up on: 5–60 ms after the spawn.
                usleep(UInt32.random(in: 5_000...60_000, using: &generator))
            } else {
                // In the middle of the commit loop (start-up is slow on a busy machine):
                // 5–60 ms after its first commit replaced the file.
                let first = StoreE2ESnapshot(store).inode
                let deadline = Date().addingTimeInterval(5)
                while StoreE2ESnapshot(store).inode == first && Date() < deadline {
                    usleep(200)
                }
                usleep(UInt32.random(in: 5_000...60_000, using: &generator))
            }
            s.kill9()
            #expect(s.process.terminationReason == .uncaughtSignal, "round \(round): \(s.stderr)")
            let file = try #require(
                StoreE2EFile.read(store),
                "round \(round): not a whole profile: \(String(decoding: FileManager.default.contents(atPath: store) ?? Data(), as: UTF8.self))"
            )
            #expect(file.format == 1)
            #expect(file.revision >= revision, "round \(round): the revision went back")
            revision = file.revision
            // The lprof binary must read what it wrote.
            let extra = f.names("store").filter {
                $0 != "profile.json" && $0 != "profile.json.lock"
            }
            // A killed writer leaves at most one temporary file.
            #expect(extra.count <= 1, "round \(round): \(extra)")
            leftovers += extra.filter { !leftovers.contains($0) }
            let check = try f.run(["--store", store, "-c", "get --json"])
            #expect(check.status == 0, "round \(round): \(check.stderr)")
            // Which the next session, even one that only reads, removes (SPEC 7).
            let afterRead = f.names("store").filter {
                $0 != "profile.json" && $0 != "profile.json.lock"
            }
            #expect(afterRead == [], "round \(round): a read left \(afterRead)")
        }
        #expect(revision > 1, "no commit landed in 30 runs")

        // The next commit still works after all that.
        // (A change every loop line leaves as it was, so that it is written.)
        let next = try f.run(
            ["--store", store] + Self.day + ["-c", "edit on; set username final; done"])
        #expect(next.status == 0, "\(next.stderr)")
        #expect(StoreE2EFile.read(store)?.revision == revision + 1)
        // SPEC 7: "temporary files never outlive a write". A killed writer cannot remove its
        // own, so the next write must.
        let remaining = f.names("store").filter {
            $0 != "profile.json" && $0 != "profile.json.lock"
        }
        #expect(
            remaining == [],
            "temporary files left by killed writers (\(leftovers.count) over 30 kills) survive the next commit: \(remaining)"
        )
    }
}
