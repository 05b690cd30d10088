import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Batches passed from one thread (the maker) to another (the taker) through a fixed set of
/// them that goes round: the maker takes a free batch, fills it and delivers it; the taker
/// takes delivered batches in order and gives each back once it is done with it. Memory
/// stays that of the batches made at the start, however much passes through.
///
/// Either side may stop it: the maker closes it with how it ended (`Ending`), after which
/// the taker drains what was delivered and reads the ending; the taker cancels it, after
/// which the maker is given no more free batches and must close it. Neither then waits on
/// the other. lprof's use: a script's lines, checked and lexed on the checking thread, run
/// on the main one (`Runner+HandOver.swift`).
public final class HandOver<Batch: AnyObject, Ending>: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    /// Every field below is read and written with `mutex` held.
    private var free: [Batch]
    private var delivered: [Batch] = []
    /// The first of `delivered` not yet taken (a queue without moving its elements).
    private var nextDelivered = 0
    private var closedWith: Ending?
    private var cancelled = false
    /// Threads asleep on `changed`: a change wakes them only when there are some.
    private var sleepers = 0
    /// Counts every change, so that a side waiting for one can watch it without the mutex
    /// for a while before it sleeps: a batch takes the other side tens of microseconds, and
    /// a thread put to sleep can take longer than that to wake (much longer on a virtual
    /// machine whose idle processor is descheduled).
    private let changes = ChangeCount()
    /// How long a waiting side watches for a change before it sleeps, in nanoseconds: about
    /// what the other side takes over a batch, so that a side that keeps up rarely sleeps.
    /// (It does not give its processor up as it watches: a thread that yields stays
    /// runnable, and may keep the other one from being moved to the idle processor.)
    private static var watchNanoseconds: Int { 50_000 }

    /// A hand-over of `batches`, all free.
    public init(_ batches: [Batch]) {
        precondition(batches.count >= 2, "a hand-over needs a batch on each side")
        free = batches
        delivered.reserveCapacity(batches.count)
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(changed, nil)
    }

    deinit {
        pthread_cond_destroy(changed)
        pthread_mutex_destroy(mutex)
        changed.deallocate()
        mutex.deallocate()
    }

    private func locked<R>(_ body: () -> R) -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }

    /// Records a change (the mutex held) and wakes whoever sleeps on one.
    private func announceChange() {
        changes.value.add(1, ordering: .releasing)
        if sleepers > 0 { pthread_cond_broadcast(changed) }
    }

    /// Waits (the mutex held) until `ready` holds: first watching for a change with the
    /// mutex let go, then asleep.
    private func wait(until ready: () -> Bool) {
        while !ready() {
            let seen = changes.value.load(ordering: .acquiring)
            pthread_mutex_unlock(mutex)
            let changedSoon = watch(forChangeFrom: seen)
            pthread_mutex_lock(mutex)
            if !changedSoon && changes.value.load(ordering: .acquiring) == seen {
                sleepers += 1
                while changes.value.load(ordering: .acquiring) == seen {
                    pthread_cond_wait(changed, mutex)
                }
                sleepers -= 1
            }
        }
    }

    /// Watches `changes` until it moves from `seen` (true) or the watch runs out (false).
    private func watch(forChangeFrom seen: Int) -> Bool {
        let deadline = Self.now() + Self.watchNanoseconds
        while true {
            for _ in 0..<1024 where changes.value.load(ordering: .acquiring) != seen { return true }
            if Self.now() > deadline { return false }
        }
    }

    private static func now() -> Int {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return time.tv_sec * 1_000_000_000 + time.tv_nsec
    }

    // MARK: - The maker's side

    /// A free batch to fill, once one is given back; nil when the taker has cancelled.
    public func takeFree() -> Batch? {
        locked {
            wait { !free.isEmpty || cancelled }
            return cancelled ? nil : free.removeLast()
        }
    }

    /// Hands `batch` to the taker (it never waits: there are only so many batches).
    public func deliver(_ batch: Batch) {
        locked {
            delivered.append(batch)
            announceChange()
        }
    }

    /// Ends the hand-over: the taker gets what was delivered, then `ending`.
    public func close(_ ending: Ending) {
        locked {
            closedWith = ending
            announceChange()
        }
    }

    // MARK: - The taker's side

    /// The next delivered batch, in the order delivered, once there is one; nil once the
    /// maker closed the hand-over and every batch it delivered was taken.
    public func takeDelivered() -> Batch? {
        locked {
            wait { nextDelivered < delivered.count || closedWith != nil }
            guard nextDelivered < delivered.count else { return nil }
            let batch = delivered[nextDelivered]
            nextDelivered += 1
            if nextDelivered == delivered.count {
                delivered.removeAll(keepingCapacity: true)
                nextDelivered = 0
            }
            return batch
        }
    }

    /// Gives a taken batch back for the maker to fill again.
    public func giveBack(_ batch: Batch) {
        locked {
            free.append(batch)
            announceChange()
        }
    }

    /// Asks the maker to stop: it is given no more free batches, and closes the hand-over.
    public func cancel() {
        locked {
            cancelled = true
            announceChange()
        }
    }

    /// How the maker ended it, once it has closed it (nil before).
    public var ending: Ending? { locked { closedWith } }
}

/// The change counter a waiting side watches, in an object of its own with room on either
/// side: nothing written line after line may share its cache line, or every such write
/// would take the line back from the watching processor.
private final class ChangeCount: Sendable {
    private let before: (Int, Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0, 0)
    let value = Atomic<Int>(0)
    private let after: (Int, Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0, 0)
}
