import Glibc
import Testing

@testable import LprofInteractive

/// A history trim cleans up only after itself (issue 32): a temporary file a killed trim
/// left is removed, the user's files beside the history are not.
@Suite struct InteractiveHistoryTrimTests {
    @Test func aTrimRemovesItsOrphanAndNothingOfTheUsers() throws {
        let root = makeTemporaryFolder()
        defer { removeTree(root) }
        let path = root + "/history"
        let users = [".history.backup", ".history.notes1", ".history.Ab3xYz"]
        for name in users { writeFile(root + "/" + name, Array("keep\n".utf8)) }
        writeFile(root + "/.history.lprof-tmp~Ab3xYz", Array("torn".utf8))
        writeFile(path, Array((0..<30).map { "print \($0)\n" }.joined().utf8))
        let history = HistoryFile(path: path, capacity: 5)
        history.load()
        history.finish()
        #expect(folderNames(root) == (users + ["history", "history.lock"]).sorted())
        for name in users { #expect(readFile(root + "/" + name) == Array("keep\n".utf8)) }
    }
}
