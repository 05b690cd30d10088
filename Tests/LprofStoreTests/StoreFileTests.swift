import Foundation
import Glibc
import LprofModel
import StoreTestSupport
import Testing

@testable import LprofStore
@testable import LprofSystem

@Suite struct StoreFileTests {
    @Test func missingFileIsNil() throws {
        let dir = StoreTempFolder()
        defer { dir.remove() }
        #expect(try FileProfileStorage(path: dir.store).load() == nil)
        // The default store's: its missing folder is made at the first commit, not by a read.
        #expect(
            try FileProfileStorage(
                path: dir.path + "/no/such/folder/profile.json", createsFolder: true
            ).load() == nil)
        #expect(dir.names().isEmpty)
    }

    /// A store the user named: its missing folder is an error that names it, and nothing
    /// is made, by a read or by a commit.
    @Test func aNamedStoreInAMissingFolderIsAnError() throws {
        let dir = StoreTempFolder()
        defer { dir.remove() }
        let storage = FileProfileStorage(path: dir.path + "/typo/x.json")
        #expect {
            try storage.load()
        } throws: { error in
            let e = error as? StoreError
            return e?.kind == .unreadable
                && e?.message.contains("its folder '\(dir.path)/typo' does not exist") == true
        }
        #expect(throws: StoreError.self) {
            try storage.save(storeSampleProfile, expectedRevision: 0, force: false)
        }
        #expect(dir.names().isEmpty)
    }

    @Test func roundTripAndRevisions() throws {
        let dir = StoreTempFolder()
        defer { dir.remove() }
        let storage = FileProfileStorage(path: dir.store)
        #expect(storage.location == dir.store)
        #expect(try storage.save(storeSampleProfile, expectedRevision: 0, force: false) == 1)
        #expect(
            try storage.load()?.withoutIdentity
                == StoredProfile(profile: storeSampleProfile, revision: 1))
        #expect(try storage.save(storeOtherProfile, expectedRevision: 1, force: false) == 2)
        // Committing what is stored already writes nothing: the revision stays.
        let before = storeReadBytes(dir.store)
        #expect(try storage.save(storeOtherProfile, expectedRevision: 2, force: false) == 2)
        #expect(storeReadBytes(dir.store) == before)
        #expect(
            try FileProfileStorage(path: dir.store).load()?.withoutIdentity
                == StoredProfile(profile: storeOtherProfile, revision: 2))
        // Only the store and its lock file remain: no temporary files.
        #expect(dir.names() == ["profile.json", "profile.json.lock"])
    }

    @Test func exactFileBytes() throws {
        let dir = StoreTempFolder()
        defer { dir.remove() }
        let storage = FileProfileStorage(path: dir.store)
        storage.makeIdentity = { StoreIdentity(hex: "00112233445566778899aabbccddeeff")! }
        _ = try storage.save(storeSampleProfile, expectedRevision: 0, force: false)
        let text = String(decoding: storeReadBytes(dir.store)!, as: UTF8.self)
        #expect(
            text
                == #"{"format":1,"id":"00112233445566778899aabbccddeeff","revision":1,"profile":{"username":"g_kumar","prefersNotifications":true,"seasonalPhoto":"winter","goalDate":"2026-11-30"}}"#
                + "\n")
    }

    @Test func createsFoldersAndPrivateFiles() throws {
        let dir = StoreTempFolder()
        defer { dir.remove() }
        let path = dir.path + "/a/b/profile.json"
        _ = umask(0o022)
        #expect(
            try FileProfileStorage(path: path, createsFolder: true).save(
                storeSampleProfile, expectedRevision: 0, force: false) == 1)
        #expect(storeFileMode(dir.path + "/a")! & 0o777 == 0o700)
        #expect(storeFileMode(dir.path + "/a/b")! & 0o777 == 0o700)
        #expect(storeFileMode(path)! & 0o777 == 0o600)
        #expect(storeFileMode(path + ".lock")! & 0o777 == 0o600)
    }

    @Test func keepsAnExistingFilesPermission() throws {
        let dir = StoreTempFolder()
        defer { dir.remove() }
        let storage = FileProfileStorage(path: dir.store)
        _ = try storage.save(storeSampleProfile, expectedRevision: 0, force: false)
        chmod(dir.store, 0o640)
        _ = try storage.save(storeOtherProfile, expectedRevision: 1, force: false)
        #expect(storeFileMode(dir.store)! & 0o777 == 0o640)
    }

    @Test func writesThroughASymbolicLink() throws {
        let dir = StoreTempFolder()
        defer { dir.remove() }
        let real = dir.file("real.json")
        let storage = FileProfileStorage(path: dir.store)
        storeWriteText(storeJSON(revision: "4"), to: real)
        symlink(real, dir.store)
        #expect(try storage.load()?.revision == 4)
        #expect(try storage.save(storeOtherProfile, expectedRevision: 4, force: false) == 5)
        #expect(storeFileMode(dir.store)! & S_IFMT == S_IFLNK)
        #expect(try StoreCodec.decode(storeReadBytes(real)!).revision == 5)
    }

    @Test func refusesToWriteAnInvalidProfile() throws {
        let dir = StoreTempFolder()
        defer { dir.remove() }
        var bad = storeSampleProfile
        bad.username = "evil\u{1B}[2J"
        #expect {
            try FileProfileStorage(path: dir.store).save(bad, expectedRevision: 0, force: true)
        } throws: { ($0 as? StoreError)?.kind == .writeFailed }
        bad = storeSampleProfile
        bad.goalDate = CalendarDay(year: 999, month: 1, day: 1)!
        #expect {
            try FileProfileStorage(path: dir.store).save(bad, expectedRevision: 0, force: true)
        } throws: { ($0 as? StoreError)?.kind == .writeFailed }
        #expect(storeReadBytes(dir.store) == nil)
    }
}

