import Glibc
import Testing

@testable import LprofSystem

/// `BackgroundWork` runs on a thread of its own and hands its value back once; a scanner
/// with its own position reads a file beside another reader of the same descriptor.
@Suite struct BackgroundWorkTests {
    @Test func theValueComesBackFromAnotherThread() throws {
        let caller = pthread_self()
        let work = try #require(
            BackgroundWork { () -> Bool in pthread_equal(pthread_self(), caller) == 0 })
        #expect(work.wait() == true)
        // Asked again, the same value, with no second join.
        #expect(work.wait() == true)
    }

    @Test func doneIsSeenWithoutWaiting() throws {
        let work = try #require(BackgroundWork { () -> Int in 42 })
        var polls = 0
        while !work.isDone && polls < 2_000 {
            usleep(1_000)
            polls += 1
        }
        #expect(work.isDone)
        #expect(work.wait() == 42)
    }

    @Test func workNeverWaitedForIsJoinedWhenItGoes() {
        for _ in 0..<50 {
            _ = BackgroundWork { () -> Int in (0..<1000).reduce(0, +) }
        }
    }

    @Test func twoScannersReadOneDescriptorSideBySide() throws {
        let path = "/tmp/lprof-background-\(getpid()).txt"
        let text = (1...5000).map { "line \($0)" }.joined(separator: "\n") + "\n"
        let fd = open(path, O_CREAT | O_TRUNC | O_RDWR, 0o600)
        #expect(fd >= 0)
        defer {
            close(fd)
            unlink(path)
        }
        _ = Array(text.utf8).withUnsafeBytes { write(fd, $0.baseAddress!, $0.count) }
        lseek(fd, 0, SEEK_SET)
        let own = UncheckedBox(LineScanner(descriptor: fd, fromOffset: 0, blockSize: 100))
        let other = try #require(
            BackgroundWork { () -> [Int] in
                var numbers: [Int] = []
                while let line = own.value.nextLine() { numbers.append(line.bytes.count) }
                return numbers
            })
        let shared = LineScanner(descriptor: fd, blockSize: 64)
        var count = 0
        while shared.nextLine() != nil { count += 1 }
        #expect(count == 5000)
        #expect(other.wait().count == 5000)
    }
}

/// A scanner handed to the work's thread, which alone uses it from then on.
struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
