/// A buffer that is emptied without freeing or clearing its storage, for the buffers that
/// are refilled line after line: emptying it is one store, and appending reuses the slots.
public struct ReusableBuffer<Element> {
    private var storage: [Element] = []
    public private(set) var count = 0

    public init() {}

    public var isEmpty: Bool { count == 0 }

    @inline(__always)
    public mutating func append(_ element: Element) {
        if count < storage.count {
            storage[count] = element
        } else {
            storage.append(element)
        }
        count += 1
    }

    @inline(__always)
    public mutating func removeAll() { count = 0 }

    @inline(__always)
    public subscript(index: Int) -> Element {
        precondition(index < count, "index out of range")
        return storage[index]
    }

    public var last: Element? { count > 0 ? storage[count - 1] : nil }

    /// The elements, copied out.
    public var elements: [Element] { Array(storage[0..<count]) }

    @inline(__always)
    public func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<Element>) throws -> R)
        rethrows -> R
    {
        try storage.withUnsafeBufferPointer {
            try body(UnsafeBufferPointer(rebasing: $0[0..<count]))
        }
    }
}

extension ReusableBuffer where Element == UInt8 {
    /// Appends bytes with one copy.
    public mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>) {
        let needed = count + bytes.count
        if storage.count < needed {
            // Grow geometrically, with one bulk fill (fast in debug builds too).
            let grown = Swift.max(needed, storage.count * 2, 256)
            storage += [UInt8](repeating: 0, count: grown - storage.count)
        }
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        storage.withUnsafeMutableBufferPointer { target in
            (target.baseAddress! + count).update(from: source, count: bytes.count)
        }
        count = needed
    }
}