/// Broken store files: each fails to load with the right kind and a message naming the
/// file and the problem, and neither loading nor saving touches it.
@Suite struct StoreBrokenFileTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var bytes: [UInt8]
        var kind: StoreError.Kind
        var fragment: String
        var testDescription: String { name }

        init(_ name: String, bytes: [UInt8], _ kind: StoreError.Kind, _ fragment: String) {
            self.name = name
            self.bytes = bytes
            self.kind = kind
            self.fragment = fragment
        }

        init(_ name: String, _ text: String, _ kind: StoreError.Kind, _ fragment: String) {
            self.init(name, bytes: Array(text.utf8), kind, fragment)
        }

        init(_ name: String, _ text: String, _ fragment: String) {
            self.init(name, bytes: Array(text.utf8), .corrupt, fragment)
        }

        init(_ name: String, bytes: [UInt8], _ fragment: String) {
            self.init(name, bytes: bytes, .corrupt, fragment)
        }
    }

    static let general: [Case] = [
        Case("empty", "", "is corrupt: it is empty"),
        Case("bad JSON", "{\"format\":1,", "invalid JSON"),
        Case(
            "not JSON", "username = g_kumar\n",
            "invalid JSON: unexpected character at line 1, column 1"),
        Case("array", "[]", "the top level is an array"),
        Case("trailing text", storeJSON() + "x", "unexpected text after the value"),
        Case(
            "invalid UTF-8",
            bytes: Array(storeJSON(username: "\"ab\"").utf8).map { $0 == 0x61 ? 0xFF : $0 },
            "not valid UTF-8"),
    ]

    static let header: [Case] = [
        Case("format 2", storeJSON(format: "2"), .newerFormat, "newer lprof (format 2"),
        Case("format 99 odd shape", #"{"format":99}"#, .newerFormat, "format 99"),
        Case("format 0", storeJSON(format: "0"), "format 0 is not a store format"),
        Case("format string", storeJSON(format: "\"1\""), "format is a string, not an integer"),
        Case("format missing", #"{"revision":1}"#, "format is missing"),
        Case("revision negative", storeJSON(revision: "-1"), "revision -1 is negative"),
        Case("revision fraction", storeJSON(revision: "1.5"), "revision 1.5 is not an integer"),
        Case("revision exponent", storeJSON(revision: "1e3"), "revision 1e3 is not an integer"),
        Case("revision string", storeJSON(revision: "\"3\""), "revision is a string"),
        Case("revision huge", storeJSON(revision: "99999999999999999999"), "too large"),
        Case("revision missing", #"{"format":1,"profile":{}}"#, "revision is missing"),
    ]

    static let profileShape: [Case] = [
        Case("profile missing", #"{"format":1,"revision":1}"#, "profile is missing"),
        Case("profile null", #"{"format":1,"revision":1,"profile":null}"#, "profile is null"),
        Case(
            "username missing",
            #"{"format":1,"revision":1,"profile":{"prefersNotifications":true,"seasonalPhoto":"winter","goalDate":"2026-11-30"}}"#,
            "username is missing"),
        Case("username number", storeJSON(username: "42"), "username is a number, not a string"),
        Case("username null", storeJSON(username: "null"), "username is null"),
        Case("username empty", storeJSON(username: "\"\""), "cannot be empty"),
        Case(
            "username ESC", storeJSON(username: #""evil\u001b[2J""#), "control character (U+001B)"),
        Case("username U+202E", storeJSON(username: "\"abc\u{202E}def\""), "bidirectional"),
        Case("username leading space", storeJSON(username: "\" x\""), "start with white space"),
        Case(
            "username too long", storeJSON(username: "\"\(String(repeating: "a", count: 65))\""),
            "at most 64"),
    ]

    static let values: [Case] = [
        Case(
            "notifications number", storeJSON(notifications: "1"),
            "prefersNotifications is a number, not true or false"),
        Case(
            "notifications string", storeJSON(notifications: "\"on\""),
            "prefersNotifications is a string"),
        Case(
            "season monsoon", storeJSON(season: "\"monsoon\""),
            "is corrupt: seasonalPhoto 'monsoon' is not a season"),
        Case("season capitalised", storeJSON(season: "\"Winter\""), "seasonalPhoto 'Winter'"),
        Case("season fall", storeJSON(season: "\"fall\""), "seasonalPhoto 'fall'"),
        Case("season emoji", storeJSON(season: "\"\u{2603}\u{FE0F}\""), "is not a season"),
        Case("season ESC", storeJSON(season: #""\u001b[31m""#), #"'\u{1B}[31m'"#),
        Case(
            "season bool", storeJSON(season: "true"), "seasonalPhoto is true or false, not a string"
        ),
        Case(
            "goal Feb 30", storeJSON(goal: "\"2027-02-30\""), "goalDate '2027-02-30' is not a valid"
        ),
        Case("goal year 0999", storeJSON(goal: "\"0999-12-31\""), "outside the years 1000–9999"),
        Case("goal short", storeJSON(goal: "\"2026-1-1\""), "goalDate '2026-1-1'"),
        Case("goal with time", storeJSON(goal: "\"2026-11-30T00:00:00Z\""), "not a valid"),
        Case("goal number", storeJSON(goal: "20261130"), "goalDate is a number"),
    ]

    static let keys: [Case] = [
        Case("duplicate key", #"{"format":1,"format":1}"#, "the key 'format' appears twice"),
        Case(
            "unknown key",
            storeJSON().replacingOccurrences(of: "\"revision\"", with: "\"x\":1,\"revision\""),
            "unknown key 'x'"),
        Case(
            "unknown profile key",
            storeJSON(goal: "\"2026-11-30\",\"extra\":1"), "unknown key 'profile.extra'"),
        Case(
            "too large", storeJSON() + String(repeating: " ", count: 1 << 20), "larger than 1 MiB"),
    ]

    static var cases: [Case] { general + header + profileShape + values + keys }

    @Test(arguments: cases) func brokenFile(_ c: Case) throws {
        let dir = StoreTempFolder()
        defer { dir.remove() }
        storeWriteBytes(c.bytes, to: dir.store)
        let storage = FileProfileStorage(path: dir.store)
        var thrown: StoreError?
        do { _ = try storage.load() } catch { thrown = error }
        #expect(thrown?.kind == c.kind)
        #expect(thrown?.message.hasPrefix("store '\(dir.store)' ") == true)
        #expect(thrown?.message.contains(c.fragment) == true, "\(thrown?.message ?? "no error")")
        #expect(
            thrown?.message.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E }
                == false)

        // A plain save refuses with the same error; the file is untouched.
        var saveError: StoreError?
        do { _ = try storage.save(storeSampleProfile, expectedRevision: 3, force: false) } catch {
            saveError = error
        }
        #expect(saveError == thrown)
        #expect(storeReadBytes(dir.store) == c.bytes)
        #expect(dir.names() == ["profile.json", "profile.json.lock"])
    }

    @Test func folderAtThePath() throws {
        let dir = StoreTempFolder()
        defer { dir.remove() }
        mkdir(dir.store, 0o700)
        let storage = FileProfileStorage(path: dir.store)
        #expect {
            try storage.load()
        } throws: {
            let e = $0 as? StoreError
            return e?.kind == .unreadable
                && e?.message
                    == "store '\(dir.store)' is a folder, not a file: give --store a file's "
                    + "path, such as '\(dir.store)/profile.json', or use --memory to run "
                    + "without a store"
        }
        // A folder is never to be deleted to make way for a store.
        #expect {
            try storage.load()
        } throws: { !(($0 as? StoreError)?.message.contains("delete") ?? true) }
        // Not even `force` writes over it.
        #expect {
            try storage.save(storeSampleProfile, expectedRevision: 0, force: true)
        } throws: { ($0 as? StoreError)?.kind == .unreadable }
        #expect(dir.names(in: "profile.json").isEmpty)
    }

    @Test func fifoAtThePathDoesNotHang() throws {
        let dir = StoreTempFolder()
        defer { dir.remove() }
        mkfifo(dir.store, 0o600)
        #expect {
            try FileProfileStorage(path: dir.store).load()
        } throws: {
            let message = ($0 as? StoreError)?.message ?? ""
            return message.contains("not a regular file") && !message.contains("delete")
                && message.contains("give --store a regular file's path")
        }
    }

    @Test func folderAdviceNamesAFileInsideIt() {
        #expect(
            StorePaths.join("/home/u/Documents", "profile.json") == "/home/u/Documents/profile.json"
        )
        #expect(
            StorePaths.join("/home/u/Documents//", "profile.json")
                == "/home/u/Documents/profile.json"
        )
        #expect(StorePaths.join("/", "profile.json") == "/profile.json")
        #expect(StorePaths.join("docs", "profile.json") == "docs/profile.json")
    }

    @Test func parentIsAFile() throws {
        let dir = StoreTempFolder()
        defer { dir.remove() }
        storeWriteText("x", to: dir.file("file"))
        let storage = FileProfileStorage(path: dir.file("file") + "/profile.json")
        #expect {
            try storage.load()
        } throws: { ($0 as? StoreError)?.kind == .unreadable }
        #expect {
            try storage.save(storeSampleProfile, expectedRevision: 0, force: true)
        } throws: {
            let e = $0 as? StoreError
            return e?.kind == .writeFailed && e?.message.contains("could not be written") == true
        }
        #expect(storeReadBytes(dir.file("file")) == Array("x".utf8))
    }

    @Test(.enabled(if: !storeRunningAsRoot, "root can read a mode 000 file"))
    func permissionDenied() throws {
        let dir = StoreTempFolder()
        defer { dir.remove() }
        storeWriteText(storeJSON(), to: dir.store)
        chmod(dir.store, 0)
        #expect {
            try FileProfileStorage(path: dir.store).load()
        } throws: {
            let e = $0 as? StoreError
            return e?.kind == .unreadable && e?.message.contains("Permission denied") == true
        }
    }

    @Test(.enabled(if: !storeRunningAsRoot, "root can write into a read-only folder"))
    func readOnlyFolder() throws {
        let dir = StoreTempFolder()
        defer { dir.remove() }
        let storage = FileProfileStorage(path: dir.store)
        _ = try storage.save(storeSampleProfile, expectedRevision: 0, force: false)
        let before = storeReadBytes(dir.store)
        chmod(dir.path, 0o500)
        #expect {
            try storage.save(storeOtherProfile, expectedRevision: 1, force: false)
        } throws: { ($0 as? StoreError)?.kind == .writeFailed }
        #expect(storeReadBytes(dir.store) == before)
    }
}

