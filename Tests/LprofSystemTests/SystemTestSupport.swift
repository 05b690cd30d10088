import Glibc
import Testing

/// A new empty folder under /tmp, for a test to fill and remove.
func temporaryFolder() throws -> String {
    var template = Array("/tmp/lprof-system-XXXXXX".utf8CString)
    return String(cString: try #require(mkdtemp(&template)))
}
