import Foundation
import Testing

/// `why` through the real binary: every step it prints is an event the same session's trace
/// printed, and it works alike from a script, `-c` and piped stdin.
struct WhyEndToEndTests {
    /// The `why` transcripts that run a single session in memory.
    static let scripts = TranscriptTests.names.filter {
        $0.hasPrefix("why-") && !["why-errors", "why-store", "why-source"].contains($0)
    }

    /// A step line: `  N. ~ EVENT — …`; the event is trace's line for it.
    static func tracedEvent(of line: Substring) -> String? {
        let body = line.drop { $0 == " " }
        guard let dot = body.firstIndex(of: "."), body[..<dot].allSatisfy(\.isNumber) else {
            return nil
        }
        let step = body[body.index(after: dot)...].dropFirst()
        guard step.hasPrefix("~ ") else { return nil }
        return String(step.components(separatedBy: " — ").first ?? "")
    }

    @Test("every step why prints is an event trace printed in the same session", arguments: scripts)
    func everyStepIsATracedEvent(_ name: String) throws {
        let text = try String(
            contentsOf: TranscriptTests.folder.appendingPathComponent(name + ".lprof"),
            encoding: .utf8)
        var arguments = ["--memory", "--now", "2026-11-30"]
        if let first = text.split(separator: "\n").first, first.hasPrefix("#| ") {
            arguments = first.dropFirst(3).split(separator: " ").map(String.init)
        }
        let result = try LprofProcess.run(
            arguments + ["--trace", name + ".lprof"], directory: TranscriptTests.folder)
        #expect(result.status == 0, "\(result.stderr)")
        var traced: Set<String> = []
        var steps = 0
        for line in result.stdout.split(separator: "\n") {
            if line.hasPrefix("~ ") {
                traced.insert(String(line))
            } else if let event = Self.tracedEvent(of: line) {
                steps += 1
                #expect(traced.contains(event), "\(name): '\(event)' was never traced")
            }
        }
        #expect(steps > 0, "\(name) printed no step")
    }

    /// The same session as a script, as `-c` text and as piped stdin: the same steps, each
    /// naming where its command was written.
    @Test func scriptsCommandTextAndStdinAgree() throws {
        let lines = ["edit on", "set season autumn", "done", "why profile.season"]
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("lprof-why-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("s.lprof")
        try (lines.joined(separator: "\n") + "\n").write(
            to: script, atomically: true, encoding: .utf8)
        let options = ["--memory", "--now", "2026-11-30"]
        let fromScript = try LprofProcess.run(options + [script.path])
        let fromStdin = try LprofProcess.run(
            options, stdin: Data((lines.joined(separator: "\n") + "\n").utf8))
        let fromText = try LprofProcess.run(options + ["-c", lines.joined(separator: "\n")])
        for result in [fromScript, fromStdin, fromText] {
            #expect(result.status == 0)
            #expect(result.stdout.contains("'set season autumn' at 2:1"), "\(result.stdout)")
            #expect(result.stdout.contains("'done' at 3:1"), "\(result.stdout)")
        }
        #expect(fromScript.stdout == fromStdin.stdout && fromStdin.stdout == fromText.stdout)
    }

    /// An unknown name is found before anything runs: did-you-mean, exit 2.
    @Test func anUnknownFieldIsAUsageErrorBeforeAnythingRuns() throws {
        let result = try LprofProcess.run([
            "--memory", "-c", "print ran; why profile.sesaon",
        ])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("unknown field 'sesaon'; did you mean 'season'?"))
    }

    /// A value keeps its origin and its last steps; the ones between are said to be gone.
    @Test func aLongHistoryKeepsItsOriginAndSaysWhatWasDropped() throws {
        let cycle = "edit on; set notifications toggle; done"
        let text = Array(repeating: cycle, count: 40).joined(separator: "\n") + "\nwhy mode"
        let result = try LprofProcess.run(["--memory", "--now", "2026-11-30", "-c", text])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("  1. the session's start") })
        #expect(lines.contains { $0.contains("steps after the origin not kept") })
        #expect(lines.filter { $0.hasPrefix("  ") && $0.contains(". ~ ") }.count == 24)
    }
}
