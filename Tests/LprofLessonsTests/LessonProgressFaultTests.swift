import Foundation
import Glibc
import Testing

@testable import LprofLessons
@testable import LprofSystem

/// Faults on the lesson progress file (issue 26): a save that fails leaves the old file
/// whole, says why, and the lessons go on with their progress in memory.
@Suite struct LessonProgressFaultTests {
    @Test(arguments: [("write", ENOSPC), ("write", EIO), ("fsync", EIO), ("rename", EIO)])
    func aFailingSaveLeavesTheOldFile(call: String, code: Int32) throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("lprof-progress-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/lessons"
        let before = "# lprof lesson progress: NAME completed|skipped\ndraft completed\n"
        try before.write(toFile: path, atomically: false, encoding: .utf8)
        let progress = LessonProgress(path: path)
        var ops = FileSystemOps.system
        switch call {
        case "write":
            ops.write = { _, _, _ in
                errno = code
                return -1
            }
        case "fsync":
            ops.fsync = { _ in
                errno = code
                return -1
            }
        default:
            ops.rename = { _, _ in
                errno = code
                return -1
            }
        }
        progress.fileSystem = FileSystem(ops: ops)
        progress.record("cancel", .completed)
        #expect(progress.status(of: "cancel") == .completed, "kept in memory")
        #expect(progress.lastError == "\(path): \(String(cString: strerror(code)))")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == before)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder) == ["lessons"],
            "no temporary left")
    }

    /// A FIFO at the path is no progress, at once: a blocking open would wait for a writer
    /// for ever (SPEC §7), so a regression hangs here. The first save then puts a regular
    /// file in its place.
    @Test func aFIFOAtThePathIsNoProgress() throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("lprof-progress-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/lessons"
        #expect(mkfifo(path, 0o600) == 0)
        let progress = LessonProgress(path: path)
        #expect(progress.status(of: "draft") == nil)
        progress.record("draft", .completed)
        #expect(progress.lastError == nil)
        try #require(try FileSystem().statIfPresent(path)?.kind == .regular)
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains("draft completed"))
    }
}
