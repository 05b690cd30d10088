import Glibc
import Testing

@testable import LprofSystem

/// The POSIX layer on its own: path arithmetic, bounded line reading, atomic replacement.
@Suite struct SystemLayerTests {
    @Test(arguments: [
        ("a", "."), ("./a", "."), ("/a", "/"), ("a/b", "a"), ("a//b", "a"), ("/a/b/", "/a"),
        ("//", "/"), ("a/b//", "a"),
    ])
    func directoryOfAPath(path: String, folder: String) {
        #expect(StorePaths.directory(of: path) == folder)
    }

    @Test func siblingStaysInTheSameFolder() {
        #expect(StorePaths.sibling(of: "profile.json", named: "x") == "x")
        #expect(StorePaths.sibling(of: "./profile.json", named: "x") == "./x")
        #expect(StorePaths.sibling(of: "/profile.json", named: "x") == "/x")
        #expect(StorePaths.sibling(of: "d/profile.json", named: "x") == "d/x")
    }

    @Test func linesEndAtLFAndDropCR() {
        let scanner = LineScanner(
            source: SourceBytes(Array("\u{FEFF}one\r\ntwo\nthree".utf8)), lineLimit: 65536)
        var lines: [String] = []
        while let line = scanner.nextLine() {
            lines.append(String(decoding: line.bytes, as: UTF8.self))
        }
        #expect(lines == ["one", "two", "three"])
    }

    @Test func aLineFromAnEndlessSourceIsCutAndFlagged() throws {
        let fd = open("/dev/zero", O_RDONLY)
        try #require(fd >= 0)
        defer { close(fd) }
        let scanner = LineScanner(descriptor: fd, lineLimit: 65536)
        let line = try #require(scanner.nextLine())
        #expect(line.tooLong)
        #expect(line.bytes.count <= 64 * 1024 + 1)
    }

    @Test func atomicReplaceLeavesOnlyTheNewFile() throws {
        let folder = try temporaryFolder()
        let path = folder + "/file"
        let fs = FileSystem()
        try AtomicFile.replace(path, with: Array("old".utf8), mode: 0o600, fileSystem: fs)
        try AtomicFile.replace(path, with: Array("new".utf8), mode: 0o600, fileSystem: fs)
        #expect(fs.entries(in: folder)?.map { $0.name } == ["file"])
        let fd = try fs.open(path, O_RDONLY)
        defer { fs.closeQuietly(fd) }
        #expect(try fs.read(fd, path: path, limit: 100) == Array("new".utf8))
        unlink(path)
        rmdir(folder)
    }
}
