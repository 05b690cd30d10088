import Glibc

/// A script's bytes as read, never changed, so that the bytes that run are those checked.
public final class SourceBytes {
    private let base: UnsafeMutablePointer<UInt8>
    public let count: Int

    /// A copy of `bytes`.
    public convenience init(_ bytes: [UInt8]) {
        let base = UnsafeMutablePointer<UInt8>.allocate(capacity: Swift.max(1, bytes.count))
        bytes.withUnsafeBufferPointer { source in
            if let start = source.baseAddress { base.update(from: start, count: source.count) }
        }
        self.init(taking: base, count: bytes.count)
    }

    /// Takes over `base`, allocated with `UnsafeMutablePointer.allocate`.
    init(taking base: UnsafeMutablePointer<UInt8>, count: Int) {
        self.base = base
        self.count = count
    }

    deinit { base.deallocate() }

    /// How many LFs lie in `range`.
    public func lineEnds(in range: Range<Int>) -> Int {
        var count = 0
        var index = range.lowerBound
        while index < range.upperBound,
            let hit = memchr(base + index, 0x0A, range.upperBound - index)
        {
            count += 1
            index = base.distance(to: hit.assumingMemoryBound(to: UInt8.self)) + 1
        }
        return count
    }

    /// The bytes, valid for as long as this object lives.
    public var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }
}
