import Foundation
import LprofModel
import Testing

@testable import LprofShell
@testable import LprofStore
@testable import LprofSystem
@testable import LprofText

/// A store in memory that another session shares: `reload` reads it, and `theirs`
/// commits to it as another session would.
final class SharedMemoryStorage: ProfileStorage {
    let inner = MemoryProfileStorage()
    var location: String { "shared" }
    var isShared: Bool { true }
    func load() throws(StoreError) -> StoredProfile? { try inner.load() }
    func commit(_ commit: StoreCommit, dryRun: Bool) throws(StoreError) -> StoreCommitResult {
        try inner.commit(commit, dryRun: dryRun)
    }

    /// Another session commits `change` on top of what is stored.
    func theirs(_ change: (inout Profile) -> Void) {
        let base =
            (try? inner.load()) ?? StoredProfile(profile: .default(today: interpToday), revision: 0)
        var profile = base.profile
        change(&profile)
        _ = try? inner.commit(
            StoreCommit(base: base, ours: profile, touched: [], force: false), dryRun: false)
    }
}

extension InterpSession {
    /// Runs `text` as an entry typed at the prompt: the session goes on after it.
    func entry(_ text: String) { _ = runner.runEntry(Array(text.utf8), promptWidth: 7) }
}

/// `record FILE`, `record --force FILE` and `record off` through the runner (SPEC §3).
@Suite struct RecordTests {
    func read(_ path: String) -> String {
        (try? String(contentsOfFile: path, encoding: .utf8)) ?? "(missing)"
    }

    /// The file's commands, without comments and blank lines.
    func commands(_ path: String) -> [String] {
        read(path).split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") }
    }

    /// Whether the file passes as `lprof test` runs it: a fresh profile in memory.
    func passes(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        let s = InterpSession()
        let status = s.runner.runScript(path: path)
        #expect(status == .success, "\(s.rendered)", sourceLocation: sourceLocation)
        return status == .success
    }

