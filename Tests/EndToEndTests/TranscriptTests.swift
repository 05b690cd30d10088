import Foundation
import Testing

/// Golden transcripts: each `Tests/Transcripts/NAME.lprof` runs through the real binary and
/// must give exactly `NAME.out` (stdout, then stderr after `--- stderr`, then the exit
/// status after `--- exit`). The script's first line may be `#| ARGS` to give options
/// (default `--memory --now 2026-11-30`); `#| stdin` feeds the lines after it on stdin instead.
/// `$TMP` in those arguments names a folder made for this transcript (for a store file), and
/// is written `$TMP` in the output; after `-c`, the rest of a `#|` line is one argument.
/// Each `#|+ ARGS` line after the first runs lprof again,
/// with the same folder, once the runs before it have ended; its output follows a
/// `--- run ARGS` line (so a transcript can show what a later session reads from a store).
/// Run with LPROF_RECORD=1 to rewrite every `.out` for review with `git diff`.
struct TranscriptTests {
    static let folder = LprofProcess.packageRoot.appendingPathComponent("Tests/Transcripts")

    static let names = scriptNames(in: folder)

    /// The names of the `.lprof` scripts in `folder`, without the extension, sorted.
    static func scriptNames(in folder: URL) -> [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return files.filter { $0.hasSuffix(".lprof") }.map { String($0.dropLast(6)) }.sorted()
    }

    /// Holds `actual` to `NAME.out` in `folder` (`shown` names the script in the failure),
    /// or, with LPROF_RECORD=1, writes it there.
    static func compare(_ actual: String, with name: String, in folder: URL, shown: String)
        throws
    {
        let expectedURL = folder.appendingPathComponent(name + ".out")
        if ProcessInfo.processInfo.environment["LPROF_RECORD"] == "1" {
            try actual.write(to: expectedURL, atomically: true, encoding: .utf8)
            return
        }
        let expected =
            (try? String(contentsOf: expectedURL, encoding: .utf8))
            ?? "(no \(name).out: record it with LPROF_RECORD=1)"
        #expect(actual == expected, "\(shown):\(firstDifference(actual, expected))")
    }

    @Test("transcript", arguments: names)
    func transcript(_ name: String) throws {
        let script = Self.folder.appendingPathComponent(name + ".lprof")
        let text = try String(contentsOf: script, encoding: .utf8)
        let temporary = FileManager.default.temporaryDirectory
            .appendingPathComponent("lprof-transcript-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: temporary) }
        /// The words of a `#|` line; after `-c`, the rest of the line is one word.
        func words(_ line: Substring) -> [String] {
            var words: [String] = []
            var rest = line.drop { $0 == " " }
            while !rest.isEmpty {
                if words.last == "-c" {
                    words.append(String(rest))
                    break
                }
                let word = rest.prefix { $0 != " " }
                words.append(String(word))
                rest = rest.dropFirst(word.count).drop { $0 == " " }
            }
            return words.map { $0.replacingOccurrences(of: "$TMP", with: temporary.path) }
        }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let laterRuns = lines.dropFirst().prefix { $0.hasPrefix("#|+") }.map {
            words($0.dropFirst(3))
        }
        // `#|mkdir DIR` lines (after the runs) make folders under $TMP first: lprof makes
        // no folder a --store names.
        for line in lines.dropFirst() where line.hasPrefix("#|mkdir ") {
            try FileManager.default.createDirectory(
                at: temporary.appendingPathComponent(String(line.dropFirst(8))),
                withIntermediateDirectories: true)
        }
        var arguments = ["--memory", "--now", "2026-11-30"]
        var useStdin = false
        if let first = lines.first, first.hasPrefix("#|") {
            let words = words(first.dropFirst(2))
            if words.first == "stdin" {
                useStdin = true
                arguments += words.dropFirst()
            } else {
                arguments = words
            }
        }
        let result: LprofProcess.Result
        if useStdin {
            // The `#|` line tells the harness what to do; it is not part of what is typed.
            let typed = text.drop { $0 != "\n" }.dropFirst()
            result = try LprofProcess.run(
                arguments, stdin: Data(typed.utf8), directory: Self.folder)
        } else {
            result = try LprofProcess.run(arguments + [name + ".lprof"], directory: Self.folder)
        }
        var actual = Self.render(result)
        for later in laterRuns {
            let shown = later.joined(separator: " ")
            actual += "--- run \(shown)\n"
            actual += Self.render(try LprofProcess.run(later, directory: Self.folder))
        }
        actual = actual.replacingOccurrences(of: temporary.path, with: "$TMP")
        try Self.compare(actual, with: name, in: Self.folder, shown: name + ".lprof")
    }

    static func render(_ r: LprofProcess.Result) -> String {
        var text = r.stdout
        if !r.stderr.isEmpty { text += "--- stderr\n" + r.stderr }
        return text + "--- exit \(r.status)\n"
    }

    /// "LINE: expected … got …" for the first line that differs.
    static func firstDifference(_ actual: String, _ expected: String) -> String {
        let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
        for i in 0..<max(a.count, e.count) {
            let x = i < a.count ? String(a[i]) : "<end>"
            let y = i < e.count ? String(e[i]) : "<end>"
            if x != y { return " output line \(i + 1): expected «\(y)», got «\(x)»" }
        }
        return " same"
    }
}
