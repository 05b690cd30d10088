import Dispatch
import Foundation
import Glibc
import Testing

/// `lprof FILE` takes each `set` as its check parsed it (`Runner+HandOver.swift`), until the
/// hand-over stops (a commit waits for the check) and the run reads on by itself. Whatever
/// the lines look like and wherever the hand-over stops, the run must be the one piped
/// stdin gives, which reads and checks each line itself: the same output, the same errors
/// at the same places, the same store.
@Suite struct HandOverEndToEndTests {
    /// More lines than the hand-over's batches hold between them.
    static let manyLines = 3_000

    /// `count` commands that change every field, some printing, written as plainly as the
    /// bench does.
    static func sets(_ count: Int, from start: Int = 0) -> [String] {
        let seasons = ["spring", "summer", "autumn", "winter"]
        return (start..<start + count).map { i in
            switch i % 5 {
            case 0: return "set season \(seasons[i % 4])"
            case 1: return "set notifications " + (i % 2 == 0 ? "on" : "off")
            case 2: return "set goal " + (i % 3 == 0 ? "-1d" : "+1d")
            case 3: return "set username \"hiker \(i)\""
            default: return i % 50 == 4 ? "get username" : "set username hiker_\(i)"
            }
        }
    }

    /// Runs `script` as a file (on two threads, however many processors there are) and
    /// through a pipe, each against a store of its own; both runs' results, with the file's
    /// name in the pipe's diagnostics.
    func runBothWays(_ script: String, _ extra: [String] = []) throws
        -> (file: LprofProcess.Result, piped: LprofProcess.Result, stores: (String?, String?))
    {
        let folder = try StoreE2EFolder()
        defer { folder.remove() }
        try script.write(toFile: folder.file("s.lprof"), atomically: true, encoding: .utf8)
        let options = ["--now", "2026-11-30"] + extra
        let file = try folder.run(
            ["--store", folder.file("a.json")] + options + ["s.lprof"],
            environment: folder.environment(["LPROF_THREADS": "2"]))
        var piped = try folder.run(["--store", folder.file("b.json")] + options, stdin: script)
        piped.stderr = piped.stderr.replacingOccurrences(of: "<stdin>", with: "s.lprof")
        let stores = (
            try? String(contentsOfFile: folder.file("a.json"), encoding: .utf8),
            try? String(contentsOfFile: folder.file("b.json"), encoding: .utf8)
        )
        return (file, piped, stores)
    }

    func expectSame(_ script: String, _ extra: [String] = []) throws {
        let (file, piped, stores) = try runBothWays(script, extra)
        #expect(file.status == piped.status)
        #expect(file.stdout == piped.stdout)
        #expect(file.stderr == piped.stderr)
        #expect(stores.0 == stores.1)
    }

    /// `count` lines that each print something of their own: a line lost or run twice
    /// shows.
    static func numbered(_ count: Int, from start: Int) -> [String] {
        (start..<start + count).map { "set username \"u\($0)\"; get username" }
    }

    @Test func aCommitMidwayStopsTheHandOverAndTheRunReadsOn() throws {
        // After the commit the run reads the file itself from where the hand-over stopped:
        // every line once, its errors placed on their lines, and the draft left at the end
        // warned about at the last line.
        let script =
            (["edit on"] + Self.sets(Self.manyLines) + ["done", "set season autumn", "edit on"]
            + Self.numbered(Self.manyLines, from: 7) + ["cancel", "set goal +1d", "edit on"]
            + Self.sets(40)).joined(separator: "\n") + "\n"
        let (file, _, stores) = try runBothWays(script, ["--keep-going"])
        #expect(file.status == 1)
        #expect(file.stderr.contains("s.lprof:\(Self.manyLines + 3):1: error"))
        #expect(file.stderr.contains("s.lprof:\(2 * Self.manyLines + 6):1: error"))
        #expect(file.stderr.contains("warning"))
        #expect(stores.0 != nil)
        // Each numbered line printed once, in order (compared as one fact: a list this long
        // would flood the report).
        let printed = file.stdout.split(separator: "\n").map(String.init)
        let first = printed.firstIndex(of: "u7") ?? printed.count
        let numbered = printed[first...].prefix(Self.manyLines)
        let inOrder = numbered.elementsEqual((7..<7 + Self.manyLines).map { "u\($0)" })
        #expect(inOrder)
        try expectSame(script, ["--keep-going"])
    }

    @Test func aFailureInAHandedOverSetIsPlacedOnItsLine() throws {
        // Not editing: every handed-over `set` fails, each reported at its own line.
        let script = Self.sets(Self.manyLines).joined(separator: "\n") + "\n"
        let (file, _, _) = try runBothWays(script, ["--keep-going"])
        #expect(file.status == 1)
        #expect(file.stderr.contains("s.lprof:6:1: error"))
        #expect(file.stderr.contains("2920 more diagnostics in 's.lprof'"))
        try expectSame(script, ["--keep-going"])
        try expectSame(script)
    }