    @Test func aSessionReadsAsAScript() {
        let dir = InterpTempFolder()
        defer { dir.remove() }
        let file = dir.path + "/hike.lprof"
        let s = InterpSession()
        #expect(s.run("edit on; set username hiker; done") == 0)
        #expect(
            s.run(
                "record \(file)\nedit on; set season autumn\nprint 'a comment # is no comment'\n"
                    + "set goal +1m  # a month on\ndone\nrecord off") == 0)
        #expect(
            s.output
                == "a comment # is no comment\nRecorded to \(file); check it with 'lprof test \(file)'.\n"
        )
        #expect(
            read(file) == """
                # An lprof session, recorded with 'record' (lprof 0.1.0).
                # To check that, replayed on a fresh profile in memory, it still ends where the
                # session ended:  lprof test hike.lprof
                # To watch it run:  lprof --memory hike.lprof

                # Set-up: the commands that take a fresh profile to where the session stood
                # when recording began.
                # Today is fixed, so that 'today' and goal offsets mean the same day
                # whenever this runs:
                env now 2026-11-30
                # The default profile (g_kumar, notifications on, winter, goal today),
                # in the release edition of the tutorial (the edition first, so
                # that 'reset' happens where the profile lives):
                env edition release
                reset
                # The profile, committed:
                edit on
                set username "hiker"
                done

                # The session, one command a line, as typed:
                edit on
                set season autumn
                print 'a comment # is no comment'
                set goal +1m
                done

                # Where the session ended: 'lprof test' fails unless each of these holds.
                expect mode inactive
                expect sheet presented
                expect profile.username "hiker"
                expect profile.notifications on
                expect profile.season autumn
                expect profile.goal 2026-12-30
                expect draft.username "hiker"
                expect draft.notifications on
                expect draft.season autumn
                expect draft.goal 2026-12-30

                """)
        #expect(passes(file))
    }

    @Test func aFailedCommandIsNotWritten() {
        let dir = InterpTempFolder()
        defer { dir.remove() }
        let file = dir.path + "/r.lprof"
        let s = InterpSession(keepGoing: true)
        #expect(
            s.run(
                "record \(file)\nset season autumn\nedit on\nset goal +5y\nset goal 2031-01-01\n"
                    + "expect season autumn\nexpect error set season monsoon\nset season summer\n"
                    + "done\nrecord off") == 1)
        #expect(s.errors.count == 4)
        #expect(
            commands(file).drop { $0 != "reset" }.dropFirst().prefix(4) == [
                "edit on", "expect error set season monsoon", "set season summer", "done",
            ])
        #expect(!read(file).contains("set goal +5y"))
        #expect(passes(file))
    }

    @Test func recordHistoryAndQuitAreNotWritten() {
        let dir = InterpTempFolder()
        defer { dir.remove() }
        let file = dir.path + "/r.lprof"
        let s = InterpSession()
        #expect(
            s.run(
                "record \(file); history; expect error record \(file)\n"
                    + "expect error record --force \(dir.path)/other.lprof\n"
                    + "print done; quit\nprint never") == 0)
        #expect(s.output.hasPrefix("done\nRecorded to"))
        let session = commands(file).drop { $0 != "reset" }.dropFirst()
        #expect(Array(session.prefix(2)) == ["print done", "expect mode inactive"])
        #expect(passes(file))
    }

    @Test func theSessionsEndEndsTheFile() {
        let dir = InterpTempFolder()
        defer { dir.remove() }
        let file = dir.path + "/r.lprof"
        let s = InterpSession()
        #expect(s.run("record \(file); edit on; set notifications off") == 0)
        #expect(s.output.hasPrefix("Recorded to \(file)"))
        #expect(read(file).hasSuffix("expect draft.goal 2026-11-30\n"))
        #expect(commands(file).contains("expect draft.notifications off"))
        #expect(s.runner.recording == nil)
        #expect(passes(file))
    }

    @Test func anExistingFileNeedsForce() {
        let dir = InterpTempFolder()
        defer { dir.remove() }
        dir.write("old.lprof", "print old\n")
        let file = dir.path + "/old.lprof"
        let s = InterpSession()
        #expect(s.run("record \(file)") == 1)
        #expect(
            s.errors.first?.message
                == "'\(file)' exists already; 'record --force \(file)' replaces it")
        #expect(s.errors.first?.location?.column == 8)
        #expect(read(file) == "print old\n")
        #expect(InterpSession().run("record --force \(file); print new; record off") == 0)
        #expect(commands(file).contains("print new"))
        #expect(!read(file).contains("print old"))
    }

    @Test func messagesAboutState() {
        let dir = InterpTempFolder()
        defer { dir.remove() }
        let s = InterpSession()
        #expect(s.run("record off") == 1)
        #expect(s.errors.last?.message == "not recording: 'record FILE' starts a recording")
        #expect(s.run("record \(dir.path)/a.lprof; record \(dir.path)/b.lprof") == 1)
        #expect(
            s.errors.last?.message
                == "already recording to '\(dir.path)/a.lprof'; 'record off' ends it")
        #expect(s.errors.last?.location?.column == 1 + "record \(dir.path)/a.lprof; ".count)
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/b.lprof"))
        #expect(s.run("record \(dir.path)/no/such/folder.lprof") == 1)
        #expect(
            s.errors.last?.message
                == "cannot record to '\(dir.path)/no/such/folder.lprof': No such file or directory")
        #expect(s.run("record --force /dev/null") == 1)
        #expect(s.errors.last?.message == "cannot record to '/dev/null': not a regular file")
    }

    @Test func aStateNoCommandsReachIsRefused() {
        let dir = InterpTempFolder()
        defer { dir.remove() }
        let s = InterpSession()
        #expect(
            s.run(
                "edit on; set season autumn; done; dismiss; present; env now 2026-12-01\n"
                    + "record \(dir.path)/r.lprof") == 1)
        #expect(s.errors.last?.message.hasPrefix("cannot record: no commands rebuild") == true)
        #expect(s.errors.last?.location == .init(source: "<command-line>", line: 2, column: 1))
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/r.lprof"))
    }

    @Test func expectErrorRecordMakesNoFile() {
        let dir = InterpTempFolder()
        defer { dir.remove() }
        let s = InterpSession()
        #expect(s.run("expect error record \(dir.path)/r.lprof") == 1)
        #expect(s.errors.last?.message == "expected an error, but 'record' succeeded")
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/r.lprof"))
        #expect(s.runner.recording == nil)
        dir.write("there.lprof", "")
        let again = InterpSession()
        #expect(
            again.run("expect error record \(dir.path)/there.lprof; expect error record off") == 0)
        #expect(again.errors.isEmpty)
        // A recording that could not start fails under expect error too, as at the top
        // level: a folder missing, a folder where the file would be (even with --force).
        let missing = InterpSession()
        #expect(missing.run("expect error record \(dir.path)/none/r.lprof") == 0)
        #expect(missing.run("record \(dir.path)/none/r.lprof") == 1)
        #expect(missing.errors.last?.message.hasSuffix("No such file or directory") == true)
        #expect(InterpSession().run("expect error record --force \(dir.path)") == 0)
    }

    @Test func onlyAtTheTopLevel() {
        let dir = InterpTempFolder()
        defer { dir.remove() }
        dir.write("inner.lprof", "record \(dir.path)/r.lprof\n")
        let s = InterpSession()
        #expect(s.run("source \(dir.path)/inner.lprof") == 1)
        #expect(
            s.errors.last?.message
                == "'record' works only at the top level (the prompt, a script, -c), not in a sourced file"
        )
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/r.lprof"))
        let bare = InterpSession()
        #expect(throws: CommandFailure.self) { try bare.execute("record off") }
        // A fuzzer's sandbox writes no file.
        let sandboxed = InterpSession()
        sandboxed.runner.sourceablePaths = []
        #expect(sandboxed.run("record \(dir.path)/f.lprof") == 1)
        #expect(sandboxed.errors.last?.message == "'record' may not write files here")
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/f.lprof"))
    }

    @Test func todayIsWrittenAsTheDayItMeant() {
        let dir = InterpTempFolder()
        defer { dir.remove() }
        let file = dir.path + "/r.lprof"
        let s = InterpSession()
        #expect(
            s.run("env now 2027-03-01; record \(file); env now TODAY; edit on; set goal today") == 0
        )
        let lines = commands(file)
        #expect(lines.first == "env now 2027-03-01")
        #expect(lines.contains("env now 2026-11-30"))
        #expect(!lines.contains("env now TODAY"))
        #expect(lines.contains("set goal today"))
        #expect(lines.contains("expect draft.goal 2026-11-30"))
        #expect(passes(file))
    }

    @Test func theClockPassingMidnightMovesTheReplaysDayOn() {
        let dir = InterpTempFolder()
        defer { dir.remove() }
        let file = dir.path + "/r.lprof"
        final class Clock: @unchecked Sendable { var today = interpToday }
        let clock = Clock()
        let out = OutputBuffer(.capture)
        let interpreter = Interpreter(
            storage: MemoryProfileStorage(), loaded: nil, settings: Settings(), out: out,
            clock: { clock.today })
        let runner = Runner(
            interpreter: interpreter, diagnostics: DiagnosticSink(.collect, output: out))
        _ = runner.runEntry(Array("record \(file); edit on".utf8), promptWidth: 7)
        clock.today = CalendarDay(year: 2026, month: 12, day: 1)!
        _ = runner.runEntry(Array("set goal today; print late".utf8), promptWidth: 7)
        runner.finishRecording()
        #expect(
            read(file).contains(
                "edit on\n# The day changed:\nenv now 2026-12-01\nset goal today\nprint late\n"))
        #expect(commands(file).contains("expect draft.goal 2026-12-01"))
        #expect(passes(file))
    }

    @Test func sourcedPathsAreWrittenAsTheRecordingsFolderReadsThem() {
        let dir = InterpTempFolder()
        defer { dir.remove() }
        dir.write("setup.lprof", "edit on\nset season summer\ndone\n")
        dir.write("my setup.lprof", "edit on\nset notifications off\ndone\n")
        dir.write(
            "main.lprof",
            "record \(dir.path)/out/r.lprof\nsource setup.lprof\nsource 'my setup.lprof'\n"
                + "expect error source missing.lprof\nrecord off\n"
                + "record \(dir.path)/here.lprof\nsource setup.lprof\n")
        try? FileManager.default.createDirectory(
            atPath: dir.path + "/out", withIntermediateDirectories: true)
        let s = InterpSession()
        #expect(s.runner.runScript(path: dir.path + "/main.lprof") == .success, "\(s.rendered)")
        let out = commands(dir.path + "/out/r.lprof")
        #expect(out.contains("source \(dir.path)/setup.lprof"))
        #expect(out.contains("source \"\(dir.path)/my setup.lprof\""))
        #expect(out.contains("expect error source \(dir.path)/missing.lprof"))
        #expect(passes(dir.path + "/out/r.lprof"))
        #expect(commands(dir.path + "/here.lprof").contains("source setup.lprof"))
        #expect(passes(dir.path + "/here.lprof"))
    }

    @Test func aReloadIsACommentUntilCommandsRebuildWhatItLeft() {
        let dir = InterpTempFolder()
        defer { dir.remove() }
        let file = dir.path + "/r.lprof"
        let storage = SharedMemoryStorage()
        let s = InterpSession(storage: storage)
        s.entry("record \(file); edit on; set season autumn; done")
        storage.theirs { $0.username = "other" }
        // The draft still holds this session's profile: no commands rebuild that.
        s.entry("reload; get draft.username")
        #expect(s.errors.isEmpty)
        #expect(s.sink.collected.last?.severity == .note)
        #expect(s.sink.collected.last?.message.hasPrefix("'reload' is not replayed by") == true)
        s.entry("edit on; set goal +1d; record off")
        #expect(s.errors.isEmpty)
        let text = read(file)
        #expect(
            text.contains(
                """
                # Not replayed: on a fresh profile in memory, as 'lprof test' runs this file,
                # the next commands would not do what they did in the session:
                #   reload
                #   get draft.username
                #   edit on
                # What they left, rebuilt:
                reset
                edit on
                set username "other"
                set season autumn
                done
                edit on
                set goal +1d

                """), "\(text)")
        #expect(commands(file).contains("expect profile.username \"other\""))
        #expect(passes(file))
    }

    @Test func aSessionEndingWhereNoCommandsLeadEndsWithTheLastStateTheyReach() {
        let dir = InterpTempFolder()
        defer { dir.remove() }
        let file = dir.path + "/r.lprof"
        let storage = SharedMemoryStorage()
        let s = InterpSession(storage: storage)
        s.entry("record \(file); edit on; set season autumn; done")
        storage.theirs { $0.username = "other" }
        s.entry("reload")
        s.runner.finishRecording()
        #expect(s.errors.isEmpty)
        #expect(
            s.warnings.last?.message.hasPrefix("the session ended where no commands lead") == true)
        let lines = commands(file)
        #expect(lines.contains("expect profile.username \"g_kumar\""))
        #expect(read(file).contains("#   reload\n"))
        #expect(passes(file))
    }

    @Test func aMergedCommitIsACommentToo() {
        let dir = InterpTempFolder()
        defer { dir.remove() }
        let file = dir.path + "/r.lprof"
        let storage = SharedMemoryStorage()
        let s = InterpSession(storage: storage)
        s.entry("record \(file); edit on; set season autumn")
        storage.theirs { $0.prefersNotifications = false }
        // The merge takes their notifications into the profile, not into the draft.
        s.entry("done; edit on; record off")
        #expect(s.errors.isEmpty)
        #expect(read(file).contains("#   done\n#   edit on\n# What they left, rebuilt:\n"))
        #expect(commands(file).contains("expect draft.notifications off"))
        #expect(passes(file))
    }
}
