import Glibc
import Testing

@testable import LprofInteractive
@testable import LprofSystem

/// Faults on the history file's write paths (issue 26): a failing append or trim says
/// where and why, the session goes on with its history in memory, and the file is never
/// left torn or truncated.
@Suite struct InteractiveHistoryFaultTests {
    /// System calls whose `write`, `fsync` or `rename` fails with `code`; with `afterBytes`,
    /// a write first writes that many bytes (a disk that fills up part-way).
    static func failing(_ call: String, _ code: Int32, afterBytes: Int? = nil) -> FileSystem {
        var ops = FileSystemOps.system
        switch call {
        case "write":
            if let afterBytes {
                let written = Counter()
                ops.write = { fd, bytes, count in
                    if written.value >= afterBytes {
                        errno = code
                        return -1
                    }
                    let n = Glibc.write(fd, bytes, min(count, afterBytes - written.value))
                    if n > 0 { written.add(n) }
                    return n
                }
            } else {
                ops.write = { _, _, _ in
                    errno = code
                    return -1
                }
            }
        case "fsync":
            ops.fsync = { _ in
                errno = code
                return -1
            }
        case "rename":
            ops.rename = { _, _ in
                errno = code
                return -1
            }
        default:
            fatalError("no such call \(call)")
        }
        return FileSystem(ops: ops)
    }

    /// A count the failing write keeps across calls.
    final class Counter: @unchecked Sendable {
        private(set) var value = 0
        func add(_ n: Int) { value += n }
    }

    /// A history at `path` holding two entries, loaded and writable.
    func history(at path: String) -> HistoryFile {
        writeFile(path, Array("one\ntwo\n".utf8), mode: 0o600)
        let history = HistoryFile(path: path, capacity: 100)
        _ = history.load()
        return history
    }

    @Test(arguments: [ENOSPC, EIO])
    func aFailingAppendIsReportedAndTearsNothing(code: Int32) throws {
        let root = makeTemporaryFolder()
        defer { removeTree(root) }
        let path = root + "/history"
        let history = history(at: path)
        history.fileSystem = Self.failing("write", code)
        #expect(history.record("three"))
        #expect(history.entries == ["one", "two", "three"], "the session keeps it in memory")
        #expect(history.lastError == "\(path): \(String(cString: strerror(code)))")
        #expect(readFile(path) == Array("one\ntwo\n".utf8))
    }

    @Test func anAppendCutShortByAFullDiskIsTakenBackWhole() throws {
        let root = makeTemporaryFolder()
        defer { removeTree(root) }
        let path = root + "/history"
        let history = history(at: path)
        // The disk fills after three bytes of "a long entry\n".
        history.fileSystem = Self.failing("write", ENOSPC, afterBytes: 3)
        #expect(history.record("a long entry"))
        #expect(history.lastError?.hasSuffix("No space left on device") == true)
        #expect(readFile(path) == Array("one\ntwo\n".utf8), "no torn line")
        // With room again, the next entry starts its own line.
        history.fileSystem = FileSystem()
        #expect(history.record("four"))
        #expect(history.lastError == nil)
        #expect(readFile(path) == Array("one\ntwo\nfour\n".utf8))
    }

    @Test func anInterruptedAppendIsRetried() throws {
        let root = makeTemporaryFolder()
        defer { removeTree(root) }
        let path = root + "/history"
        let history = history(at: path)
        var ops = FileSystemOps.system
        let interrupted = Counter()
        ops.write = { fd, bytes, count in
            if interrupted.value == 0 {
                interrupted.add(1)
                errno = EINTR
                return -1
            }
            return Glibc.write(fd, bytes, count)
        }
        history.fileSystem = FileSystem(ops: ops)
        #expect(history.record("three"))
        #expect(history.lastError == nil)
        #expect(readFile(path) == Array("one\ntwo\nthree\n".utf8))
    }

    @Test(arguments: [("write", ENOSPC), ("write", EIO), ("fsync", EIO), ("rename", EIO)])
    func aFailingTrimLeavesTheFileWhole(call: String, code: Int32) throws {
        let root = makeTemporaryFolder()
        defer { removeTree(root) }
        let path = root + "/history"
        let lines = (1...40).map { "entry \($0)" }
        writeFile(path, Array((lines.joined(separator: "\n") + "\n").utf8), mode: 0o600)
        let history = HistoryFile(path: path, capacity: 10)
        history.fileSystem = Self.failing(call, code)
        _ = history.load()
        history.finish()
        #expect(readFile(path) == Array((lines.joined(separator: "\n") + "\n").utf8))
        #expect(history.lastError == "\(path): \(String(cString: strerror(code)))")
        #expect(folderNames(root).sorted() == ["history", "history.lock"], "no temporary left")
    }
}
