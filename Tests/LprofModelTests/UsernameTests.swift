import Testing

@testable import LprofModel

/// The username rules of SPEC §1: 1–64 grapheme clusters, no surrounding white space, no
/// control characters, line or paragraph separators, or bidirectional controls.
@Suite struct UsernameTests {
    static let family = "\u{1F469}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}"

    @Test(arguments: [
        "g_kumar", "a", "G", "x y", "a\u{00A0}b", "a\u{3000}b",
        "김철수", "한글", "\u{1100}\u{1161}\u{11A8}",  // precomposed and conjoining-jamo Hangul
        "山田太郎", "中文名字", "やまだ", "José", "Zoë", "Zoe\u{0308}", "Ångström", "Ελένη", "Дмитрий",
        "محمد", "שלום", "नमस्ते", "ไทย",
        "🦊", "☃️", family, "🇰🇷", "👍🏽", "🏳️‍🌈", "e\u{0301}",
        "name-with.punctuation_and+symbols!@$%^&*()", "'quoted'", "\"double\"", "a\\b", "#hash",
        "zero\u{200B}width", "joiner\u{200D}x", "a\u{FEFF}b", "\u{E000}private",
        String(repeating: "a", count: 64),
        String(repeating: "한", count: 64),
        String(repeating: family, count: 40),
        String(repeating: "e\u{0301}", count: 64),
        String(repeating: "🇰🇷", count: 64),
    ])
    func accepted(name: String) {
        #expect(Username.problem(with: name) == nil, "\(name.unicodeScalars.map { $0.value })")
    }

