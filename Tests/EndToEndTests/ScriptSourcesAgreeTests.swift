import Foundation
import Testing

/// A script runs the same whichever way it comes (SPEC §6): a file, `-` on stdin, `-c`
/// text, `source` from `-c`, and piped stdin where line-at-a-time running is specified to
/// agree (a script with no error found before running). Each gives the same stdout, stderr
/// (the source's name aside), exit status and stored profile; `lprof test` passes exactly
/// the scripts that exit 0.
@Suite struct ScriptSourcesAgreeTests {
    static let scripts: [(name: String, text: String, checkedWhole: Bool)] = [
        ("commits", "edit on\nset season fall; set goal +6m\nshow diff\ndone\nget --json\n", false),
        ("fails-at-run", "edit on\nset goal +2y\nprint after\n", false),
        (
            "continued",
            "edit on; set username \\\n  \"Zo\\u{EB} \u{1F342}\"\ndone\nget username\n",
            false
        ),
        ("late-syntax-error", "edit on\nset season fall\ndone\nget sesaon\n", true),
        ("pending-draft", "edit on\nset season spring\nprint end\n", false),
    ]

    struct Outcome: Equatable {
        var stdout: String
        var stderr: String
        var status: Int32
        var store: String?
    }

    /// Runs `arguments` (and `stdin`) in a fresh folder holding the script as `s.lprof`;
    /// the stderr's source names become `SOURCE`.
    func outcome(_ text: String, _ arguments: [String], stdin: String = "") throws -> Outcome {
        let folder = try StoreE2EFolder()
        defer { folder.remove() }
        try text.write(toFile: folder.file("s.lprof"), atomically: true, encoding: .utf8)
        let r = try folder.run(
            ["--store", folder.store, "--now", "2026-11-30"] + arguments, stdin: stdin)
        var stderr = r.stderr
        for name in ["s.lprof", "<stdin>", "<command-line>"] {
            stderr = stderr.replacingOccurrences(of: name + ":", with: "SOURCE:")
        }
        // The store's identity is random: every new store has its own.
        let store = (try? String(contentsOfFile: folder.store, encoding: .utf8))?
            .replacingOccurrences(
                of: #""id":"[0-9a-f]{32}""#, with: #""id":"…""#, options: .regularExpression)
        return Outcome(stdout: r.stdout, stderr: stderr, status: r.status, store: store)
    }

    @Test(arguments: scripts.map(\.name))
    func everyWayInAgrees(_ name: String) throws {
        let script = try #require(Self.scripts.first { $0.name == name })
        let file = try outcome(script.text, ["s.lprof"])
        #expect(try outcome(script.text, ["-"], stdin: script.text) == file, "-")
        #expect(try outcome(script.text, ["-c", script.text]) == file, "-c")
        // Sourced, the file's diagnostics name it as resolved: the same relative path here.
        let sourced = try outcome(script.text, ["-c", "source s.lprof"])
        #expect(sourced.stdout == file.stdout && sourced.store == file.store, "source")
        #expect(sourced.status == file.status, "source")
        if !script.checkedWhole {
            #expect(try outcome(script.text, [], stdin: script.text) == file, "piped stdin")
        }
        let tested = try outcome(script.text, ["test", "s.lprof"])
        #expect(tested.stdout.hasPrefix(file.status == 0 ? "PASS s.lprof" : "FAIL s.lprof"))
    }
}
