import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Work done on a thread of its own while the caller goes on; `wait` gives its result once it
/// is done. lprof's one use: checking a script on a second core while the script starts to
/// run (`Runner.runScript`). The work must touch nothing the caller's thread touches.
public final class BackgroundWork<Value: Sendable> {
    /// Where the thread leaves the value; read only after the thread is joined.
    private final class Slot: @unchecked Sendable {
        var value: Value?
        /// Set (after `value`) as the work ends.
        let done = Atomic<Bool>(false)
    }

    private let slot = Slot()
    private var thread: pthread_t?

    /// Starts `work` on a new thread; nil when no thread can be made (the caller then does
    /// the work itself, as it sees fit: work that waits on the caller cannot be done here).
    public init?(_ work: @escaping @Sendable () -> Value) {
        let slot = self.slot
        let start = ThreadStart {
            slot.value = work()
            slot.done.store(true, ordering: .releasing)
        }
        var thread = pthread_t()
        let argument = Unmanaged.passRetained(start).toOpaque()
        guard pthread_create(&thread, nil, runThreadStart, argument) == 0 else {
            Unmanaged<ThreadStart>.fromOpaque(argument).release()
            return nil
        }
        self.thread = thread
    }

    /// True once the work has ended (`wait` then returns at once); never waits.
    public var isDone: Bool { thread == nil || slot.done.load(ordering: .acquiring) }

    /// Waits for the work to end; its value.
    public func wait() -> Value {
        if let thread {
            pthread_join(thread, nil)
            self.thread = nil
        }
        return slot.value!
    }

    deinit {
        if let thread { pthread_join(thread, nil) }
    }
}

/// What a new thread runs (a class, so that it can cross into C as a pointer).
private final class ThreadStart: @unchecked Sendable {
    let body: () -> Void
    init(_ body: @escaping () -> Void) { self.body = body }
}

/// The C entry of every `BackgroundWork` thread.
private func runThreadStart(_ argument: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    Unmanaged<ThreadStart>.fromOpaque(argument!).takeRetainedValue().body()
    return nil
}
