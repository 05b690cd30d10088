import Glibc
import Testing

@testable import LprofSystem

/// Where a chain of symbolic links ends, existing or not (issue 32, item 10).
@Suite struct LinkChainTests {
    @Test func theChainEndsAtTheFirstPathThatIsNotALink() throws {
        let folder = try temporaryFolder()
        defer { _ = system("rm -rf '\(folder)'") }
        let fs = FileSystem()
        #expect(fs.linkChainEnd(folder + "/plain") == folder + "/plain")
        symlink("b", folder + "/a")
        symlink(folder + "/c", folder + "/b")
        #expect(fs.linkChainEnd(folder + "/a") == folder + "/c")
        symlink("loop", folder + "/loop")
        #expect(fs.linkChainEnd(folder + "/loop") == nil)
    }
}
