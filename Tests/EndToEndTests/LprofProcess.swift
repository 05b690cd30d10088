import Foundation

/// Runs the built `lprof` binary as a user would, through pipes, and collects what it did.
struct LprofProcess {
    struct Result: Equatable {
        var stdout: String
        var stderr: String
        var status: Int32
    }

    /// The package's root folder, from this file's place in it.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The binary under test: `LPROF_BINARY`, or the one built beside the test bundle.
    static let binary: URL = {
        if let path = ProcessInfo.processInfo.environment["LPROF_BINARY"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent("lprof")
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory),
                !isDirectory.boolValue
            {
                return candidate
            }
            folder = folder.deletingLastPathComponent()
        }
        return packageRoot.appendingPathComponent(".build/debug/lprof")
    }()

    /// Whether the binary under test names a dynamic loader (an ELF interpreter, which sits
    /// near the file's start) rather than being the fully static one users run.
    static let isDynamicallyLinked: Bool = {
        guard let file = FileHandle(forReadingAtPath: binary.path) else { return true }
        defer { try? file.close() }
        let head = (try? file.read(upToCount: 4096)) ?? Data()
        return head.range(of: Data("/ld-linux".utf8)) != nil
    }()

    /// A clean environment: no colour, a fixed width, a private home, no locale surprises.
    static func environment(home: String, extra: [String: String] = [:]) -> [String: String] {
        var env = [
            "PATH": "/usr/bin:/bin",
            "HOME": home,
            "XDG_DATA_HOME": home + "/data",
            "XDG_STATE_HOME": home + "/state",
            "XDG_CONFIG_HOME": home + "/config",
            "LANG": "C.UTF-8",
            "COLUMNS": "80",
            "TERM": "dumb",
        ]
        for (k, v) in extra { env[k] = v }
        return env
    }

    /// Runs lprof with `arguments`, feeding `stdin`, in `directory`, with a 20 s limit;
    /// through `wrapper` (a program and its arguments, such as `taskset -c 0`) if given.
    static func run(
        _ arguments: [String], stdin: Data = Data(), environment: [String: String]? = nil,
        directory: URL? = nil, through wrapper: [String] = []
    ) throws -> Result {
        let process = Process()
        if let program = wrapper.first {
            process.executableURL = URL(fileURLWithPath: program)
            process.arguments = wrapper.dropFirst() + [binary.path] + arguments
        } else {
            process.executableURL = binary
            process.arguments = arguments
        }
        let home = FileManager.default.temporaryDirectory
            .appendingPathComponent("lprof-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        process.environment = environment ?? Self.environment(home: home.path)
        if let directory { process.currentDirectoryURL = directory }
        let input = Pipe()
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Read both pipes concurrently so that neither can fill up and block the child.
        let outData = DataBox()
        let errData = DataBox()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            outData.data = output.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        group.enter()
        DispatchQueue.global().async {
            errData.data = errors.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        if !stdin.isEmpty { try? input.fileHandleForWriting.write(contentsOf: stdin) }
        try? input.fileHandleForWriting.close()
        let deadline = DispatchTime.now() + 20
        if group.wait(timeout: deadline) == .timedOut {
            process.terminate()
            group.wait()
        }
        process.waitUntilExit()
        return Result(
            stdout: String(decoding: outData.data, as: UTF8.self),
            stderr: String(decoding: errData.data, as: UTF8.self),
            status: process.terminationReason == .uncaughtSignal
                ? 128 + process.terminationStatus : process.terminationStatus)
    }

    /// Runs `-c TEXT` on an in-memory profile on a fixed day.
    static func command(_ text: String, _ extra: [String] = []) throws -> Result {
        try run(["--memory", "--now", "2026-11-30"] + extra + ["-c", text])
    }
}

/// Bytes read on another thread; the DispatchGroup wait orders the accesses.
private final class DataBox: @unchecked Sendable {
    var data = Data()
}
