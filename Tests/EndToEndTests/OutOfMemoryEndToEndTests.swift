import Foundation
import Testing

/// A script too large for the memory the process may use (issue 32 item 3, SPEC section 6):
/// one located error, exit 2, nothing run, under `ulimit -v`, for a script file, `-`,
/// `-c`, `lprof check` and `source` — never Swift's allocation abort (exit 134).
/// Not under a sanitizer: AddressSanitizer reserves terabytes of address space at start,
/// so no `ulimit -v` leaves room for the binary to run at all.
@Suite(
    "OutOfMemoryEndToEnd",
    .disabled(
        if: ProcessInfo.processInfo.environment["ASAN_OPTIONS"] != nil,
        "a sanitized binary cannot run under ulimit -v"))
struct OutOfMemoryEndToEndTests {
    /// The address space (KiB, as `ulimit -v` counts it) the binary needs to run a one-line
    /// command: the smallest limit it succeeds under, to 4 MiB (debug and release builds
    /// differ by tens of MiB, so the limits below are set from this, not fixed).
    static let baselineKiB: Int = {
        var low = 0  // fails (or is untried)
        var high = 1 << 21  // 2 GiB: succeeds
        while high - low > 4096 {
            let middle = (low + high) / 2
            let r = try? run(limitKiB: middle, ["--memory", "-c", "print x"])
            if r?.status == 0 && r?.stdout == "x\n" { high = middle } else { low = middle }
        }
        return high
    }()

    /// Runs lprof in `f` under `ulimit -v limitKiB`.
    static func run(
        limitKiB: Int, _ arguments: [String], stdin: String = "", in f: StoreE2EFolder? = nil
    ) throws -> LprofProcess.Result {
        try LprofProcess.run(
            arguments, stdin: Data(stdin.utf8), environment: f?.environment(),
            directory: f?.url,
            through: ["/bin/sh", "-c", "ulimit -v \(limitKiB) && exec \"$0\" \"$@\""])
    }

    /// A 3.6 MB script that prints, commits and prints again around 200,000 `expect error`
    /// lines (commands kept whole, each with the command inside): its program needs about
    /// 100 MiB at its peak (lprof estimates 190).
    static let largeScript =
        "print BEFORE\nedit on\nset season autumn\ndone\n"
        + String(repeating: "expect error done\n", count: 200_000) + "get mode\nprint AFTER\n"

    /// The limit a large script is refused under: 64 MiB more than the binary's own need,
    /// room enough for it to start and read the script, far too little for its program.
    static var tightKiB: Int { baselineKiB + 64 * 1024 }

    static func expectRefused(_ r: LprofProcess.Result, source: String) {
        // Not 134 (Swift's "failed to allocate" abort), and no backtrace.
        #expect(r.status == 2, "\(r)")
        #expect(
            r.stderr.hasPrefix("\(source):1:1: error: not enough memory to compile this script"),
            "\(r.stderr)")
        #expect(r.stderr.contains("memory limit leaves"), "\(r.stderr)")
        #expect(r.stderr.contains("none of it ran"), "\(r.stderr)")
        #expect(!r.stderr.contains("Fatal error"), "\(r.stderr)")
        #expect(r.stderr.components(separatedBy: "\n").count == 2, "\(r.stderr)")
        #expect(r.stdout.isEmpty, "\(r.stdout)")
    }

    @Test func aScriptTooLargeForTheMemoryLimitIsOneErrorAndNothingRuns() throws {
        let f = try StoreE2EFolder()
        defer { f.remove() }
        let script = f.file("large.lprof")
        try Data(Self.largeScript.utf8).write(to: URL(fileURLWithPath: script))

        let r = try Self.run(limitKiB: Self.tightKiB, ["--store", f.store, script], in: f)
        Self.expectRefused(r, source: script)
        // The commit at its start never ran.
        #expect(!FileManager.default.fileExists(atPath: f.store))

        let check = try Self.run(limitKiB: Self.tightKiB, ["check", script], in: f)
        Self.expectRefused(check, source: script)
    }

    @Test func standardInputAsAScriptIsRefusedTheSameWay() throws {
        let f = try StoreE2EFolder()
        defer { f.remove() }
        let r = try Self.run(
            limitKiB: Self.tightKiB, ["--store", f.store, "-"], stdin: Self.largeScript, in: f)
        Self.expectRefused(r, source: "<stdin>")
        #expect(!FileManager.default.fileExists(atPath: f.store))
    }

    @Test func commandTextIsRefusedTheSameWay() throws {
        // -c texts, checked together as one: 1.3 MB of `why mode;` in lines of 9 KB (an
        // argument is at most 128 KiB, a line 64 KiB), 144,000 commands kept whole whose
        // program needs about 40 MiB (lprof estimates 110).
        let text =
            "print BEFORE\n"
            + String(repeating: String(repeating: "why mode;", count: 1_000) + "\n", count: 12)
        let arguments = ["--memory"] + Array(repeating: ["-c", text], count: 12).joined()
        let r = try Self.run(limitKiB: Self.baselineKiB + 32 * 1024, Array(arguments))
        Self.expectRefused(r, source: "<command-line>")
    }

    @Test func aSourcedFileIsRefusedWhereItIsSourced() throws {
        let f = try StoreE2EFolder()
        defer { f.remove() }
        try Data(Self.largeScript.utf8).write(to: URL(fileURLWithPath: f.file("large.lprof")))
        let r = try Self.run(
            limitKiB: Self.tightKiB, ["--memory", "-c", "print FIRST; source large.lprof"], in: f)
        // What ran before the `source` ran; nothing of the sourced file did.
        #expect(r.status == 2, "\(r)")
        #expect(r.stdout == "FIRST\n", "\(r.stdout)")
        #expect(
            r.stderr.contains("large.lprof:1:1: error: not enough memory to compile this script"),
            "\(r.stderr)")
    }

    @Test func aScriptOfTheCommandsScriptsRepeatRunsInLittleMoreThanItsBytes() throws {
        // 200,000 `print` and `expect` lines (3.9 MB), each a 16-byte step, their texts read
        // where they are written and their value kept once: the limit the large script is
        // refused under is room enough (once, at about 900 bytes a command, it was refused).
        let f = try StoreE2EFolder()
        defer { f.remove() }
        let script = f.file("repeated.lprof")
        let text = String(repeating: "print hello world\nexpect mode inactive\n", count: 100_000)
        try Data(text.utf8).write(to: URL(fileURLWithPath: script))
        let r = try Self.run(limitKiB: Self.tightKiB, ["--memory", script], in: f)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == String(repeating: "hello world\n", count: 100_000))
    }

    @Test func withMemoryEnoughTheSameScriptRuns() throws {
        // The estimate is an upper bound, not a refusal of every large script: with 512 MiB
        // to spare the script runs to its end.
        let f = try StoreE2EFolder()
        defer { f.remove() }
        let script = f.file("large.lprof")
        try Data(Self.largeScript.utf8).write(to: URL(fileURLWithPath: script))
        let r = try Self.run(
            limitKiB: Self.baselineKiB + 512 * 1024, ["--store", f.store, script], in: f)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("BEFORE\n") && r.stdout.hasSuffix("inactive\nAFTER\n"))
        #expect(FileManager.default.fileExists(atPath: f.store))
    }
}