@Suite struct StoreConflictTests {
    @Test func secondPlainSaveFailsAndForceOverwrites() throws {
        let dir = StoreTempFolder()
        defer { dir.remove() }
        let a = FileProfileStorage(path: dir.store)
        let b = FileProfileStorage(path: dir.store)
        #expect(try a.load() == nil)
        #expect(try b.load() == nil)
        #expect(try a.save(storeSampleProfile, expectedRevision: 0, force: false) == 1)
        let committed = storeReadBytes(dir.store)

        var thrown: StoreError?
        do { _ = try b.save(storeOtherProfile, expectedRevision: 0, force: false) } catch {
            thrown = error
        }
        #expect(thrown?.kind == .conflict)
        #expect(thrown?.message.contains("revision 1") == true)
        #expect(storeReadBytes(dir.store) == committed)

        #expect(try b.save(storeOtherProfile, expectedRevision: 0, force: true) == 2)
        #expect(
            try a.load()?.withoutIdentity == StoredProfile(profile: storeOtherProfile, revision: 2))
    }

    @Test func staleRevision() throws {
        let dir = StoreTempFolder()
        defer { dir.remove() }
        let a = FileProfileStorage(path: dir.store)
        let b = FileProfileStorage(path: dir.store)
        _ = try a.save(storeSampleProfile, expectedRevision: 0, force: false)
        #expect(try b.save(storeOtherProfile, expectedRevision: 1, force: false) == 2)
        #expect {
            try a.save(storeSampleProfile, expectedRevision: 1, force: false)
        } throws: {
            ($0 as? StoreError)?.message.hasPrefix(
                "store '\(dir.store)' was changed: another session saved revision 2 "
                    + "since this session read revision 1, and both changed username "
                    + "(yours \"g_kumar\", theirs \"Zoë 🌷\"), notifications (yours on, theirs off)")
                == true
        }
        #expect(try a.load()?.profile == storeOtherProfile)
    }

    @Test func removedStore() throws {
        let dir = StoreTempFolder()
        defer { dir.remove() }
        let a = FileProfileStorage(path: dir.store)
        _ = try a.save(storeSampleProfile, expectedRevision: 0, force: false)
        unlink(dir.store)
        #expect {
            try a.save(storeSampleProfile, expectedRevision: 1, force: false)
        } throws: { ($0 as? StoreError)?.message.contains("was removed") == true }
        #expect(try a.save(storeSampleProfile, expectedRevision: 1, force: true) == 1)
    }

    /// A store file may say revision 0 (written by hand, or by another tool): read, then
    /// removed, it is reported as at any other revision, not silently made again.
    @Test func removedStoreAtRevisionZero() throws {
        let dir = StoreTempFolder()
        defer { dir.remove() }
        storeWriteText(storeJSON(revision: "0"), to: dir.store)
        let a = FileProfileStorage(path: dir.store)
        let read = try #require(try a.load())
        #expect(read.revision == 0)
        unlink(dir.store)
        let commit = StoreCommit(base: read, ours: storeOtherProfile)
        #expect {
            try a.commit(commit, dryRun: false)
        } throws: {
            let error = $0 as? StoreError
            return error?.kind == .conflict
                && error?.message
                    == "store '\(dir.store)' was removed since this session read revision 0"
        }
        #expect(!FileManager.default.fileExists(atPath: dir.store))
        var forced = commit
        forced.force = true
        #expect(try a.commit(forced, dryRun: false).stored.revision == 1)
    }

    /// A session that found no store makes it with its first commit: that is no removal.
    @Test func aFirstCommitCreatesTheStore() throws {
        let dir = StoreTempFolder()
        defer { dir.remove() }
        let a = FileProfileStorage(path: dir.store)
        #expect(try a.load() == nil)
        let nothing = StoredProfile(profile: storeSampleProfile, revision: 0)
        let result = try a.commit(
            StoreCommit(base: nothing, ours: storeOtherProfile), dryRun: false)
        #expect(result.wrote && result.stored.revision == 1)
        #expect(try a.load()?.profile == storeOtherProfile)
    }

    @Test func corruptedMeanwhile() throws {
        let dir = StoreTempFolder()
        defer { dir.remove() }
        let a = FileProfileStorage(path: dir.store)
        _ = try a.save(storeSampleProfile, expectedRevision: 0, force: false)
        let garbage = Array(storeJSON(revision: "1", season: "\"monsoon\"").utf8)
        storeWriteBytes(garbage, to: dir.store)
        #expect {
            try a.save(storeOtherProfile, expectedRevision: 1, force: false)
        } throws: { ($0 as? StoreError)?.kind == .corrupt }
        #expect(storeReadBytes(dir.store) == garbage)
        #expect(try a.save(storeOtherProfile, expectedRevision: 1, force: true) == 2)
        #expect(
            try a.load()?.withoutIdentity == StoredProfile(profile: storeOtherProfile, revision: 2))
    }

    @Test func newerFormatMeanwhileIsNeverOverwritten() throws {
        let dir = StoreTempFolder()
        defer { dir.remove() }
        let a = FileProfileStorage(path: dir.store)
        _ = try a.save(storeSampleProfile, expectedRevision: 0, force: false)
        let newer = Array(storeJSON(format: "2").utf8)
        storeWriteBytes(newer, to: dir.store)
        #expect {
            try a.save(storeOtherProfile, expectedRevision: 1, force: true)
        } throws: { ($0 as? StoreError)?.kind == .newerFormat }
        #expect(storeReadBytes(dir.store) == newer)
    }
}

