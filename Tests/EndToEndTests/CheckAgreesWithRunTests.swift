import Foundation
import Testing

/// `lprof check` and a run find the same errors before anything runs (SPEC §3): for every
/// script in the transcript and fuzz corpora that check refuses, running it prints nothing,
/// exits 2, and reports exactly what check reported.
@Suite struct CheckAgreesWithRunTests {
    static let root = LprofProcess.packageRoot

    /// Every script of the corpora, lesson files left out (check reads those as lessons).
    static let scripts: [String] = {
        var paths: [String] = []
        for folder in ["Tests/Transcripts", "Fuzz/corpus/parser", "Fuzz/corpus/interpreter"] {
            let url = root.appendingPathComponent(folder)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
            for name in names.sorted() {
                let path = folder + "/" + name
                guard !name.hasSuffix(".out"), !name.hasSuffix(".json"),
                    let data = FileManager.default.contents(atPath: root.path + "/" + path),
                    !isLesson(data)
                else { continue }
                var isFolder: ObjCBool = false
                if FileManager.default.fileExists(
                    atPath: root.path + "/" + path, isDirectory: &isFolder),
                    !isFolder.boolValue
                {
                    paths.append(path)
                }
            }
        }
        return paths
    }()

    /// A lesson file: its first line that is not blank or a comment starts with `lesson`.
    static func isLesson(_ data: Data) -> Bool {
        let text = String(decoding: data.prefix(4096), as: UTF8.self)
        let first = text.split(separator: "\n").first {
            let t = $0.drop { $0 == " " }
            return !t.isEmpty && !t.hasPrefix("#")
        }
        return first?.drop { $0 == " " }.hasPrefix("lesson ") == true
    }

    @Test func theCorporaAreThere() {
        #expect(Self.scripts.count > 100)
    }

    @Test(arguments: scripts)
    func checkAndRunAgree(_ path: String) throws {
        let checked = try LprofProcess.run(["check", path], directory: Self.root)
        guard checked.status != 0 else { return }
        let ran = try LprofProcess.run(
            ["--memory", "--now", "2026-11-30", "--keep-going", path], directory: Self.root)
        #expect(ran.status == 2, "\(path)")
        #expect(ran.stdout.isEmpty, "\(path) ran: \(ran.stdout)")
        #expect(ran.stderr == checked.stderr, "\(path)")
    }
}
