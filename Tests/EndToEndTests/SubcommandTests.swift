import Foundation
import Testing

/// The shell's own subcommands through the real binary: `lprof help [TOPIC]`, suggestions
/// for a mistyped subcommand, and what `lprof check` says when all is well (SPEC §6).
@Suite struct SubcommandTests {
    static let base = ["--memory", "--now", "2026-11-30"]

    @Test func helpPrintsWhatHelpAtThePromptPrints() throws {
        for (topic, width) in [
            ("set", "80"), ("dismiss", "80"), ("limits", "80"), ("learn", "130"),
        ] {
            let direct = try LprofProcess.run(["help", topic], environment: ["COLUMNS": width])
            let prompt = try LprofProcess.run(
                Self.base + ["-c", "help \(topic)"], environment: ["COLUMNS": width])
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

    /// Below 80 columns help is wrapped from its paragraphs, not line by line from lines
    /// already broken at 80 (issue 25 item 5): no word is left alone on a line, and a
    /// two-column entry's text stays in one column, never at column 0.
    @Test(arguments: [72, 50])
    func helpIsWrappedFromItsParagraphs(width: Int) throws {
        for topic in ["", "show", "set", "done", "language"] {
            let r = try LprofProcess.run(
                topic.isEmpty ? ["help"] : ["help", topic],
                environment: ["COLUMNS": String(width)])
            #expect(r.status == 0)
            let lines = r.stdout.split(separator: "\n").map(String.init)
            for (index, line) in lines.enumerated() {
                #expect(line.count <= width, "\(topic): \(line)")
                let words = line.split(separator: " ")
                let next = index + 1 < lines.count ? lines[index + 1] : ""
                // A one-word line is an orphan when the text goes on at the same indent.
                let label = next.split(separator: " ").first.map { $0.hasSuffix(":") } ?? false
                if words.count == 1, !line.hasSuffix(":"), !next.isEmpty, !label,
                    next.prefix(while: { $0 == " " }).count
                        == line.prefix(while: { $0 == " " }).count,
                    next.first != " " || line.first == " "
                {
                    Issue.record("\(topic) at \(width): '\(line)' alone before '\(next)'")
                }
            }
        }
        let overview = try LprofProcess.run(["help"], environment: ["COLUMNS": String(width)])
        let commands = overview.stdout.split(separator: "\n", omittingEmptySubsequences: false)
            .drop { $0 != "Commands:" }.dropFirst().prefix { !$0.isEmpty }
        for line in commands { #expect(line.hasPrefix("  "), "at \(width): \(line)") }
        // The first paragraph is one paragraph: its lines are full but for the last.
        let first = overview.stdout.split(separator: "\n", omittingEmptySubsequences: false)
            .prefix { !$0.isEmpty }
        for line in first.dropLast() { #expect(line.count > width - 15, "\(line)") }
    }

    /// Every help topic and `--help`, as `lprof help` and `lprof --help` print them.
    static let helpTexts: [[String]] =
        [["help"], ["--help"]]
        + [
            "values", "goal", "language", "limits", "learn", "options", "interactive", "wiring",
            "help", "show", "get", "set", "edit", "done", "cancel", "reset", "dismiss",
            "present", "reload", "expect", "env", "trace", "print", "source", "record",
            "history", "quit",
        ].map { ["help", $0] }

    /// Terminal columns of a line: an emoji drawn as an emoji takes two.
    static func columns(_ line: Substring) -> Int {
        line.reduce(0) { width, character in
            let scalars = character.unicodeScalars
            let wide =
                scalars.first!.properties.isEmojiPresentation
                || scalars.contains { $0.value == 0xFE0F }
            return width + (wide ? 2 : 1)
        }
    }

    /// Help is laid out at min(terminal width, 80) columns (issue 35 item 8): no line is
    /// wider, at 130 columns as at 61, and no line is left short: the first word of the line
    /// that goes on with its text (at its column, not an entry or a label of its own) would
    /// not have fitted after it with ten columns to spare (text written for 80 columns
    /// breaks a little early, never a line early). A line that ends a sentence, or an
    /// example's quoted entry, may be short.
    @Test(arguments: [130, 80, 61])
    func helpWrapsAtEightyOrTheWidth(width: Int) throws {
        let limit = min(width, 80)
        for arguments in Self.helpTexts {
            let r = try LprofProcess.run(arguments, environment: ["COLUMNS": String(width)])
            #expect(r.status == 0, "\(arguments)")
            let lines = r.stdout.split(separator: "\n", omittingEmptySubsequences: false)
            // The column a paragraph's lines after its first start at.
            var hanging = 0
            for (index, line) in lines.enumerated() {
                #expect(Self.columns(line) <= limit, "\(arguments) at \(width): \(line)")
                guard index + 1 < lines.count else { break }
                let indent = line.prefix { $0 == " " }.count
                if let gap = line.dropFirst(indent).range(of: "  ") {
                    let second = line[gap.upperBound...].prefix { $0 == " " }.count
                    hanging = line.distance(from: line.startIndex, to: gap.upperBound) + second
                } else if indent != hanging {
                    hanging = indent
                }
                let next = lines[index + 1]
                let nextIndent = next.prefix { $0 == " " }.count
                let body = next.dropFirst(nextIndent)
                let word = body.prefix { $0 != " " }
                guard !line.isEmpty, !body.isEmpty, nextIndent == hanging,
                    !line.hasSuffix("."), !line.hasSuffix(":"), !line.hasSuffix("\""),
                    !body.contains("  "), !(word.last == ":" && word.first!.isUppercase)
                else { continue }
                #expect(
                    Self.columns(line) + 1 + Self.columns(word) > limit - 10,
                    "\(arguments) at \(width): '\(line)' is short of '\(word)'")
            }
        }
    }

    @Test func anUnknownTopicIsAUsageErrorWithASuggestion() throws {
        let r = try LprofProcess.run(["help", "sett"])
        #expect(r.status == 2 && r.stdout.isEmpty)
        #expect(
            r.stderr.hasPrefix("lprof: error: unknown help topic 'sett'; did you mean 'set'?\n"))
        // The overview lists the fields: a field points at the topic that has them.
        let field = try LprofProcess.run(["help", "season"])
        #expect(field.status == 2)
        #expect(field.stderr.contains("the fields and their values are under the topic 'values'"))
    }

    @Test(arguments: [("lern", "learn"), ("chek", "check"), ("tset", "test"), ("hlep", "help")])
    func aMistypedSubcommandIsSuggested(typed: String, meant: String) throws {
        let r = try LprofProcess.run([typed, "a.lprof"])
        #expect(r.status == 2)
        #expect(
            r.stderr.hasPrefix(
                "lprof: error: '\(typed)' is neither a subcommand nor a file; did you mean 'lprof \(meant)'?\n"
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

    /// lprof's own errors, which have no place in a source, share one form: `lprof: error:`
    /// (usage errors, an unreadable script, a store that cannot be used, an unknown lesson).
    @Test(
        arguments: [
            (["-x"], 2), (["--memory", "no-such.lprof"], 2), (["check", "no-such.lprof"], 2),
            (["--store", "/", "-c", "get season"], 3), (["learn", "no-such-lesson"], 2),
            (["test", "no-such.lprof"], 2),
        ] as [([String], Int32)])
    func lprofsOwnErrorsHaveOnePrefix(arguments: [String], status: Int32) throws {
        let r = try LprofProcess.run(arguments)
        #expect(r.status == status, "\(arguments): \(r.stderr)")
        let text = arguments.first == "test" ? r.stdout : r.stderr
        let line = text.split(separator: "\n").first { $0.contains("error:") } ?? ""
        #expect(
            line.trimmingCharacters(in: .whitespaces).hasPrefix("lprof: error: "),
            "\(arguments): \(text)")
    }

    /// `lprof test` exits as SPEC §6 says: 2 for a script that cannot be read; 1 when one
    /// fails, a syntax error failing its script; 0 when all pass.
    @Test func testExitsTwoOnlyForAnUnreadableScript() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "lprof-test-status-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("expect mode inactive\n".utf8).write(to: folder.appendingPathComponent("pass"))
        try Data("expect mode active\n".utf8).write(to: folder.appendingPathComponent("fail"))
        try Data("set season monsoon\n".utf8).write(to: folder.appendingPathComponent("syntax"))
        func status(_ scripts: [String]) throws -> Int32 {
            try LprofProcess.run(["test"] + scripts, directory: folder).status
        }
        #expect(try status(["pass"]) == 0)
        #expect(try status(["pass", "fail"]) == 1)
        #expect(try status(["syntax"]) == 1)
        #expect(try status(["pass", "syntax"]) == 1)
        #expect(try status(["missing"]) == 2)
        #expect(try status(["fail", "missing", "pass"]) == 2)
    }

    /// A script that cannot be read is said first, exit 2, even when the store is corrupt:
    /// the store's state is no answer to a mistyped name.
    @Test func anUnreadableScriptIsSaidBeforeACorruptStore() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "lprof-unreadable-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("{bad".utf8).write(to: folder.appendingPathComponent("store.json"))
        for arguments in [["missing.lprof"], ["test", "missing.lprof"]] {
            let r = try LprofProcess.run(
                ["--store", "store.json"] + arguments, directory: folder)
            #expect(r.status == 2, "\(arguments)")
            let said = r.stdout + r.stderr
            #expect(said.contains("'missing.lprof' cannot be read"), "\(arguments): \(said)")
            #expect(!said.contains("corrupt"), "\(arguments): \(said)")
        }
        try Data("print hi\n".utf8).write(to: folder.appendingPathComponent("there.lprof"))
        let corrupt = try LprofProcess.run(
            ["--store", "store.json", "there.lprof"], directory: folder)
        #expect(corrupt.status == 3)
        #expect(corrupt.stderr.contains("is corrupt"))
    }

    @Test func checkIsSilentThroughAPipe() throws {
        let r = try LprofProcess.run(
            ["check", LprofProcess.packageRoot.path + "/Tests/Transcripts/check-clean.lprof"])
        #expect(r == .init(stdout: "", stderr: "", status: 0))
    }
}