    @Test func linesOfEveryShapeRunAsTheyDoFromAPipe() throws {
        // Continued lines, escapes, two commands on a line, comments, blank lines, CRLF, a
        // byte-order mark, and a last line that asks to be continued.
        // Commits along the way stop the hand-over, so that the run reads on from among them.
        var lines = ["\u{FEFF}edit on"]
        for i in 0..<Self.manyLines / 4 {
            if i % 400 == 399 { lines += ["done", "edit on"] }
            lines.append("set username \"say \\\"hi\\\" \(i)\"  # escaped")
            lines.append("set season \\\n  winter")
            lines.append("set goal +1d; get goal\r")
            lines.append("")
            lines.append("   # a comment alone")
            lines.append("set username 'single \(i)';set notifications on")
        }
        lines.append("get username")
        lines.append("get \\\nusername \\")
        try expectSame(lines.joined(separator: "\n"))
    }

    @Test func echoShowsEveryHandedOverCommand() throws {
        let script =
            (["edit on"] + Self.sets(Self.manyLines) + ["done"]).joined(separator: "\n") + "\n"
        let (file, _, _) = try runBothWays(script, ["--echo"])
        #expect(file.stdout.contains("lprof edit*> set username \"hiker 2998\""))
        try expectSame(script, ["--echo"])
    }

    @Test func aLongContinuedLineIsReadByTheRun() throws {
        // One logical line of 700 physical lines, among lines the check parsed.
        let long = "set username \\\n" + String(repeating: " \\\n", count: 700) + "  \"far\""
        let script =
            (["edit on"] + Self.sets(Self.manyLines) + [long, "get username"]
            + Self.sets(100) + ["get username", "done"]).joined(separator: "\n") + "\n"
        let (file, _, _) = try runBothWays(script)
        #expect(file.status == 0)
        #expect(file.stdout.contains("far\n"))
        try expectSame(script)
    }

    @Test func aLateErrorAfterMuchOutputAndACommitSavesNothing() throws {
        // The output buffer fills (and waits for the check) long before the commit.
        let folder = try StoreE2EFolder()
        defer { folder.remove() }
        let script =
            (["edit on"] + Array(repeating: "show summary", count: 3_000)
            + ["set season autumn", "done", "get sesaon"]).joined(separator: "\n") + "\n"
        try script.write(toFile: folder.file("s.lprof"), atomically: true, encoding: .utf8)
        let result = try folder.run(["--store", folder.store, "s.lprof"])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("s.lprof:3004:5: error: unknown field 'sesaon'"))
        #expect(!FileManager.default.fileExists(atPath: folder.store))
    }

    @Test func aScriptFromAFIFOIsReadInMemory() throws {
        let folder = try StoreE2EFolder()
        defer { folder.remove() }
        let script =
            (["edit on"] + Self.sets(Self.manyLines) + ["done", "edit on"]
            + Self.sets(Self.manyLines, from: 3) + ["get username", "done"])
            .joined(separator: "\n") + "\n"
        let fifo = folder.file("s.fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        let writer = DispatchQueue(label: "fifo writer")
        writer.async {
            let fd = open(fifo, O_WRONLY)
            guard fd >= 0 else { return }
            _ = Array(script.utf8).withUnsafeBytes { write(fd, $0.baseAddress!, $0.count) }
            close(fd)
        }
        let fromFIFO = try folder.run(
            ["--store", folder.file("a.json"), "--now", "2026-11-30", "s.fifo"])
        writer.sync {}
        let piped = try folder.run(
            ["--store", folder.file("b.json"), "--now", "2026-11-30"], stdin: script)
        #expect(fromFIFO.status == 0)
        #expect(fromFIFO.stdout == piped.stdout)
        #expect(fromFIFO.stdout.hasSuffix("hiker_2999\n"))
    }

    @Test func oneThreadGivesTheSameResults() throws {
        // LPROF_THREADS=1 checks the script first, as lprof does by itself on one processor
        // (here under taskset); what a user sees is the same either way.
        let folder = try StoreE2EFolder()
        defer { folder.remove() }
        let script =
            (["edit on"] + Self.numbered(Self.manyLines, from: 0) + ["done", "edit on"]
            + Self.sets(Self.manyLines) + ["set season autumn"]).joined(separator: "\n") + "\n"
        try script.write(toFile: folder.file("s.lprof"), atomically: true, encoding: .utf8)
        func run(_ store: String, threads: String?, pinned: Bool = false) throws
            -> LprofProcess.Result
        {
            try LprofProcess.run(
                ["--store", folder.file(store), "--now", "2026-11-30", "s.lprof"],
                environment: folder.environment(threads.map { ["LPROF_THREADS": $0] } ?? [:]),
                directory: folder.url, through: pinned ? ["/usr/bin/taskset", "-c", "0"] : [])
        }
        let one = try run("a.json", threads: "1")
        let two = try run("b.json", threads: "2")
        #expect(one.status == 0)
        #expect(one.stderr.contains("s.lprof:\(2 * Self.manyLines + 4):1: warning"))
        #expect(one == two)
        #expect(try run("c.json", threads: nil, pinned: true) == one)
        // A script that fails its check: the same nothing, both ways.
        try (script + "get sesaon\n").write(
            toFile: folder.file("s.lprof"), atomically: true, encoding: .utf8)
        let failedOne = try run("d.json", threads: "1")
        #expect(failedOne.status == 2)
        #expect(failedOne.stdout.isEmpty)
        #expect(try run("e.json", threads: "2") == failedOne)
        for store in ["d.json", "e.json"] {
            #expect(!FileManager.default.fileExists(atPath: folder.file(store)))
        }
    }
}
