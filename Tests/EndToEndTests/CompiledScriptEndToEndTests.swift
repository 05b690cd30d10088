import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A script is read once and compiled whole before it runs (SPEC §6): a script whose
/// check fails looks exactly as if nothing ran (no output, no saved store, no runtime
/// error, the check's errors alone, exit 2), and what runs is the bytes that were checked,
/// whatever happens to the file meanwhile.
@Suite struct CompiledScriptEndToEndTests {
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

    @Test func aScriptRewrittenInPlaceWhileItRunsRunsAsItWasRead() throws {
        let folder = try StoreE2EFolder()
        defer { folder.remove() }
        // The run waits at `source wait.fifo` until the test has rewritten every later line
        // in place, each to a different command of the same length. The script is larger
        // than any read buffer, so a reader that went back to the file would see the change.
        let fifo = folder.file("wait.fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        var original = ["edit on", "source wait.fifo", "set season autumn", "done"]
        var rewritten = ["edit on", "source wait.fifo", "#et season autumn", "done"]
        for i in 0..<40_000 {
            original.append("print line \(i)")
            rewritten.append("print LINE \(i)")
        }
        original.append("get season")
        rewritten.append("get sheet ")
        let script = folder.file("s.lprof")
        let before = original.joined(separator: "\n") + "\n"
        let after = rewritten.joined(separator: "\n") + "\n"
        #expect(before.utf8.count == after.utf8.count)
        try before.write(toFile: script, atomically: false, encoding: .utf8)
        let rewriter = DispatchGroup()
        rewriter.enter()
        DispatchQueue.global().async {
            defer { rewriter.leave() }
            // Opening the FIFO's write end waits for lprof to open its read end: by then it
            // has read the script.
            let writer = open(fifo, O_WRONLY)
            guard writer >= 0 else { return }
            let fd = open(script, O_WRONLY)
            _ = Array(after.utf8).withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
            close(fd)
            _ = "print resumed\n".withCString { write(writer, $0, strlen($0)) }
            close(writer)
        }
        let result = try folder.run(["--store", folder.store, "--now", "2026-11-30", "s.lprof"])
        rewriter.wait()
        #expect(try String(contentsOfFile: script, encoding: .utf8) == after)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "resumed")
        #expect(lines.count == 40_002)
        #expect(lines.dropFirst().first == "line 0")
        #expect(!result.stdout.contains("LINE"))
        #expect(lines.last == "autumn")
        #expect(try String(contentsOfFile: folder.store, encoding: .utf8).contains("autumn"))
    }

    @Test func standardInputAsAScriptWithALateErrorRunsAndSavesNothing() throws {
        let folder = try StoreE2EFolder()
        defer { folder.remove() }
        let result = try folder.run(
            ["--store", folder.store, "-"],
            stdin: "edit on\nset season fall\ndone\nget season\nsett season x\n")
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("<stdin>:5:1: error: unknown command 'sett'"))
        #expect(!FileManager.default.fileExists(atPath: folder.store))
        // Piped without `-`, stdin runs a line at a time: the lines before the error ran.
        let streamed = try folder.run(
            ["--store", folder.store],
            stdin: "edit on\nset season fall\ndone\nget season\nsett season x\n")
        #expect(streamed.status == 2)
        #expect(streamed.stdout == "autumn\n")
        #expect(FileManager.default.fileExists(atPath: folder.store))
    }

    @Test func aScriptOverTheSizeLimitIsOneErrorAndRunsNothing() throws {
        let folder = try StoreE2EFolder()
        defer { folder.remove() }
        // A sparse file: its size is past the limit, its blocks are not on disk.
        let path = folder.file("big.lprof")
        let fd = open(path, O_WRONLY | O_CREAT, 0o600)
        #expect(ftruncate(fd, 256 * 1024 * 1024 + 1) == 0)
        _ = "print x\n".withCString { pwrite(fd, $0, strlen($0), 0) }
        close(fd)
        let result = try folder.run(["--store", folder.store, "big.lprof"])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(
            result.stderr
                == "lprof: error: script 'big.lprof' is larger than 256 MiB, the most a script may hold (see 'help limits')\n"
        )
    }
}
