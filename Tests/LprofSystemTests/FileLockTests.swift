import Glibc
import Testing

@testable import LprofSystem

/// The lock file is never opened through a symbolic link (issue 32, item 7).
@Suite struct FileLockLinkTests {
    @Test func aLinkAtTheLockPathIsNotFollowed() throws {
        let folder = try temporaryFolder()
        defer { _ = system("rm -rf '\(folder)'") }
        let path = folder + "/x.lock"
        symlink(folder + "/elsewhere", path)
        #expect {
            try FileLock.acquire(path: path, fileSystem: FileSystem(), timeout: 0.05)
        } throws: { error in
            guard case .system(let e) = error as? FileLock.Failure else { return false }
            return FileLock.isSymbolicLink(e)
        }
        #expect(access(folder + "/elsewhere", F_OK) != 0)
    }
}
