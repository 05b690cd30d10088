import Foundation
import Glibc
import StoreTestSupport
import Testing

@testable import LprofStore
@testable import LprofSystem

/// Two processes: a child holds the store's lock (with util-linux `flock`, on a descriptor the
/// shell then hands to `sleep`); a save waits for it, and goes through once the child is
/// killed with SIGKILL, because the kernel releases a dead process's lock.
@Suite(.serialized, .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/flock")))
struct StoreLockTests {
    /// Starts a child that holds the lock on `lockPath` until killed; waits until it does.
    func startLockHolder(_ lockPath: String) throws -> Process {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/bin/sh")
        child.arguments = ["-c", "exec 9>>\"$1\" && flock -n 9 && exec sleep 600", "sh", lockPath]
        try child.run()
        let deadline = Date().addingTimeInterval(10)
        while !storeIsLocked(lockPath) {
            if Date() > deadline || !child.isRunning {
                child.terminate()
                throw StoreError(kind: .writeFailed, message: "lock holder did not start")
            }
            usleep(10_000)
        }
        return child
    }

    /// Runs a save on its own thread (it blocks while waiting for the lock).
    func saveInBackground(path: String, timeout: Double, done: StoreCounter)
        async -> Result<Int, StoreError>
    {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                let storage = FileProfileStorage(path: path)
                storage.lockTimeout = timeout
                let result = Result { () throws(StoreError) -> Int in
                    try storage.save(storeSampleProfile, expectedRevision: 0, force: false)
                }
                _ = done.next()
                continuation.resume(returning: result)
            }
        }
    }

    @Test func saveWaitsForTheLockAndProceedsWhenTheHolderIsKilled() async throws {
        let dir = StoreTempFolder()
        defer { dir.remove() }
        let child = try startLockHolder(dir.store + ".lock")
        let done = StoreCounter()
        async let result = saveInBackground(path: dir.store, timeout: 30, done: done)

        try await Task.sleep(for: .milliseconds(500))
        #expect(done.value == 0, "the save did not wait for the lock")
        #expect(storeReadBytes(dir.store) == nil)

        kill(child.processIdentifier, SIGKILL)
        child.waitUntilExit()
        #expect(child.terminationReason == .uncaughtSignal)
        #expect(try await result.get() == 1)
        #expect(try FileProfileStorage(path: dir.store).load()?.revision == 1)
        #expect(!storeIsLocked(dir.store + ".lock"))
    }

    @Test func aLockHeldTooLongFailsCleanly() async throws {
        let dir = StoreTempFolder()
        defer { dir.remove() }
        let child = try startLockHolder(dir.store + ".lock")
        defer {
            kill(child.processIdentifier, SIGKILL)
            child.waitUntilExit()
        }
        let result = await saveInBackground(path: dir.store, timeout: 0.3, done: StoreCounter())
        guard case .failure(let error) = result else {
            Issue.record("the save did not wait for the lock")
            return
        }
        #expect(error.kind == .writeFailed)
        #expect(error.message.contains("lock file"))
        #expect(storeReadBytes(dir.store) == nil)
    }

    @Test func theLockIsHeldDuringTheWriteAndReleasedAfter() throws {
        let dir = StoreTempFolder()
        defer { dir.remove() }
        let storage = FileProfileStorage(path: dir.store)
        let lockPath = dir.store + ".lock"
        let observed = StoreCounter()
        var ops = FileSystemOps.system
        ops.rename = { from, to in
            if storeIsLocked(lockPath) { _ = observed.next() }
            return Glibc.rename(from, to)
        }
        storage.fileSystem = FileSystem(ops: ops)
        _ = try storage.save(storeSampleProfile, expectedRevision: 0, force: false)
        #expect(observed.value == 1)
        #expect(!storeIsLocked(lockPath))
    }
}
