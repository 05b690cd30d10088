/// Strict UTF-8 validation: no overlong forms, no surrogates, nothing above U+10FFFF.
public enum UTF8Check {
    /// The index of the first byte that does not start or continue a valid sequence.
    public static func firstInvalidByte(in bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { firstInvalidByte(in: $0) }
    }

    public static func firstInvalidByte(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let n = bytes.count
        var i = 0
        // Mostly ASCII: OR the bytes eight at a time, looking one by one only at a high bit.
        if n >= 8, let base = UnsafeRawPointer(bytes.baseAddress) {
            var bits: UInt64 = 0
            while i + 8 <= n {
                bits |= base.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                i += 8
            }
            bits |= base.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self)
            if bits & 0x8080_8080_8080_8080 == 0 { return nil }
            i = 0
        }
        while i < n {
            let b = bytes[i]
            if b < 0x80 {
                i += 1
                continue
            }
            let length: Int
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            switch b {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; high = 0x9F
            case 0xF0: length = 4; low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; high = 0x8F
            default: return i
            }
            guard i + length <= n else { return i }
            let second = bytes[i + 1]
            if second < low || second > high { return i }
            for k in 2..<length where bytes[i + k] & 0xC0 != 0x80 { return i }
            i += length
        }
        return nil
    }

    /// How many bytes the sequence starting with `lead` takes (1 for invalid leads).
    public static func sequenceLength(_ lead: UInt8) -> Int {
        switch lead {
        case 0xC2...0xDF: return 2
        case 0xE0...0xEF: return 3
        case 0xF0...0xF4: return 4
        default: return 1
        }
    }
}
