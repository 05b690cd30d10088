/// A store's identity: 128 random bits, written in the file as 32 lowercase hexadecimal
/// digits (`"id"`), chosen when the store is created, or when an lprof that knows
/// identities first writes a store an older lprof made. A store that is removed and made
/// again gets a new identity, so a session can tell it from the store it read even when
/// their revisions agree (revisions start again at 1 in a new store).
public struct StoreIdentity: Hashable, Sendable {
    /// The identity as written: 32 lowercase hexadecimal digits.
    let hex: String

    /// How many hexadecimal digits an identity has.
    static let digits = 32

    /// The identity written as `hex`; nil unless it is exactly `digits` lowercase
    /// hexadecimal digits.
    init?(hex: String) {
        guard hex.utf8.count == Self.digits,
            hex.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) })
        else { return nil }
        self.hex = hex
    }

    /// A new identity from the system's random source.
    static func random() -> StoreIdentity {
        StoreIdentity(hex: padded(.random(in: .min ... .max)) + padded(.random(in: .min ... .max)))!
    }

    /// 16 hexadecimal digits, leading zeros kept, so that every identity has 32.
    static func padded(_ value: UInt64) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: 16 - text.utf8.count) + text
    }
}

extension StoredProfile {
    /// Whether `self`, what the store holds now, is certainly another store than the one
    /// `read` came from (this session's base): their identities differ, or this one lacks
    /// the identity `read` had (an older lprof made it anew), or it has one where `read`
    /// had none yet at a revision that is no later than the one read (a store an lprof
    /// that knows identities wrote is at least one revision past the one it read). Nothing
    /// read has no store to be replaced.
    public func replaces(_ read: StoredProfile) -> Bool {
        guard read.exists, identity != read.identity else { return false }
        if read.identity == nil { return revision <= read.revision }
        return true
    }
}