    /// `Username.rules`, the list help reads, says every rule `problem(with:)` enforces: per
    /// rule, in its order, a name it refuses (and the message names the same thing).
    @Test func theListOfRulesIsTheRulesEnforced() {
        let refused: [(rule: String, name: String, message: String)] = [
            ("characters", String(repeating: "a", count: 65), "at most 64 characters"),
            ("white space", " x", "start with white space"),
            ("invisible", "\u{200B}x", "start with an invisible character"),
            ("control", "a\u{7}b", "a control character"),
            ("line or paragraph separators", "a\u{2028}b", "a line separator"),
            ("bidi", "a\u{202E}b", "a bidirectional override or isolate"),
        ]
        #expect(Username.rules.count == refused.count)
        for (rule, example) in zip(Username.rules, refused) {
            #expect(rule.contains(example.rule), "\(rule)")
            #expect(
                Username.problem(with: example.name)?.contains(example.message) == true,
                "\(rule): \(Username.problem(with: example.name) ?? "accepted")")
        }
        #expect(Username.problem(with: "") == "a username cannot be empty")
        #expect(
            Username.rules[0] == "1–\(Username.maxLength) characters and at most 1 KiB of UTF-8")
        #expect(
            Username.rulesSentence.hasPrefix(
                "A username is 1–64 characters and at most 1 KiB of UTF-8, with no white space"))
    }

    /// One character of 30,001 scalars, or 9,001 emoji joined by ZWJ (one cluster), is
    /// refused by its bytes (SPEC §1); 1,024 bytes is fine.
    @Test func theBytesAreBoundedToo() {
        let marks = "a" + String(repeating: "\u{0301}", count: 30_000)
        #expect(marks.count == 1)
        #expect(
            Username.problem(with: marks)
                == "a username is at most 1 KiB of UTF-8 (1024 bytes; this one is 60001)")
        let joined = Array(repeating: "👩", count: 9_001).joined(separator: "\u{200D}")
        #expect(joined.count == 1)
        #expect(Username.problem(with: joined)?.contains("at most 1 KiB") == true)
        let exact = "a" + String(repeating: "\u{0301}", count: 511) + "b"
        #expect(exact.utf8.count == 1024)
        #expect(Username.problem(with: exact) == nil)
        #expect(Username.problem(with: exact + "\u{0301}") != nil)
    }

    @Test func graphemeClustersCountAsOne() {
        #expect(Self.family.count == 1)
        #expect(Self.family.unicodeScalars.count == 7)
        // 40 families of 25 bytes fit in 1 KiB; 64 are 64 characters but 1,600 bytes.
        #expect(Username.problem(with: String(repeating: Self.family, count: 40)) == nil)
        #expect(Username.problem(with: String(repeating: Self.family, count: 64)) != nil)
        #expect(Username.problem(with: String(repeating: Self.family, count: 65)) != nil)
        #expect(Username.problem(with: String(repeating: "e\u{0301}", count: 65)) != nil)
    }

    @Test(arguments: [
        String(repeating: "a", count: 65), String(repeating: "한", count: 65),
        String(repeating: "a", count: 1_000), String(repeating: "🦊", count: 65),
    ])
    func tooLong(name: String) {
        #expect(Username.problem(with: name) == "a username is at most 64 characters")
    }

    @Test func emptyIsRefused() {
        #expect(Username.problem(with: "") == "a username cannot be empty")
    }

    static let spaces: [Unicode.Scalar] = [
        " ", "\t", "\u{00A0}", "\u{1680}", "\u{2000}", "\u{2003}", "\u{2009}", "\u{200A}",
        "\u{202F}", "\u{205F}", "\u{3000}",
    ]

    @Test(arguments: spaces)
    func surroundingWhiteSpaceIsRefused(space: Unicode.Scalar) {
        let s = String(Character(space))
        #expect(Username.problem(with: s + "name") != nil)
        #expect(Username.problem(with: "name" + s) != nil)
        #expect(Username.problem(with: s) != nil)
        #expect(Username.problem(with: s + "name") == "a username cannot start with white space")
        #expect(Username.problem(with: "name" + s) == "a username cannot end with white space")
    }

    @Test func whiteSpaceInsideAClusterStillCounts() {
        // A space carrying a combining mark is still white space at the start.
        #expect(Username.problem(with: " \u{0301}name") != nil)
    }

    /// Every C0 and C1 control, DEL, and the separators and bidirectional controls.
    static let forbidden: [UInt32] =
        Array(0x00...0x1F) + Array(0x7F...0x9F) + [0x2028, 0x2029]
        + Array(0x202A...0x202E) + Array(0x2066...0x2069)

    @Test(arguments: forbidden)
    func forbiddenScalarsAreRefusedAnywhere(value: UInt32) throws {
        let s = String(Character(try #require(Unicode.Scalar(value))))
        for name in ["a" + s + "b", s + "ab", "ab" + s, s] {
            #expect(Username.problem(with: name) != nil, "U+\(String(value, radix: 16))")
        }
        let hex = String(value, radix: 16, uppercase: true)
        let padded = String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        #expect(Username.problem(with: "a" + s + "b")?.contains("U+\(padded)") == true)
    }

    @Test(
        arguments: [
            (0x85, "a control character"), (0x9B, "a control character"),
            (0x1B, "a control character"),
            (0x00, "a control character"), (0x7F, "a control character"),
            (0x2028, "a line separator"), (0x2029, "a paragraph separator"),
            (0x202A, "a bidirectional override or isolate"),
            (0x202E, "a bidirectional override or isolate"),
            (0x2066, "a bidirectional override or isolate"),
            (0x2069, "a bidirectional override or isolate"),
        ] as [(UInt32, String)])
    func forbiddenMessages(value: UInt32, reason: String) throws {
        let s = String(Character(try #require(Unicode.Scalar(value))))
        let message = try #require(Username.problem(with: "a" + s + "b"))
        #expect(message.hasPrefix("a username cannot contain \(reason) (U+"), "\(message)")
    }

    @Test func nearbyFormatCharactersAreAllowed() {
        // Only the listed bidirectional controls are refused; marks and joiners are fine.
        for v: UInt32 in [0x200E, 0x200F, 0x2060, 0x2065, 0x206A, 0x061C, 0x00AD, 0x2027, 0x202F] {
            let s = String(Character(Unicode.Scalar(v)!))
            #expect(Username.problem(with: "a" + s + "b") == nil, "U+\(String(v, radix: 16))")
        }
    }
}
