/// The rules a username must meet, in one place for `set`, `expect` and the store.
public enum Username {
    static let maxLength = 64
    /// A bound on bytes, as a character may hold any number of combining marks.
    static let maxBytes = 1024

    /// Every rule in the words help and the README use (SPEC §1), tested against `problem`.
    static let rules = [
        "1–\(maxLength) characters and at most 1 KiB of UTF-8",
        "no white space at its start or end",
        "no invisible (zero-width) character at its start or end, but the variation selector "
            + "or tag that ends an emoji",
        "no control characters",
        "no line or paragraph separators",
        "no bidi override or isolate characters",
    ]

    /// "A username is 1–64 characters, with no white space …".
    public static let rulesSentence =
        "A username is \(rules[0]), with " + rules.dropFirst().dropLast().joined(separator: ", ")
        + ", and " + rules.last! + "."

    /// Why a username is refused, a printable ASCII one (the hot path) judged on its bytes.
    static func problem(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        if bytes.isEmpty { return "a username cannot be empty" }
        if let verdict = asciiVerdict(bytes) { return verdict }
        if bytes.count > maxBytes {
            return
                "a username is at most 1 KiB of UTF-8 (\(maxBytes) bytes; this one is \(bytes.count))"
        }
        let name = String(decoding: bytes, as: UTF8.self)
        if name.count > maxLength { return "a username is at most \(maxLength) characters" }
        // Not empty, so it has a first and a last scalar.
        let first = name.unicodeScalars.first!
        let last = name.unicodeScalars.last!
        if first.properties.isWhitespace { return "a username cannot start with white space" }
        if last.properties.isWhitespace { return "a username cannot end with white space" }
        // Invisible at either end would look like another name (inside, emoji need them).
        if first.properties.isDefaultIgnorableCodePoint {
            return "a username cannot start with an invisible character (U+\(hex(first.value)))"
        }
        if last.properties.isDefaultIgnorableCodePoint,
            !(0xFE00...0xFE0F).contains(last.value), !(0xE0020...0xE007F).contains(last.value),
            !(0xE0100...0xE01EF).contains(last.value)
        {
            return "a username cannot end with an invisible character (U+\(hex(last.value)))"
        }
        for scalar in name.unicodeScalars {
            if let reason = forbiddenReason(scalar) {
                return "a username cannot contain \(reason) (U+\(hex(scalar.value)))"
            }
        }
        return nil
    }

    /// `problem` of a name held as a String.
    public static func problem(with name: String) -> String? {
        withBytes(of: name) { problem($0) }
    }

    /// The verdict for a printable-ASCII name, or nil when the name needs the full check.
    private static func asciiVerdict(_ bytes: UnsafeBufferPointer<UInt8>) -> String?? {
        for byte in bytes where byte < 0x20 || byte >= 0x7F { return nil }
        if bytes.count > maxLength {
            return .some("a username is at most \(maxLength) characters")
        }
        if bytes.first == 0x20 { return .some("a username cannot start with white space") }
        if bytes.last == 0x20 { return .some("a username cannot end with white space") }
        return .some(nil)
    }

    private static func forbiddenReason(_ s: Unicode.Scalar) -> String? {
        if (0x202A...0x202E).contains(s.value) || (0x2066...0x2069).contains(s.value) {
            return "a bidirectional override or isolate"
        }
        switch s.properties.generalCategory {
        case .control: return "a control character"
        case .lineSeparator: return "a line separator"
        case .paragraphSeparator: return "a paragraph separator"
        default: return nil
        }
    }

    static func hex(_ v: UInt32) -> String {
        let digits = String(v, radix: 16, uppercase: true)
        return digits.count >= 4 ? digits : String(repeating: "0", count: 4 - digits.count) + digits
    }
}
