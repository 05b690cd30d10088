import Foundation
import Testing

@testable import LprofLessons

/// A lesson file is read whole, as a script's lines are read, in bounded memory.
@Suite struct TextFileTests {
    @Test func textFileIsReadAsScriptsAre() throws {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("lesson-\(UUID().uuidString).lprof").path
        try Data("\u{FEFF}lesson a \"A\"\r\nsay \"x\"".utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try TextFile.read(path) == Array("lesson a \"A\"\nsay \"x\"\n".utf8))
    }

    @Test func textFileStopsAtALongLine() throws {
        do {
            _ = try TextFile.read("/dev/zero")
            Issue.record("/dev/zero was read")
        } catch {
            let diagnostic = error.diagnostic(noun: "lesson")
            #expect(diagnostic.location == .init(source: "/dev/zero", line: 1, column: 1))
            #expect(diagnostic.message.hasPrefix("line 1 is longer than 65536 bytes"))
        }
        do {
            _ = try TextFile.read("/nonexistent/lesson")
            Issue.record("a missing file was read")
        } catch {
            #expect(
                error.diagnostic(noun: "lesson").message
                    == "lesson '/nonexistent/lesson' cannot be read: No such file or directory")
        }
    }
}
