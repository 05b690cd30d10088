import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Hostile-input helpers: scripts written as raw bytes, runs timed, and the checks every
/// hostile run must pass (SPEC §4, issue 7).
enum Hostile {
    /// A fresh folder for one test's files.
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("lprof-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Writes `bytes` to `name` in `folder` and returns its path.
    @discardableResult
    static func write(_ bytes: [UInt8], _ name: String, in folder: URL) throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    @discardableResult
    static func write(_ text: String, _ name: String, in folder: URL) throws -> String {
        try write(Array(text.utf8), name, in: folder)
    }

    struct Timed {
        var result: LprofProcess.Result
        var seconds: Double
    }

    /// A child that stops reading its stdin early must not kill the test runner.
    static let ignoreBrokenPipes: Void = { _ = signal(SIGPIPE, SIG_IGN) }()

    /// Runs lprof and times it.
    static func run(
        _ arguments: [String], stdin: [UInt8] = [], directory: URL? = nil
    ) throws -> Timed {
        _ = ignoreBrokenPipes
        let start = Date()
        let result = try LprofProcess.run(arguments, stdin: Data(stdin), directory: directory)
        return Timed(result: result, seconds: Date().timeIntervalSince(start))
    }

    /// Runs lprof with stdout going to `stdout` (a full device, a pipe nobody reads).
    static func run(_ arguments: [String], stdout: FileHandle) throws -> (
        status: Int32, stderr: String
    ) {
        let process = Process()
        process.executableURL = LprofProcess.binary
        process.arguments = arguments
        let home = try folder()
        defer { try? FileManager.default.removeItem(at: home) }
        process.environment = LprofProcess.environment(home: home.path)
        let errors = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = stdout
        process.standardError = errors
        try process.run()
        let data = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let status =
            process.terminationReason == .uncaughtSignal
            ? 128 + process.terminationStatus : process.terminationStatus
        return (status, String(decoding: data, as: UTF8.self))
    }

    /// What every hostile run must show: a defined exit status among `statuses`, no crash
    /// report or runtime failure text, no control characters from user data on stdout or in
    /// messages, and an end within 10 s. `located` is the `SOURCE:LINE:COL: error:` prefix
    /// the first diagnostic must start with, when given.
    static func check(
        _ run: Timed, statuses: Set<Int32>, located: String? = nil, message: String? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let r = run.result
        #expect(
            statuses.contains(r.status), "exit \(r.status); stderr: \(r.stderr.prefix(400))",
            sourceLocation: sourceLocation)
        #expect(run.seconds < 10, "took \(run.seconds) s", sourceLocation: sourceLocation)
        for text in [
            "Fatal error", "Swift runtime failure", "Backtrac", "crashed", "AddressSanitizer",
            "SUMMARY:",
        ] {
            #expect(
                !r.stderr.contains(text), "crash text on stderr: \(r.stderr.prefix(400))",
                sourceLocation: sourceLocation)
        }
        #expect(
            !hasControls(r.stdout, allowing: [0x0A]), "control on stdout",
            sourceLocation: sourceLocation)
        #expect(
            !hasControls(r.stderr, allowing: [0x0A, 0x09]), "control on stderr",
            sourceLocation: sourceLocation)
        if statuses.isDisjoint(with: [0]) {
            #expect(
                r.stderr.contains("error:"), "no diagnostic",
                sourceLocation: sourceLocation)
        }
        if let located {
            #expect(
                r.stderr.hasPrefix(located), "expected \(located) …; got \(r.stderr.prefix(300))",
                sourceLocation: sourceLocation)
        }
        if let message {
            #expect(
                r.stderr.contains(message), "expected '\(message)' in \(r.stderr.prefix(300))",
                sourceLocation: sourceLocation)
        }
        // Bounded: a diagnostic never copies a whole huge line.
        #expect(
            r.stderr.utf8.count < 16 * 1024, "stderr is \(r.stderr.utf8.count) bytes",
            sourceLocation: sourceLocation)
    }

    /// C0 (but `allowing`), DEL, C1 and the bidi controls: what could drive a terminal.
    static func hasControls(_ text: String, allowing: Set<UInt32>) -> Bool {
        text.unicodeScalars.contains { s in
            let v = s.value
            if allowing.contains(v) { return false }
            return v < 0x20 || (0x7F...0x9F).contains(v) || (0x202A...0x202E).contains(v)
                || (0x2066...0x2069).contains(v)
        }
    }

    /// Runs lprof with `stdin` read from the file at `input` and its output discarded, and
    /// returns its exit status and its own peak resident size in KiB.
    ///
    /// python3 starts it and reads the peak: a child spawned straight from this test process
    /// (a vfork'd or forked copy of it) is charged this process's own resident size at its
    /// `exec`, which under AddressSanitizer is about a gigabyte. nil without python3.
    static func peakResidentKiB(_ arguments: [String], input: String) throws -> (
        status: Int32, kib: Int
    )? {
        guard let python = PseudoTerminalTests.python else { return nil }
        let home = try folder()
        defer { try? FileManager.default.removeItem(at: home) }
        let process = Process()
        process.executableURL = python
        process.arguments =
            [
                "-c",
                """
                import resource, subprocess, sys
                with open(sys.argv[1], "rb") as f:
                    r = subprocess.run(sys.argv[2:], stdin=f, stdout=subprocess.DEVNULL,
                                       stderr=subprocess.DEVNULL)
                print(r.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
                """,
                input, LprofProcess.binary.path,
            ] + arguments
        process.environment = LprofProcess.environment(home: home.path)
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(
            decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let fields = text.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        guard fields.count == 2 else {
            Issue.record("python3 could not measure lprof: \(text)")
            return nil
        }
        return (Int32(fields[0]), fields[1])
    }
}
