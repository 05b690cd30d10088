import Glibc
import Testing

@testable import LprofSystem

/// Files that must be regular ones (the rc file, the history file): a FIFO, a device or a
/// folder at the path is an error at once, never a wait (issue 32 item 13).
@Suite struct RegularFileTests {
    @Test func aFIFOIsRefusedAtOnceForReadingAndAppending() throws {
        let folder = try temporaryFolder()
        defer { rmdir(folder) }
        let fifo = folder + "/fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        let fs = FileSystem()
        // No writer and no reader: a blocking open would wait for ever on either.
        #expect(throws: RegularFileError.notRegular(path: fifo, kind: .fifo)) {
            try fs.readRegularFile(fifo, limit: 100)
        }
        #expect(throws: RegularFileError.notRegular(path: fifo, kind: .fifo)) {
            try fs.openRegularFileForAppending(fifo, mode: 0o600)
        }
        #expect(
            RegularFileError.notRegular(path: fifo, kind: .fifo).reason
                == "is a FIFO (named pipe), not a regular file")
    }

    @Test func aDeviceAndAFolderAreRefused() throws {
        let fs = FileSystem()
        #expect(throws: RegularFileError.notRegular(path: "/dev/zero", kind: .device)) {
            try fs.readRegularFile("/dev/zero", limit: 100)
        }
        #expect(throws: RegularFileError.notRegular(path: "/dev/null", kind: .device)) {
            try fs.openRegularFileForAppending("/dev/null", mode: 0o600)
        }
        let folder = try temporaryFolder()
        defer { rmdir(folder) }
        #expect(throws: RegularFileError.notRegular(path: folder, kind: .directory)) {
            try fs.readRegularFile(folder, limit: 100)
        }
    }

    @Test func aRegularFileIsReadAndAppendedTo() throws {
        let folder = try temporaryFolder()
        defer { rmdir(folder) }
        let path = folder + "/history"
        defer { unlink(path) }
        let fs = FileSystem()
        do {
            _ = try fs.readRegularFile(path, limit: 100)
            Issue.record("a missing file was read")
        } catch {
            #expect(error.isMissing)
        }
        let fd = try fs.openRegularFileForAppending(path, mode: 0o600)
        try fs.writeAll(fd, Array("one\n".utf8), path: path)
        fs.closeQuietly(fd)
        #expect(try fs.readRegularFile(path, limit: 100) == Array("one\n".utf8))
        #expect(
            throws: RegularFileError.system(SystemCallError(call: "read", path: path, errno: EFBIG))
        ) {
            try fs.readRegularFile(path, limit: 3)
        }
    }
}
