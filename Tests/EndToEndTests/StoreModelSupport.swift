import Foundation
import Glibc

/// An lprof process reading piped stdin, driven a step at a time: a step's lines go to its
/// stdin followed by `print MARKER`, and the step is over when the marker comes back on
/// stdout (or the process ends). stdout and stderr are separate pipes; lprof writes a
/// command's diagnostics before it runs the next line, so once the marker is read, the
/// step's stderr is in its pipe. Spawned with posix_spawn and read with poll, without
/// threads, so that many can run side by side cheaply.
final class PipedLprof {
    let pid: pid_t
    private var input: Int32
    private let output: Int32
    private let errors: Int32
    private var outBuffer: [UInt8] = []
    private var errBuffer: [UInt8] = []
    private var outEnded = false
    private var errEnded = false
    private var status: Int32?

    enum Failure: Error, CustomStringConvertible {
        case spawn(Int32)
        case timedOut(String)
        var description: String {
            switch self {
            case .spawn(let code): return "posix_spawn failed: \(String(cString: strerror(code)))"
            case .timedOut(let what): return "timed out: \(what)"
            }
        }
    }

    init(binary: String, arguments: [String], environment: [String: String]) throws {
        // Writing to a process that ended must fail with EPIPE, not end the test runner.
        signal(SIGPIPE, SIG_IGN)
        var stdinPipe: [Int32] = [-1, -1]
        var stdoutPipe: [Int32] = [-1, -1]
        var stderrPipe: [Int32] = [-1, -1]
        guard pipe2(&stdinPipe, O_CLOEXEC) == 0, pipe2(&stdoutPipe, O_CLOEXEC) == 0,
            pipe2(&stderrPipe, O_CLOEXEC) == 0
        else { throw Failure.spawn(errno) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdinPipe[0], 0)
        posix_spawn_file_actions_adddup2(&actions, stdoutPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, stderrPipe[1], 2)
        let argv = ([binary] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for p in argv { free(p) }
            for p in envp { free(p) }
        }
        var child: pid_t = 0
        let result = posix_spawn(&child, binary, &actions, nil, argv, envp)
        close(stdinPipe[0])
        close(stdoutPipe[1])
        close(stderrPipe[1])
        guard result == 0 else {
            close(stdinPipe[1])
            close(stdoutPipe[0])
            close(stderrPipe[0])
            throw Failure.spawn(result)
        }
        pid = child
        input = stdinPipe[1]
        output = stdoutPipe[0]
        errors = stderrPipe[0]
    }

    deinit {
        if status == nil {
            kill(pid, SIGKILL)
            _ = wait()
        }
        if input >= 0 { close(input) }
        close(output)
        close(errors)
    }

    var hasEnded: Bool { outEnded }

    /// Sends `lines` and then `print marker`; returns the stdout and stderr written until
    /// the marker's line came back (without it), and whether the process ended instead.
    func step(_ lines: String, marker: String, timeout: Double = 30) throws -> (
        stdout: String, stderr: String, ended: Bool
    ) {
        send(lines + "\nprint " + marker + "\n")
        let needle = Array((marker + "\n").utf8)
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let range = find(needle, in: outBuffer) {
                let out = String(decoding: outBuffer[..<range.lowerBound], as: UTF8.self)
                outBuffer.removeSubrange(..<range.upperBound)
                pump(waitMilliseconds: 0)
                let err = String(decoding: errBuffer, as: UTF8.self)
                errBuffer.removeAll()
                return (out, err, false)
            }
            if outEnded {
                // The process ends: everything it wrote is there once stderr ends too.
                while !errEnded { pump(waitMilliseconds: 100) }
                let out = String(decoding: outBuffer, as: UTF8.self)
                let err = String(decoding: errBuffer, as: UTF8.self)
                outBuffer.removeAll()
                errBuffer.removeAll()
                return (out, err, true)
            }
            if Date() > deadline {
                throw Failure.timedOut(
                    "no \(marker) from lprof; stdout so far: "
                        + String(decoding: outBuffer, as: UTF8.self))
            }
            pump(waitMilliseconds: 1000)
        }
    }

    /// Closes stdin, reads what is left, and reaps the process: its exit status (128 + N
    /// for a signal), with the stdout and stderr it wrote since the last step.
    func finish(timeout: Double = 30) throws -> (status: Int32, stdout: String, stderr: String) {
        if input >= 0 {
            close(input)
            input = -1
        }
        let deadline = Date().addingTimeInterval(timeout)
        while !(outEnded && errEnded) {
            if Date() > deadline {
                kill(pid, SIGKILL)
                throw Failure.timedOut("lprof did not end after its stdin closed")
            }
            pump(waitMilliseconds: 100)
        }
        return (
            wait(), String(decoding: outBuffer, as: UTF8.self),
            String(decoding: errBuffer, as: UTF8.self)
        )
    }

    private func wait() -> Int32 {
        if let status { return status }
        var raw: Int32 = 0
        while waitpid(pid, &raw, 0) < 0 && errno == EINTR {}
        // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import as functions.
        let signalled = raw & 0x7f
        let value = signalled == 0 ? (raw >> 8) & 0xff : 128 + signalled
        status = value
        return value
    }

    private func send(_ text: String) {
        guard input >= 0 else { return }
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let n = bytes.withUnsafeBytes { Glibc.write(input, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return }  // the process ended: its output tells why
            bytes = bytes.dropFirst(n)
        }
    }

    /// Waits up to `waitMilliseconds` for output, then reads what both pipes hold.
    private func pump(waitMilliseconds: Int32) {
        var fds = [
            pollfd(fd: outEnded ? -1 : output, events: Int16(POLLIN), revents: 0),
            pollfd(fd: errEnded ? -1 : errors, events: Int16(POLLIN), revents: 0),
        ]
        if outEnded && errEnded { return }
        let ready = poll(&fds, 2, waitMilliseconds)
        if ready <= 0 { return }
        if fds[0].revents != 0 { outEnded = !drain(output, into: &outBuffer) }
        if fds[1].revents != 0 { errEnded = !drain(errors, into: &errBuffer) }
    }

    /// Reads once; false at the end of the pipe.
    private func drain(_ fd: Int32, into buffer: inout [UInt8]) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return false }
            buffer.append(contentsOf: chunk[..<n])
            return true
        }
    }

    private func find(_ needle: [UInt8], in haystack: [UInt8]) -> Range<Int>? {
        guard haystack.count >= needle.count else { return nil }
        // The marker starts a line: at the start or after a newline.
        var i = 0
        while i + needle.count <= haystack.count {
            if (i == 0 || haystack[i - 1] == 0x0A) && haystack[i] == needle[0]
                && Array(haystack[i..<(i + needle.count)]) == needle
            {
                return i..<(i + needle.count)
            }
            i += 1
        }
        return nil
    }
}

/// pipe2(2), which Glibc's module map leaves out (it needs _GNU_SOURCE): pipes made with
/// O_CLOEXEC at once, so that no process spawned meanwhile by another thread inherits them
/// (a stdin pipe's write end kept open elsewhere would never let its reader see the end).
@_silgen_name("pipe2")
private func pipe2(_ fds: UnsafeMutablePointer<Int32>, _ flags: Int32) -> Int32

/// A small, fast, seedable generator (SplitMix64), so that a seed replays a history.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
