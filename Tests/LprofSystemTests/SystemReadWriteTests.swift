import Glibc
import Testing

@testable import LprofSystem

/// Bounded whole-file reads, writes that wait on a full non-blocking descriptor, and shared
/// locks: the parts of the POSIX layer the store, history and lessons share.
@Suite struct SystemReadWriteTests {
    func store(_ bytes: [UInt8], at path: String) throws {
        let fs = FileSystem()
        let fd = try fs.open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        defer { fs.closeQuietly(fd) }
        try fs.writeAll(fd, bytes, path: path)
    }

    @Test func wholeFileReadsStopAtTheirLimit() throws {
        let fs = FileSystem()
        #expect(try fs.readPrefix("/dev/zero", count: 5) == [0, 0, 0, 0, 0])
        let folder = try temporaryFolder()
        defer { rmdir(folder) }
        let path = folder + "/f"
        try store(Array(repeating: 7, count: 100_000), at: path)
        defer { unlink(path) }
        #expect(try fs.readRegularFile(path, limit: 100_000).count == 100_000)
        #expect(throws: RegularFileError.self) { try fs.readRegularFile(path, limit: 99_999) }
        #expect(try fs.readRegularFile("/proc/self/statm", limit: 256).count > 0)
        #expect(try fs.statIfPresent(path)?.kind == .regular)
        #expect(try fs.statIfPresent(path)?.size == 100_000)
        #expect(try fs.statIfPresent(path)?.permissions == 0o600)
        #expect(try fs.statIfPresent(folder)?.kind == .directory)
        #expect(try fs.statIfPresent("/dev/null")?.kind == .device)
        #expect(try fs.statIfPresent(folder + "/missing") == nil)
    }

    /// A full non-blocking pipe is waited on with `poll`: the writer sleeps until a reader
    /// drains it, rather than spinning on EAGAIN (which would burn the CPU for the wait).
    @Test func aFullNonBlockingPipeIsWaitedOn() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]) }
        let writer = ends[1]
        _ = fcntl(writer, F_SETFL, fcntl(writer, F_GETFL) | O_NONBLOCK)
        var block = [UInt8](repeating: 0x61, count: 4096)
        var queued = 0
        while block.withUnsafeMutableBytes({ Glibc.write(writer, $0.baseAddress, $0.count) }) > 0 {
            queued += block.count
        }
        try #require(errno == EAGAIN)
        let text = String(repeating: "diagnostic line\n", count: 1000)
        let reader = ends[0]
        let total = queued + text.utf8.count
        // Drains the pipe after a pause, counting what arrives.
        let drained = DrainThread(fd: reader, expected: total, pauseMilliseconds: 300)
        let before = threadCPUSeconds()
        try FileSystem().writeAll(writer, Array(text.utf8), path: "<stderr>")
        let spent = threadCPUSeconds() - before
        close(writer)
        #expect(drained.join() == total)
        #expect(spent < 0.15, "the writer used \(spent) s of CPU while the pipe was full")
        block.removeAll()
    }

    @Test func sharedLocksGoTogetherAndKeepAnExclusiveOneOut() throws {
        let folder = try temporaryFolder()
        let path = folder + "/x.lock"
        defer {
            unlink(path)
            rmdir(folder)
        }
        let fs = FileSystem()
        let first = try FileLock.acquire(path: path, fileSystem: fs, timeout: 1, shared: true)
        let second = try FileLock.acquire(path: path, fileSystem: fs, timeout: 1, shared: true)
        #expect(throws: FileLock.Failure.self) {
            try FileLock.acquire(path: path, fileSystem: fs, timeout: 0.05)
        }
        first.release()
        second.release()
        let exclusive = try FileLock.acquire(path: path, fileSystem: fs, timeout: 1)
        #expect(throws: FileLock.Failure.self) {
            try FileLock.acquire(path: path, fileSystem: fs, timeout: 0.05, shared: true)
        }
        exclusive.release()
    }
}

/// The CPU time (user and system) the calling thread has used, in seconds.
private func threadCPUSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

/// A POSIX thread that waits, then reads `fd` until it has `expected` bytes or end of file.
private final class DrainThread: @unchecked Sendable {
    private var thread = pthread_t()
    private let fd: Int32
    private let expected: Int
    private let pause: Int
    private var count = 0

    init(fd: Int32, expected: Int, pauseMilliseconds: Int) {
        self.fd = fd
        self.expected = expected
        self.pause = pauseMilliseconds
        let box = Unmanaged.passRetained(self).toOpaque()
        pthread_create(
            &thread, nil,
            { raw in
                let me = Unmanaged<DrainThread>.fromOpaque(raw!).takeRetainedValue()
                me.run()
                return nil
            }, box)
    }

    private func run() {
        usleep(UInt32(pause * 1000))
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while count < expected {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            count += n
        }
    }

    /// Waits for the thread; the bytes it read.
    func join() -> Int {
        pthread_join(thread, nil)
        return count
    }
}
