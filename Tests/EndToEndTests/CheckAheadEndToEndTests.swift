import Foundation
import Testing

/// `lprof FILE` checks the script on a second thread while it starts to run
/// (`Runner+CheckAhead.swift`). Whatever the run did ahead of the check, a script whose
/// check fails must look exactly as if nothing ran: no output, no saved store, no runtime
/// error, the check's errors alone, exit 2.
@Suite struct CheckAheadEndToEndTests {
    /// A script of `count` commands that print and change the draft, then `tail`.
    static func script(_ count: Int, tail: String) -> String {
        var lines = ["edit on"]
        for i in 0..<count {
            lines.append("set username \"hiker \(i)\"")
            lines.append("get username")
            if i % 500 == 0 { lines.append("show summary") }
        }
        return (lines + [tail]).joined(separator: "\n") + "\n"
    }

    func run(_ text: String, _ extra: [String] = [], in folder: StoreE2EFolder) throws
        -> LprofProcess.Result
    {
        try text.write(toFile: folder.file("s.lprof"), atomically: true, encoding: .utf8)
        return try folder.run(
            ["--store", folder.store, "--now", "2026-11-30"] + extra + ["s.lprof"])
    }

    @Test func aLateSyntaxErrorShowsNothingTheRunPrintedAhead() throws {
        let folder = try StoreE2EFolder()
        defer { folder.remove() }
        // Far more output than the buffer holds, before the error on the last line.
        let result = try run(Self.script(20_000, tail: "sett season autumn"), in: folder)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("s.lprof:"))
        #expect(result.stderr.contains("unknown command 'sett'"))
        #expect(!result.stderr.contains("warning"))
    }

    @Test func aLateSyntaxErrorSavesNothing() throws {
        let folder = try StoreE2EFolder()
        defer { folder.remove() }
        let result = try run(
            Self.script(2_000, tail: "done\nset season maybe"), in: folder)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: folder.store))
    }

    @Test func aRuntimeFailureAheadOfALateSyntaxErrorIsNotReported() throws {
        let folder = try StoreE2EFolder()
        defer { folder.remove() }
        // `expect` fails at once; the check's error is on the last line.
        let result = try run(
            "edit on\nexpect season summer\n" + Self.script(1_000, tail: "get sesaon"),
            ["--keep-going"], in: folder)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(!result.stderr.contains("expected"))
        #expect(result.stderr.contains("unknown field 'sesaon'"))
    }

    @Test func aCleanScriptPrintsEverythingInOrder() throws {
        let folder = try StoreE2EFolder()
        defer { folder.remove() }
        let result = try run(Self.script(3_000, tail: "done\nget --json"), in: folder)
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.first == "hiker 0")
        #expect(lines.filter { $0.hasPrefix("hiker ") }.count == 3_000)
        #expect(result.stdout.contains("\"username\":\"hiker 2999\""))
        #expect(FileManager.default.fileExists(atPath: folder.store))
    }

    @Test func aCheckThatFailsAtACommitShowsOnlyItsErrors() throws {
        // Nothing printed yet when the commit waits for the check: still no end-of-script
        // warning about the draft, nothing saved, the check's error alone.
        let folder = try StoreE2EFolder()
        defer { folder.remove() }
        let result = try run(
            "edit on\nset season autumn\ndone\nget sesaon\n", ["-1"], in: folder)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("s.lprof:4:5: error: unknown field 'sesaon'"))
        #expect(!result.stderr.contains("warning"))
        #expect(!FileManager.default.fileExists(atPath: folder.store))
    }
}
