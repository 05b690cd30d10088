import Foundation
import Glibc
import LprofModel

@testable import LprofStore
@testable import LprofSystem

/// A fresh folder under the temporary directory; `remove()` deletes it and its contents.
public struct StoreTempFolder: Sendable {
    public let path: String

    public init() {
        var base = ProcessInfo.processInfo.environment["TMPDIR"] ?? "/tmp"
        if !base.hasPrefix("/") { base = "/tmp" }
        while base.count > 1 && base.hasSuffix("/") { base.removeLast() }
        var template = Array("\(base)/lprof-store-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        precondition(made != nil, "mkdtemp failed")
        path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    public var store: String { path + "/profile.json" }

    public func file(_ name: String) -> String { path + "/" + name }

    public func remove() {
        _ = chmod(path, 0o700)
        try? FileManager.default.removeItem(atPath: path)
    }

    /// The names in the folder, sorted.
    public func names(in sub: String? = nil) -> [String] {
        let dir = sub.map { path + "/" + $0 } ?? path
        return ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).sorted()
    }
}

public func storeWriteBytes(_ bytes: [UInt8], to path: String) {
    _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
}

public func storeWriteText(_ text: String, to path: String) {
    storeWriteBytes(Array(text.utf8), to: path)
}

public func storeReadBytes(_ path: String) -> [UInt8]? {
    FileManager.default.contents(atPath: path).map { Array($0) }
}

public func storeFileMode(_ path: String) -> mode_t? {
    var info = stat()
    guard lstat(path, &info) == 0 else { return nil }
    return info.st_mode
}

public let storeSampleDay = CalendarDay(iso: "2026-11-30")!

public let storeSampleProfile = Profile(
    username: "g_kumar", prefersNotifications: true, seasonalPhoto: .winter,
    goalDate: storeSampleDay)

public let storeOtherProfile = Profile(
    username: "Zoë \u{1F337}", prefersNotifications: false, seasonalPhoto: .autumn,
    goalDate: CalendarDay(iso: "2027-01-02")!)

/// A store file's JSON with one profile member's raw JSON text replaced.
public func storeJSON(
    format: String = "1", revision: String = "3",
    username: String = "\"g_kumar\"", notifications: String = "true",
    season: String = "\"winter\"", goal: String = "\"2026-11-30\""
) -> String {
    "{\"format\":\(format),\"revision\":\(revision),\"profile\":{\"username\":\(username),"
        + "\"prefersNotifications\":\(notifications),\"seasonalPhoto\":\(season),"
        + "\"goalDate\":\(goal)}}\n"
}

public var storeRunningAsRoot: Bool { geteuid() == 0 }

/// Storage whose `read`, `write`, `fsync` or `rename` fails with `code`.
public func storeFailingStorage(path: String, at call: String, code: Int32) -> FileProfileStorage {
    let storage = FileProfileStorage(path: path)
    var ops = FileSystemOps.system
    switch call {
    case "read":
        ops.read = { _, _, _ in
            errno = code; return -1
        }
    case "write":
        ops.write = { _, _, _ in
            errno = code; return -1
        }
    case "fsync":
        ops.fsync = { _ in
            errno = code; return -1
        }
    case "rename":
        ops.rename = { _, _ in
            errno = code; return -1
        }
    default: fatalError("no such call \(call)")
    }
    storage.fileSystem = FileSystem(ops: ops)
    return storage
}

/// Whether someone holds a `flock` lock on `path`.
public func storeIsLocked(_ path: String) -> Bool {
    let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard fd >= 0 else { return false }
    defer { close(fd) }
    if flock(fd, LOCK_EX | LOCK_NB) == 0 {
        _ = flock(fd, LOCK_UN)
        return false
    }
    return true
}

/// A base no test profile shares a username, season or goal with.
public let storeUnrelatedBase = Profile(
    username: "base", prefersNotifications: true, seasonalPhoto: .summer,
    goalDate: CalendarDay(iso: "2020-01-01")!)

extension ProfileStorage {
    /// Commits `profile` as a session that read revision `expectedRevision` would, counting
    /// every field as its change (over a base no test profile resembles), so that another
    /// session's different commit in between conflicts; returns the revision stored after.
    @discardableResult
    public func save(_ profile: Profile, expectedRevision: Int, force: Bool) throws(StoreError)
        -> Int
    {
        // The store this session read is the one there now (its identity), at
        // `expectedRevision`.
        let identity = (try? load())?.identity
        return try commit(
            StoreCommit(
                base: StoredProfile(
                    profile: storeUnrelatedBase, revision: expectedRevision, identity: identity),
                ours: profile, touched: Set(ProfileField.allCases), force: force),
            dryRun: false
        ).stored.revision
    }
}

extension StoredProfile {
    /// The same profile and revision without the store's identity, which is random: for
    /// comparing with a profile and revision alone.
    public var withoutIdentity: StoredProfile {
        StoredProfile(profile: profile, revision: revision)
    }
}
