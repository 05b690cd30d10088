/// A store's 128 random bits, telling a store made anew from the one read at the same revision.
public struct StoreIdentity: Hashable, Sendable {
    let hex: String

    static let digits = 32

    /// The identity written as `hex`; nil unless it is `digits` lowercase hexadecimal digits.
    init?(hex: String) {
        guard hex.utf8.count == Self.digits,
            hex.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) })
        else { return nil }
        self.hex = hex
    }

    static func random() -> StoreIdentity {
        StoreIdentity(hex: padded(.random(in: .min ... .max)) + padded(.random(in: .min ... .max)))!
    }

    /// 16 hexadecimal digits, leading zeros kept.
    static func padded(_ value: UInt64) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: 16 - text.utf8.count) + text
    }
}

extension StoredProfile {
    /// Whether the store now is certainly another than the one `read` came from; one that
    /// gained an identity must be past the revision read, as the lprof that gave it wrote it.
    public func replaces(_ read: StoredProfile) -> Bool {
        guard read.exists, identity != read.identity else { return false }
        if read.identity == nil { return revision <= read.revision }
        return true
    }
}
