import Foundation
import Testing

/// `lprof learn` on endless or oversized input, through the real binary: a located error,
/// exit 2, and bounded memory, as for scripts (issue 14).
@Suite(.serialized) struct HostileLearnTests {
    /// The learner's answers are NUL bytes without a line end: the first line is over the
    /// 64 KiB limit, so the lesson stops there instead of reading on.
    @Test func devZeroOnStdin() throws {
        let zeros = [UInt8](repeating: 0, count: 20 * 1024 * 1024)
        let r = try Hostile.run(["learn", "summary"], stdin: zeros)
        Hostile.check(
            r, statuses: [2],
            located: "<stdin>:1:1: error: line 1 is longer than 65536 bytes (the limit")
        #expect(r.result.stdout.contains("Lesson 1 of 11"), "the lesson had started")
        // The real device, which never ends; its own peak, measured alone.
        guard let peak = try Hostile.peakResidentKiB(["learn"], input: "/dev/zero") else {
            return
        }
        #expect(peak.status == 2)
        // About 22 MiB in a debug build, as for any run; it took 3.9 GB before the limit.
        // The bound leaves room for AddressSanitizer, as `devZeroOnStdinStaysSmall`'s does.
        #expect(peak.kib < 200 * 1024, "lprof learn used \(peak.kib) KiB on /dev/zero")
    }

    /// A lesson file that is `/dev/zero`: its first line is over the limit.
    @Test func devZeroAsTheLessonFile() throws {
        let r = try Hostile.run(["learn", "/dev/zero"])
        Hostile.check(
            r, statuses: [2],
            located: "/dev/zero:1:1: error: line 1 is longer than 65536 bytes (the limit")
        #expect(r.result.stdout.isEmpty)
        guard
            let peak = try Hostile.peakResidentKiB(["learn", "/dev/zero"], input: "/dev/null")
        else { return }
        #expect(peak.status == 2)
        #expect(peak.kib < 200 * 1024, "lprof learn /dev/zero used \(peak.kib) KiB")
    }

    /// A lesson from a pipe that goes on and on in lines within the limit stops at 16 MiB.
    @Test func anEndlessLessonStopsAtTheLimit() throws {
        let comment = Array(("#" + String(repeating: "-", count: 1022) + "\n").utf8)
        let comments = [[UInt8]](repeating: comment, count: 17 * 1024).flatMap { $0 }
        let r = try Hostile.run(["learn", "/dev/stdin"], stdin: comments)
        Hostile.check(
            r, statuses: [2], message: "lprof: error: lesson '/dev/stdin' is larger than 16 MiB")
    }

    /// A line over the limit after some answers: the answers ran, then the error, located
    /// at its line.
    @Test func aLongAnswerAfterGoodOnes() throws {
        let input = "show summary\n" + String(repeating: "x", count: 70_000) + "\nquit\n"
        let r = try Hostile.run(["learn", "summary"], stdin: Array(input.utf8))
        Hostile.check(r, statuses: [2], located: "<stdin>:2:1: error: line 2 is longer")
        #expect(r.result.stdout.contains("lprof> show summary"))
        #expect(!r.result.stdout.contains("lprof> quit"))
    }
}
