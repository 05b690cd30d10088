#if canImport(Glibc)
    import Glibc
#endif

/// A small direct-mapped set of lines (their bytes) recently found clean by the checker.
/// A hit is exact: the stored bytes are compared in full, so a hash collision only costs a
/// miss.
struct CleanLineCache {
    /// Lines longer than this are not remembered (they are rarely repeated).
    static let maxLineBytes = 96
    private static let slotCount = 256
    private var slots: [[UInt8]] = Array(repeating: [], count: CleanLineCache.slotCount)

    func contains(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !bytes.isEmpty, bytes.count <= Self.maxLineBytes else { return false }
        let stored = slots[Self.slot(bytes)]
        guard stored.count == bytes.count else { return false }
        return stored.withUnsafeBufferPointer {
            memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0
        }
    }

    mutating func insert(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard !bytes.isEmpty, bytes.count <= Self.maxLineBytes else { return }
        slots[Self.slot(bytes)] = Array(bytes)
    }

    /// FNV-1a over the bytes, folded to a slot.
    private static func slot(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        return Int(truncatingIfNeeded: (hash ^ (hash >> 32)) & UInt64(slotCount - 1))
    }
}