@Suite struct StoreFaultTests {
    @Test(arguments: [
        ("write", ENOSPC, "No space left on device"), ("fsync", EIO, "Input/output error"),
        ("rename", EROFS, "Read-only file system"),
    ])
    func failureLeavesTheOldFile(call: String, code: Int32, reason: String) throws {
        let dir = StoreTempFolder()
        defer { dir.remove() }
        _ = try FileProfileStorage(path: dir.store).save(
            storeSampleProfile, expectedRevision: 0, force: false)
        let before = storeReadBytes(dir.store)
        let storage = storeFailingStorage(path: dir.store, at: call, code: code)
        var thrown: StoreError?
        do { _ = try storage.save(storeOtherProfile, expectedRevision: 1, force: false) } catch {
            thrown = error
        }
        #expect(thrown?.kind == .writeFailed)
        #expect(
            thrown?.message.hasPrefix("store '\(dir.store)' could not be written: \(reason)")
                == true,
            "\(thrown?.message ?? "")")
        #expect(thrown?.message.contains("unchanged") == true)
        #expect(storeReadBytes(dir.store) == before)
        #expect(dir.names() == ["profile.json", "profile.json.lock"])
        // The store still works afterwards, and the lock was released.
        #expect(
            try FileProfileStorage(path: dir.store).save(
                storeOtherProfile, expectedRevision: 1, force: false) == 2)
    }

    @Test func failureWithNothingStoredLeavesNothing() throws {
        let dir = StoreTempFolder()
        defer { dir.remove() }
        let storage = storeFailingStorage(path: dir.store, at: "write", code: ENOSPC)
        #expect {
            try storage.save(storeSampleProfile, expectedRevision: 0, force: false)
        } throws: { ($0 as? StoreError)?.kind == .writeFailed }
        #expect(dir.names() == ["profile.json.lock"])
        #expect(try storage.load() == nil)
    }

    @Test func partialWritesAndInterruptionsAreRetried() throws {
        let dir = StoreTempFolder()
        defer { dir.remove() }
        let storage = FileProfileStorage(path: dir.store)
        let calls = StoreCounter()
        var ops = FileSystemOps.system
        ops.write = { fd, bytes, count in
            if calls.next() % 2 == 0 {
                errno = EINTR
                return -1
            }
            return Glibc.write(fd, bytes, min(count, 7))
        }
        ops.fsync = { fd in
            if calls.next() % 2 == 0 {
                errno = EINTR
                return -1
            }
            return Glibc.fsync(fd)
        }
        storage.fileSystem = FileSystem(ops: ops)
        #expect(try storage.save(storeOtherProfile, expectedRevision: 0, force: false) == 1)
        #expect(
            storeReadBytes(dir.store)
                == StoreCodec.encode(
                    StoredProfile(
                        profile: storeOtherProfile, revision: 1,
                        identity: try storage.load()?.identity)))
        #expect(calls.value > 20)
    }
}

/// A counter the fault-injection closures share.
final class StoreCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func next() -> Int {
        lock.withLock {
            count += 1; return count
        }
    }
}
