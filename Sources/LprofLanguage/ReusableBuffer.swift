/// A buffer emptied without freeing its storage, so that refilling it line after line is a
/// store and a count, and reading it a pointer without a closure.
public struct ReusableBuffer<Element> {
    @usableFromInline var storage: Storage
    public private(set) var count = 0

    init() { storage = Storage(capacity: 0) }

    var isEmpty: Bool { count == 0 }

    /// The first element's address, valid while the buffer lives unchanged.
    @inlinable
    public var base: UnsafePointer<Element> { UnsafePointer(storage.base) }

    @inline(__always)
    mutating func append(_ element: Element) {
        if _slowPath(count == storage.capacity || !isKnownUniquelyReferenced(&storage)) {
            makeRoom(count + 1)
        }
        if count < storage.initialized {
            storage.base[count] = element
        } else {
            (storage.base + count).initialize(to: element)
            storage.initialized += 1
        }
        count += 1
    }

    /// Appends up to `limit` plain values written by `body` in place, counted in one step so
    /// that the lexer's tokens need no bookkeeping each.
    @inline(__always)
    mutating func appendInPlace<R>(
        upTo limit: Int, _ body: (UnsafeMutablePointer<Element>) -> (written: Int, result: R)
    ) -> R {
        precondition(_isPOD(Element.self), "appendInPlace writes plain values only")
        if _slowPath(count + limit > storage.capacity || !isKnownUniquelyReferenced(&storage)) {
            makeRoom(count + limit)
        }
        let (written, result) = body(storage.base + count)
        precondition(written >= 0 && written <= limit, "appended past the reserved room")
        count += written
        if storage.initialized < count { storage.initialized = count }
        return result
    }

    @inline(__always)
    mutating func removeAll() { count = 0 }

    @inline(__always)
    subscript(index: Int) -> Element {
        precondition(index >= 0 && index < count, "index out of range")
        return storage.base[index]
    }

    var last: Element? { count > 0 ? storage.base[count - 1] : nil }

    var elements: [Element] { Array(UnsafeBufferPointer(start: storage.base, count: count)) }

    @inline(__always)
    func withUnsafeBufferPointer<R, E: Error>(
        _ body: (UnsafeBufferPointer<Element>) throws(E) -> R
    ) throws(E) -> R {
        defer { withExtendedLifetime(storage) {} }
        return try body(UnsafeBufferPointer(start: storage.base, count: count))
    }

    /// Makes the storage this buffer's own with room for `needed` elements.
    @inline(never)
    private mutating func makeRoom(_ needed: Int) {
        let unique = isKnownUniquelyReferenced(&storage)
        if unique && needed <= storage.capacity { return }
        let capacity =
            needed <= storage.capacity
            ? storage.capacity : Swift.max(needed, storage.capacity * 2, 16)
        let fresh = Storage(capacity: capacity)
        if unique && storage.initialized == count {
            // Move the elements over; the old storage keeps nothing.
            fresh.base.moveInitialize(from: storage.base, count: count)
            storage.initialized = 0
        } else {
            fresh.base.initialize(from: storage.base, count: count)
        }
        fresh.initialized = count
        storage = fresh
    }

    @usableFromInline final class Storage {
        @usableFromInline let base: UnsafeMutablePointer<Element>
        let capacity: Int
        /// Slots from 0 up to here hold values (a removed element stays until overwritten).
        var initialized = 0

        init(capacity: Int) {
            self.capacity = capacity
            base = .allocate(capacity: Swift.max(capacity, 1))
        }

        deinit {
            base.deinitialize(count: initialized)
            base.deallocate()
        }
    }
}

extension ReusableBuffer where Element == UInt8 {
    /// Appends bytes with one copy.
    @inline(__always)
    mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>) {
        let needed = count + bytes.count
        if _slowPath(needed > storage.capacity || !isKnownUniquelyReferenced(&storage)) {
            makeRoom(Swift.max(needed, 256))
        }
        if let source = bytes.baseAddress, !bytes.isEmpty {
            // Bytes need no initialising: every slot counts as holding one.
            (storage.base + count).update(from: source, count: bytes.count)
        }
        count = needed
        if storage.initialized < count { storage.initialized = count }
    }
}
