import Foundation
import Testing

/// The shell's own subcommands through the real binary: `lprof help [TOPIC]`, suggestions
/// for a mistyped subcommand, and what `lprof check` says when all is well (SPEC §6).
@Suite struct SubcommandTests {
    static let base = ["--memory", "--now", "2026-11-30"]

    @Test func helpPrintsWhatHelpAtThePromptPrints() throws {
        for topic in ["set", "dismiss", "limits"] {
            let direct = try LprofProcess.run(["help", topic], environment: ["COLUMNS": "80"])
            let prompt = try LprofProcess.run(
                Self.base + ["-c", "help \(topic)"], environment: ["COLUMNS": "80"])
            #expect(direct.status == 0 && direct.stderr.isEmpty)
            #expect(direct.stdout == prompt.stdout, "\(topic)")
        }
        let overview = try LprofProcess.run(["help"], environment: ["COLUMNS": "80"])
        #expect(overview.status == 0)
        #expect(overview.stdout == (try LprofProcess.run(Self.base + ["-c", "help"])).stdout)
    }

    @Test func helpFitsTheWidth() throws {
        let narrow = try LprofProcess.run(["help", "done"], environment: ["COLUMNS": "40"])
        #expect(narrow.status == 0)
        for line in narrow.stdout.split(separator: "\n") { #expect(line.count <= 40, "\(line)") }
    }

    @Test func anUnknownTopicIsAUsageErrorWithASuggestion() throws {
        let r = try LprofProcess.run(["help", "sett"])
        #expect(r.status == 2 && r.stdout.isEmpty)
        #expect(r.stderr.hasPrefix("lprof: unknown help topic 'sett'; did you mean 'set'?\n"))
    }

    @Test(arguments: [("lern", "learn"), ("chek", "check"), ("tset", "test"), ("hlep", "help")])
    func aMistypedSubcommandIsSuggested(typed: String, meant: String) throws {
        let r = try LprofProcess.run([typed, "a.lprof"])
        #expect(r.status == 2)
        #expect(
            r.stderr.hasPrefix(
                "lprof: '\(typed)' is neither a subcommand nor a file; did you mean 'lprof \(meant)'?\n"
            ))
    }

    @Test func aScriptNamedLikeASubcommandStillRuns() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "lprof-sub-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("print ran\n".utf8).write(to: folder.appendingPathComponent("lern"))
        let r = try LprofProcess.run(Self.base + ["lern"], directory: folder)
        #expect(r == .init(stdout: "ran\n", stderr: "", status: 0))
    }

    @Test func checkIsSilentThroughAPipe() throws {
        let r = try LprofProcess.run(
            ["check", LprofProcess.packageRoot.path + "/Tests/Transcripts/check-clean.lprof"])
        #expect(r == .init(stdout: "", stderr: "", status: 0))
    }
}
