import LprofStore
import LprofSystem

#if canImport(Glibc)
    import Glibc
#endif

/// A small direct-mapped map from the bytes of recently seen lines to what was worked out
/// from them: checking and parsing depend on nothing but a line's bytes, so generated
/// scripts that repeat their lines need not lex and parse them again. A hit is exact (the
/// stored bytes are compared in full), so a hash collision only costs a miss.
///
/// A line is stored the second time it is offered within a short while, not the first:
/// each slot first remembers only the offered line's hash. A script whose lines never
/// repeat then pays a hash per line, not a copy and an allocation.
struct RecentLineCache<Value> {
    /// Lines longer than this are not remembered (they are rarely repeated).
    static var maxLineBytes: Int { 96 }
    private static var slotCount: Int { 1024 }
    /// Allocated on the first insert, so that a short sourced file costs nothing.
    private var keys: [[UInt8]] = []
    private var values: [Value?] = []
    /// Per slot, the hash of the last line offered there and not stored (0: none).
    private var offered: [UInt64] = []

    /// What was stored for exactly these bytes, if anything.
    func value(for bytes: UnsafeBufferPointer<UInt8>) -> Value? {
        guard !keys.isEmpty, !bytes.isEmpty, bytes.count <= Self.maxLineBytes else { return nil }
        let slot = Self.slot(Self.hash(bytes))
        let stored = keys[slot]
        guard stored.count == bytes.count,
            stored.withUnsafeBufferPointer({
                memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0
            })
        else { return nil }
        return values[slot]
    }

    /// Offers `value` for `bytes`: stored if the same line was offered in this slot last.
    mutating func insert(_ bytes: UnsafeBufferPointer<UInt8>, _ value: Value) {
        guard !bytes.isEmpty, bytes.count <= Self.maxLineBytes else { return }
        if keys.isEmpty {
            keys = Array(repeating: [], count: Self.slotCount)
            values = Array(repeating: nil, count: Self.slotCount)
            offered = Array(repeating: 0, count: Self.slotCount)
        }
        let hash = Self.hash(bytes)
        let slot = Self.slot(hash)
        guard offered[slot] == hash else {
            offered[slot] = hash
            return
        }
        offered[slot] = 0
        keys[slot].removeAll(keepingCapacity: true)
        keys[slot].append(contentsOf: bytes)
        values[slot] = value
    }

    /// The slot for a line's hash.
    private static func slot(_ hash: UInt64) -> Int {
        Int(truncatingIfNeeded: (hash ^ (hash >> 32)) & UInt64(slotCount - 1))
    }

    /// An FNV-style hash taken eight bytes at a time (never 0, which marks no line).
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let prime: UInt64 = 0x0000_0100_0000_01B3
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325 ^ UInt64(bytes.count)
        let base = UnsafeRawPointer(bytes.baseAddress!)
        var i = 0
        while i + 8 <= bytes.count {
            hash = (hash ^ base.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* prime
            i += 8
        }
        while i < bytes.count {
            hash = (hash ^ UInt64(bytes[i])) &* prime
            i += 1
        }
        hash ^= hash >> 29
        return hash == 0 ? 1 : hash
    }
}

/// The lines the checker found clean.
typealias CleanLineCache = RecentLineCache<Void>

extension RecentLineCache where Value == Void {
    func contains(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool { value(for: bytes) != nil }

    mutating func insert(_ bytes: UnsafeBufferPointer<UInt8>) { insert(bytes, ()) }
}
