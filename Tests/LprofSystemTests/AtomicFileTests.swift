import Glibc
import Testing

@testable import LprofSystem

/// What `AtomicFile` may touch (issue 32): only temporary files it marks as its own are
/// ever removed, never a user's file that merely looks like one.
@Suite struct AtomicFileTests {
    func touch(_ path: String) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        _ = write(fd, "x", 1)
        close(fd)
    }

    @Test func temporaryNamesCarryTheMark() {
        let path = "/d/profile.json"
        #expect(AtomicFile.isTemporaryName(".profile.json.lprof-tmp~Ab3xY9", of: path))
        // What a person names a file beside the store: six characters after the dot too.
        for name in [
            ".profile.json.backup", ".profile.json.notes1", ".profile.json.Ab3xYz",
            ".profile.json.lprof-tmp~Ab3xY", ".profile.json.lprof-tmp~Ab3xY99",
            ".profile.json.lprof-tmp~Ab-xY9", ".other.json.lprof-tmp~Ab3xY9",
            "profile.json.lprof-tmp~Ab3xY9",
        ] {
            #expect(!AtomicFile.isTemporaryName(name, of: path), "\(name)")
        }
    }

    @Test func theTemporaryFileIsNamedWithTheMark() throws {
        let folder = try temporaryFolder()
        defer { _ = system("rm -rf '\(folder)'") }
        let path = folder + "/profile.json"
        final class Seen: @unchecked Sendable { var from = "" }
        let seen = Seen()
        var ops = FileSystemOps.system
        ops.rename = { from, to in
            seen.from = from
            return Glibc.rename(from, to)
        }
        try AtomicFile.replace(path, with: [1], mode: 0o600, fileSystem: FileSystem(ops: ops))
        #expect(StorePaths.directory(of: seen.from) == folder)
        #expect(AtomicFile.isTemporaryName(StorePaths.baseName(of: seen.from), of: path))
        #expect(FileSystem().entries(in: folder)?.map { $0.name } == ["profile.json"])
    }

    @Test func removeOrphansTakesOnlyMarkedRegularFiles() throws {
        let folder = try temporaryFolder()
        defer { _ = system("rm -rf '\(folder)'") }
        let path = folder + "/profile.json"
        let fs = FileSystem()
        try AtomicFile.replace(path, with: Array("{}".utf8), mode: 0o600, fileSystem: fs)
        let users = [".profile.json.backup", ".profile.json.notes1", ".profile.json.Ab3xYz"]
        for name in users { touch(folder + "/" + name) }
        touch(folder + "/.profile.json.lprof-tmp~Ab3xY9")
        // A link carrying the mark is not lprof's temporary file either.
        symlink(folder + "/profile.json", folder + "/.profile.json.lprof-tmp~Link01")
        AtomicFile.removeOrphans(of: path, fileSystem: fs)
        #expect(
            fs.entries(in: folder)?.map { $0.name }.sorted()
                == (users + [".profile.json.lprof-tmp~Link01", "profile.json"]).sorted())
    }
}
