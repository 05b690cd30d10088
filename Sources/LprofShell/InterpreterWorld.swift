import LprofModel
import LprofStore

/// Everything the interpreter puts back when it returns to an earlier moment (`expect error`,
/// a lesson's task, a recording's replay).
public struct InterpreterWorld {
    public var host: Host
    public var settings: Settings
    var storage: ProfileStorage
    /// What the session last read from the store or wrote: its merge base and revision.
    public var base: StoredProfile
    /// What `-1` still has to save besides the profile.
    var transaction = PendingTransaction()
    /// Each value's steps, for `why`; nil: they start again from the world's values.
    var provenance: Provenance?

    public init(host: Host, settings: Settings, storage: ProfileStorage, base: StoredProfile) {
        self.host = host
        self.settings = settings
        self.storage = storage
        self.base = base
    }

    /// This world, its store copied when in memory, so that the copy does not change with the
    /// original.
    var detached: InterpreterWorld {
        var world = self
        if let memory = storage as? MemoryProfileStorage {
            world.storage = MemoryProfileStorage(initial: try? memory.load())
        }
        return world
    }
}

extension Interpreter {
    /// The world now, the store shared: enough to undo a probe, which writes nothing to it.
    var sandbox: InterpreterWorld {
        var world = InterpreterWorld(host: host, settings: settings, storage: storage, base: base)
        world.transaction = transaction
        world.provenance = provenance
        return world
    }

    /// The world now, for later: its store detached, not to change with this session's.
    public var world: InterpreterWorld { sandbox.detached }

    /// Puts a world back as it was.
    func restore(_ world: InterpreterWorld) {
        let place = self.place
        host = world.host
        settings = world.settings
        storage = world.storage
        base = world.base
        transaction = world.transaction
        provenance =
            world.provenance
            ?? Provenance(wiring: host.wiring, storedRevision: base.exists ? base.revision : nil)
        // Its set marks are sealed with the program they were made in; what runs next is ours.
        provenance.run(place)
    }

    /// Puts a world in place (a lesson's start, or its `back`), copied again so that it stays as
    /// it was.
    public func enter(_ world: InterpreterWorld) { restore(world.detached) }
}
