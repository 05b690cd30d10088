import Foundation
import Glibc

/// A fresh folder for one store test; `remove()` deletes it.
struct StoreE2EFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("lprof-store-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    var path: String { url.path }
    var store: String { path + "/profile.json" }
    func file(_ name: String) -> String { path + "/" + name }

    /// The names in `sub` (default: the folder itself), sorted.
    func names(_ sub: String? = nil) -> [String] {
        let dir = sub.map { path + "/" + $0 } ?? path
        return ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).sorted()
    }

    func remove() { try? FileManager.default.removeItem(at: url) }

    /// The environment `LprofProcess` uses, with its home in this folder.
    func environment(_ extra: [String: String] = [:]) -> [String: String] {
        LprofProcess.environment(home: path + "/home", extra: extra)
    }

    /// Runs lprof with this folder's environment.
    func run(_ arguments: [String], stdin: String = "", environment: [String: String]? = nil)
        throws -> LprofProcess.Result
    {
        try LprofProcess.run(
            arguments, stdin: Data(stdin.utf8), environment: environment ?? self.environment(),
            directory: url)
    }
}

/// A store file's bytes and modification time, to show that nothing touched it.
struct StoreE2ESnapshot: Equatable {
    var bytes: Data?
    var mtimeSeconds: Int
    var mtimeNanoseconds: Int
    var inode: UInt

    init(_ path: String) {
        bytes = FileManager.default.contents(atPath: path)
        var info = stat()
        if lstat(path, &info) == 0 {
            mtimeSeconds = Int(info.st_mtim.tv_sec)
            mtimeNanoseconds = Int(info.st_mtim.tv_nsec)
            inode = UInt(info.st_ino)
        } else {
            mtimeSeconds = -1
            mtimeNanoseconds = -1
            inode = 0
        }
    }
}

/// The store's JSON, parsed with Foundation (independently of lprof's own codec).
struct StoreE2EFile: Equatable {
    var format: Int
    /// The store's identity, 32 lowercase hexadecimal digits; nil in an older lprof's store.
    var id: String?
    var revision: Int
    var username: String
    var prefersNotifications: Bool
    var seasonalPhoto: String
    var goalDate: String

    /// Parses `path`; nil when it is missing or not a whole, valid store.
    static func read(_ path: String) -> StoreE2EFile? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return parse(data)
    }

    static func parse(_ data: Data) -> StoreE2EFile? {
        guard let top = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            Set(top.keys).subtracting(["id"]) == ["format", "revision", "profile"],
            top["id"] == nil || isIdentity(top["id"]),
            let format = top["format"] as? Int, let revision = top["revision"] as? Int,
            let profile = top["profile"] as? [String: Any],
            Set(profile.keys)
                == ["username", "prefersNotifications", "seasonalPhoto", "goalDate"],
            let username = profile["username"] as? String, !username.isEmpty,
            let notifications = profile["prefersNotifications"] as? Bool,
            let season = profile["seasonalPhoto"] as? String,
            ["spring", "summer", "autumn", "winter"].contains(season),
            let goal = profile["goalDate"] as? String, isValidDay(goal)
        else { return nil }
        return StoreE2EFile(
            format: format, id: top["id"] as? String, revision: revision, username: username,
            prefersNotifications: notifications, seasonalPhoto: season,
            goalDate: goal)
    }

    static func isIdentity(_ value: Any?) -> Bool {
        guard let text = value as? String else { return false }
        return text.utf8.count == 32 && text.allSatisfy { "0123456789abcdef".contains($0) }
    }

    static func isValidDay(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard text.utf8.count == 10, parts.count == 3, let y = Int(parts[0]),
            let m = Int(parts[1]), let d = Int(parts[2]), (1000...9999).contains(y),
            (1...12).contains(m), d >= 1
        else { return false }
        let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1]
        return d <= days
    }
}

/// An lprof process left running: lines go to its stdin as the test decides, its output is
/// collected as it comes, and it can be waited for or killed.
final class StoreE2ESession: @unchecked Sendable {
    let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let errors = Pipe()
    private let lock = NSLock()
    private var outData = Data()
    private var errData = Data()
    private let done = DispatchGroup()

    /// With `mergeStandardError`, stderr goes to the stdout pipe, in the order written.
    init(
        _ arguments: [String], environment: [String: String], directory: URL,
        mergeStandardError: Bool = false
    ) throws {
        process.executableURL = LprofProcess.binary
        process.arguments = arguments
        process.environment = environment
        process.currentDirectoryURL = directory
        process.standardInput = input
        process.standardOutput = output
        process.standardError = mergeStandardError ? output : errors
        try process.run()
        collect(output.fileHandleForReading) { self.outData.append($0) }
        if !mergeStandardError {
            collect(errors.fileHandleForReading) { self.errData.append($0) }
        }
    }

    private func collect(_ handle: FileHandle, _ append: @escaping @Sendable (Data) -> Void) {
        done.enter()
        DispatchQueue.global().async {
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                self.lock.lock()
                append(chunk)
                self.lock.unlock()
            }
            self.done.leave()
        }
    }

    var stdout: String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: outData, as: UTF8.self)
    }

    var stderr: String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: errData, as: UTF8.self)
    }

    /// Sends `text` to stdin.
    func send(_ text: String) {
        try? input.fileHandleForWriting.write(contentsOf: Data(text.utf8))
    }

    /// Waits (up to `timeout` seconds) until stdout contains `marker`.
    @discardableResult
    func waitForOutput(_ marker: String, timeout: Double = 10) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if stdout.contains(marker) { return true }
            usleep(2_000)
        }
        return stdout.contains(marker)
    }

    /// Closes stdin and waits for the process (up to 20 s); returns its exit status.
    func finish() -> Int32 {
        try? input.fileHandleForWriting.close()
        if done.wait(timeout: .now() + 20) == .timedOut {
            process.terminate()
            done.wait()
        }
        process.waitUntilExit()
        return process.terminationReason == .uncaughtSignal
            ? 128 + process.terminationStatus : process.terminationStatus
    }

    /// Sends `signal` to the process (and nothing else).
    func send(signal: Int32) {
        _ = Glibc.kill(process.processIdentifier, signal)
    }

    /// Sends SIGKILL and reaps the process.
    func kill9() {
        _ = Glibc.kill(process.processIdentifier, SIGKILL)
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        done.wait()
    }
}
