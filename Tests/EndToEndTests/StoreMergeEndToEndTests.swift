import Foundation
import Glibc
import Testing

/// Two real `lprof` processes on one store (SPEC §7, issue 13): merges, conflicts and their
/// ways out, commits that change nothing, `-1`, and `kill -9` during merged commits.
@Suite("StoreMergeEndToEnd")
struct StoreMergeEndToEndTests {
    static let day = ["--now", "2026-11-30"]

    /// A session reading piped stdin, started now (so it reads the store now), that has
    /// run `lines` by the time this returns.
    static func start(_ f: StoreE2EFolder, _ lines: String, _ extra: [String] = []) throws
        -> StoreE2ESession
    {
        let s = try StoreE2ESession(
            ["--store", f.store] + day + extra, environment: f.environment(), directory: f.url)
        s.send(lines + "\nprint READY\n")
        #expect(s.waitForOutput("READY"), "never got ready: \(s.stderr)")
        return s
    }

    static func run(_ f: StoreE2EFolder, _ script: String, _ extra: [String] = []) throws
        -> LprofProcess.Result
    {
        try f.run(["--store", f.store] + day + extra + ["-c", script])
    }

    @Test func disjointEditsMergeAndNothingIsLost() throws {
        let f = try StoreE2EFolder()
        defer { f.remove() }
        #expect(try Self.run(f, "edit on; set season autumn; done").status == 0)
        let a = try Self.start(f, "edit on\nset username kim\nset goal 2027-03-01")
        let b = try Self.start(f, "edit on\nset notifications off")
        // A third process commits the season meanwhile.
        #expect(try Self.run(f, "edit on; set season spring; done").status == 0)
        a.send("done\nget --json\nprint A-DONE\n")
        #expect(a.waitForOutput("A-DONE"))
        b.send("done\nget --json\n")
        #expect(a.finish() == 0, "A: \(a.stderr)")
        #expect(b.finish() == 0, "B: \(b.stderr)")
        let file = try #require(StoreE2EFile.read(f.store))
        #expect(file.revision == 4)
        #expect(file.username == "kim" && file.goalDate == "2027-03-01")
        #expect(!file.prefersNotifications && file.seasonalPhoto == "spring")
        // Each merging session reports it and now holds the merged profile.
        #expect(a.stderr.contains("note: another session saved revision 2"), "\(a.stderr)")
        #expect(a.stderr.contains("took its season"), "\(a.stderr)")
        #expect(b.stderr.contains("took its username, season and goal"), "\(b.stderr)")
        #expect(
            b.stdout.hasSuffix(
                #"{"username":"kim","prefersNotifications":false,"seasonalPhoto":"spring","goalDate":"2027-03-01"}"#
                    + "\n"))
    }

    @Test func sameFieldBothWaysConflictsAndWritesNothing() throws {
        let f = try StoreE2EFolder()
        defer { f.remove() }
        #expect(try Self.run(f, "edit on; set season autumn; done").status == 0)
        let a = try Self.start(f, "edit on\nset season summer\nset username kim")
        #expect(try Self.run(f, "edit on; set season spring; done").status == 0)
        let before = StoreE2ESnapshot(f.store)
        a.send("done\nprint AFTER\n")
        #expect(a.finish() == 3)
        #expect(!a.stdout.contains("AFTER"))
        #expect(
            a.stderr.contains(
                "both changed season (yours summer, theirs spring); 'done --force' keeps yours, "
                    + "'cancel' then 'reload' takes theirs"), "\(a.stderr)")
        #expect(StoreE2ESnapshot(f.store) == before)
    }

    @Test func forceKeepsOursWhereBothChangedAndTheirsElsewhere() throws {
        let f = try StoreE2EFolder()
        defer { f.remove() }
        #expect(try Self.run(f, "edit on; set season autumn; done").status == 0)
        let a = try Self.start(f, "edit on\nset season summer")
        #expect(try Self.run(f, "edit on; set season spring; set username kim; done").status == 0)
        a.send("done --force\nget season\nget username\n")
        #expect(a.finish() == 0, "\(a.stderr)")
        #expect(a.stdout.hasSuffix("summer\nkim\n"))
        let file = try #require(StoreE2EFile.read(f.store))
        #expect(file.seasonalPhoto == "summer" && file.username == "kim" && file.revision == 3)
    }

    @Test func cancelThenReloadTakesTheirs() throws {
        let f = try StoreE2EFolder()
        defer { f.remove() }
        #expect(try Self.run(f, "edit on; set season autumn; done").status == 0)
        let a = try Self.start(f, "edit on\nset season summer")
        #expect(try Self.run(f, "edit on; set season spring; set username kim; done").status == 0)
        let before = StoreE2ESnapshot(f.store)
        a.send("cancel\nreload\nget --json\n")
        #expect(a.finish() == 0, "\(a.stderr)")
        #expect(
            a.stdout.hasSuffix(
                "Reloaded revision 2 (this session had revision 1).\n"
                    + "username: g_kumar → kim\nseason: autumn → spring\n"
                    + #"{"username":"kim","prefersNotifications":true,"seasonalPhoto":"spring","goalDate":"2026-11-30"}"#
                    + "\n"))
        #expect(StoreE2ESnapshot(f.store) == before, "reload only reads")
    }

    /// Issue 13's trap: a `done` with no changes in a session that started before another
    /// session's commit must neither write nor conflict.
    @Test func noChangeDoneLeavesBytesAndMtimeAlone() throws {
        let f = try StoreE2EFolder()
        defer { f.remove() }
        #expect(try Self.run(f, "edit on; set season autumn; done").status == 0)
        let b = try Self.start(f, "get season")
        #expect(try Self.run(f, "edit on; set season spring; done").status == 0)
        let before = StoreE2ESnapshot(f.store)
        let lockBefore = StoreE2ESnapshot(f.store + ".lock")
        usleep(20_000)  // so that a rewrite would show in the mtime
        b.send("edit on\ndone\nedit on\nedit off\nedit on\nset season autumn\ndone\n")
        b.send("print END\n")
        #expect(b.waitForOutput("END"))
        #expect(StoreE2ESnapshot(f.store) == before)
        #expect(StoreE2ESnapshot(f.store + ".lock") == lockBefore)
        #expect(b.finish() == 0, "\(b.stderr)")
        #expect(b.stderr == "")
        #expect(StoreE2EFile.read(f.store)?.revision == 2)
        // A reset of a profile that is the default already writes nothing either.
        #expect(try Self.run(f, "reset").status == 0)
        let reset = StoreE2ESnapshot(f.store)
        usleep(20_000)
        #expect(try Self.run(f, "reset; reset --force; edit on; done").status == 0)
        #expect(StoreE2ESnapshot(f.store) == reset)
    }

    // MARK: -1

    static let transactionLines = [
        "edit on", "set season spring", "done", "edit on", "set username kim", "done",
        "get profile.season", "edit on", "set goal +1m", "edit off", "reset", "edit on",
        "set notifications off", "done",
    ]

    /// A failure at any line, by a command that fails there, leaves the store untouched;
    /// with --keep-going too, though the commits after the failure still run.
    @Test(arguments: 0...transactionLines.count)
    func singleTransactionFailingAtAnyLineLeavesTheStore(_ line: Int) throws {
        let f = try StoreE2EFolder()
        defer { f.remove() }
        #expect(try Self.run(f, "edit on; set season autumn; done").status == 0)
        let before = StoreE2ESnapshot(f.store)
        usleep(10_000)
        var lines = Self.transactionLines
        lines.insert("expect error print fails-because-print-succeeds", at: line)
        let script = f.file("t.lprof")
        try Data(lines.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: script))
        for extra in [[], ["--keep-going"]] {
            let r = try f.run(["--store", f.store, "-1"] + extra + Self.day + [script])
            #expect(r.status == 1, "line \(line + 1) \(extra): \(r.stderr)")
            #expect(r.stderr.contains("t.lprof:\(line + 1):1: error: expected an error"))
            // Once something was committed, the end says it was not saved.
            let committed = line >= 3 || !extra.isEmpty
            #expect(
                r.stderr.contains("-1: the script did not succeed") == committed,
                "line \(line + 1) \(extra): \(r.stderr)")
            #expect(StoreE2ESnapshot(f.store) == before, "line \(line + 1) \(extra)")
        }
    }

    @Test func singleTransactionWritesExactlyOnceOnSuccess() throws {
        let f = try StoreE2EFolder()
        defer { f.remove() }
        #expect(try Self.run(f, "edit on; set season autumn; done").status == 0)
        let script = f.file("t.lprof")
        try Data(Self.transactionLines.joined(separator: "\n").utf8).write(
            to: URL(fileURLWithPath: script))
        let r = try f.run(["--store", f.store, "-1"] + Self.day + [script])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "spring\n")
        let file = try #require(StoreE2EFile.read(f.store))
        // Five commits in the script, one write: revision 1 → 2.
        #expect(file.revision == 2)
        #expect(!file.prefersNotifications && file.username == "g_kumar")
        #expect(file.seasonalPhoto == "winter")
        #expect(f.names() == ["profile.json", "profile.json.lock", "t.lprof"])
        // -c text too, and a quit ends it successfully.
        let c = try Self.run(f, "edit on; set season summer; done; quit; print no", ["-1"])
        #expect(c.status == 0 && c.stdout == "", "\(c.stderr)")
        #expect(StoreE2EFile.read(f.store)?.revision == 3)
    }

    /// `-` is stdin read whole as a script, so -1 takes it as it takes /dev/stdin: one write
    /// at a successful end, none after a failure.
    @Test func singleTransactionTakesStdinAsAScript() throws {
        let f = try StoreE2EFolder()
        defer { f.remove() }
        #expect(try Self.run(f, "edit on; set season autumn; done").status == 0)
        let text = Self.transactionLines.joined(separator: "\n") + "\n"
        let r = try f.run(["--store", f.store, "-1"] + Self.day + ["-"], stdin: text)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "spring\n")
        #expect(StoreE2EFile.read(f.store)?.revision == 2)
        let before = StoreE2ESnapshot(f.store)
        let failing = try f.run(
            ["--store", f.store, "-1"] + Self.day + ["-"],
            stdin: "edit on\nset season spring\ndone\nexpect season winter\n")
        #expect(failing.status == 1)
        #expect(failing.stderr.contains("-1: the script did not succeed"), "\(failing.stderr)")
        #expect(StoreE2ESnapshot(f.store) == before)
    }

    /// `lprof test --store`: every script starts from the store as it was, whatever the
    /// scripts before it committed, and the store is left as it was.
    @Test func testWithAStoreGivesEachScriptTheStoreAsItWas() throws {
        let f = try StoreE2EFolder()
        defer { f.remove() }
        #expect(try Self.run(f, "edit on; set season autumn; done").status == 0)
        let before = StoreE2ESnapshot(f.store)
        let first = f.file("a.lprof")
        let second = f.file("b.lprof")
        try Data("expect season autumn\nedit on\nset season spring\ndone\n".utf8).write(
            to: URL(fileURLWithPath: first))
        try Data("expect season autumn\n".utf8).write(to: URL(fileURLWithPath: second))
        for order in [[first, second], [second, first], [first, first]] {
            let r = try f.run(["test", "--store", f.store] + Self.day + order)
            #expect(r.status == 0, "\(order): \(r.stdout)\(r.stderr)")
            #expect(r.stdout.hasSuffix("2 passed, 0 failed\n"), "\(r.stdout)")
        }
        #expect(StoreE2ESnapshot(f.store) == before)
    }

    @Test func singleTransactionMergesWithAnotherSessionAtTheEnd() throws {
        let f = try StoreE2EFolder()
        defer { f.remove() }
        #expect(try Self.run(f, "edit on; set season autumn; done").status == 0)
        // The script waits on a FIFO so that another session commits while it runs.
        let fifo = f.file("wait.fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        let script = f.file("t.lprof")
        try Data("edit on\nset username kim\ndone\nsource wait.fifo\n".utf8).write(
            to: URL(fileURLWithPath: script))
        let a = try StoreE2ESession(
            ["--store", f.store, "-1"] + Self.day + [script], environment: f.environment(),
            directory: f.url)
        // Once the script opens the FIFO, it has read the store and committed (for later).
        var writer: Int32 = -1
        let deadline = Date().addingTimeInterval(10)
        while writer < 0 && Date() < deadline {
            writer = open(fifo, O_WRONLY | O_NONBLOCK)
            if writer < 0 { usleep(2_000) }
        }
        #expect(writer >= 0, "the script never opened the FIFO: \(a.stderr)")
        #expect(try Self.run(f, "edit on; set season spring; done").status == 0)
        _ = write(writer, "print sourced\n", 14)
        close(writer)
        #expect(a.finish() == 0, "\(a.stderr)")
        let file = try #require(StoreE2EFile.read(f.store))
        #expect(file.username == "kim" && file.seasonalPhoto == "spring" && file.revision == 3)
        #expect(a.stderr.contains("note: another session saved revision 2"), "\(a.stderr)")
    }

    // MARK: kill -9 during merged commits

    /// Two sessions commit different fields in turn, so that every commit merges the
    /// other's (nothing may be lost); each round then sends both a commit and kills them
    /// at a random moment, mostly in the middle of it. The store is always whole.
    @Test func killNineDuringMergedCommitsLeavesAWholeStore() throws {
        let f = try StoreE2EFolder()
        defer { f.remove() }
        let seasons = ["spring", "summer", "autumn", "winter"]
        #expect(try Self.run(f, "edit on; set season autumn; done").status == 0)

        var revision = 1
        var notes = 0
        var generator = SystemRandomNumberGenerator()
        let started = Date()
        for round in 0..<30 {
            let a = try Self.start(f, "get mode")
            let b = try Self.start(f, "get mode")
            var step = 0
            /// A's commit: its username; B's: the season and the goal.
            func line(_ session: Int) -> String {
                step += 1
                return session == 0
                    ? "edit on; set username u\(round)x\(String(repeating: "y", count: step % 40)); done"
                    : "edit on; set season \(seasons[step % 4]); set goal \(step % 2 == 0 ? "+1d" : "-1d"); done"
            }
            for turn in 0..<Int.random(in: 2...6, using: &generator) {
                let marker = "TURN-\(turn)"
                a.send(line(0) + "\nprint \(marker)a\n")
                #expect(a.waitForOutput(marker + "a"), "round \(round): \(a.stderr)")
                b.send(line(1) + "\nprint \(marker)b\n")
                #expect(b.waitForOutput(marker + "b"), "round \(round): \(b.stderr)")
            }
            // Both sessions' last commits are in the store: nothing was lost in the merges.
            let merged = try #require(StoreE2EFile.read(f.store))
            #expect(merged.username.hasPrefix("u\(round)x"), "round \(round): \(merged)")
            #expect(merged.seasonalPhoto == seasons[step % 4], "round \(round): \(merged)")
            // Now a merged commit each, killed at once or a little later.
            a.send(line(0) + "\n")
            b.send(line(1) + "\n")
            usleep(UInt32.random(in: 0...6_000, using: &generator))
            if round % 2 == 0 {
                a.kill9()
                b.kill9()
            } else {
                b.kill9()
                a.kill9()
            }
            notes += a.stderr.components(separatedBy: "note: another session").count - 1
            notes += b.stderr.components(separatedBy: "note: another session").count - 1
            #expect(
                !a.stderr.contains("error:") && !b.stderr.contains("error:"),
                "\(a.stderr)\(b.stderr)")
            let file = try #require(
                StoreE2EFile.read(f.store),
                "round \(round): not a whole store: \(String(decoding: FileManager.default.contents(atPath: f.store) ?? Data(), as: UTF8.self))"
            )
            #expect(file.revision >= merged.revision, "round \(round): the revision went back")
            revision = file.revision
        }
        #expect(notes >= 30 * 3, "too few merged commits: \(notes)")
        let check = try f.run(["--store", f.store, "-c", "get --json"])
        #expect(check.status == 0, "\(check.stderr)")
        #expect(Date().timeIntervalSince(started) < 20, "the kill rounds took too long")
        // The next commit works, and no temporary file outlives it.
        #expect(try Self.run(f, "edit on; set username last; done").status == 0)
        #expect(StoreE2EFile.read(f.store)?.revision ?? 0 > revision)
        #expect(f.names() == ["profile.json", "profile.json.lock"])
    }
}
