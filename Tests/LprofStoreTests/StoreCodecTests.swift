import Foundation
import LprofModel
import StoreTestSupport
import Testing

@testable import LprofStore
@testable import LprofSystem

@Suite struct StoreCodecTests {
    @Test func exactBytes() {
        let bytes = StoreCodec.encode(StoredProfile(profile: storeSampleProfile, revision: 7))
        #expect(
            String(decoding: bytes, as: UTF8.self)
                == #"{"format":1,"revision":7,"profile":{"username":"g_kumar","prefersNotifications":true,"seasonalPhoto":"winter","goalDate":"2026-11-30"}}"#
                + "\n")
    }

    @Test func escaping() {
        #expect(JSONText.quoted("a\"b\\c/d") == #""a\"b\\c/d""#)
        #expect(JSONText.quoted("\n\t\u{1B}\u{7F}") == #""\n\t\u001b\u007f""#)
        #expect(JSONText.quoted("Zoë \u{1F337}") == "\"Zoë \u{1F337}\"")
    }

    @Test func roundTripsUnusualNames() throws {
        for name in ["a\"b\\c", "Zoë \u{1F337}", "x/y", "日本語", String(repeating: "é", count: 64)] {
            var p = storeSampleProfile
            p.username = name
            let decoded = try StoreCodec.decode(
                StoreCodec.encode(StoredProfile(profile: p, revision: 1)))
            #expect(decoded == StoredProfile(profile: p, revision: 1))
        }
    }

    @Test func acceptsWhitespaceEscapesAndAnyKeyOrder() throws {
        let text = """
             {
              "profile": {"goalDate": "2026-11-30", "seasonalPhoto": "spring",
                          "prefersNotifications": false, "username": "\\u0067_k\\ud83c\\udf37"},
              "revision": 0,
              "format": 1
            }
            """
        let stored = try StoreCodec.decode(Array(text.utf8))
        #expect(stored.revision == 0)
        #expect(stored.profile.username == "g_k\u{1F337}")
        #expect(stored.profile.seasonalPhoto == .spring)
        #expect(stored.profile.prefersNotifications == false)
    }

    @Test func parserRejectsMalformedJSON() {
        for text in [
            "", "{", "{}x", "{'a':1}", "{\"a\":01}", "{\"a\":1.}", "{\"a\":-}", "{\"a\":tru}",
            "{\"a\":\"\\x\"}", "{\"a\":\"\\ud800\"}", "{\"a\":\"\\udc00\"}", "{\"a\":\"\t\"}",
            "{\"a\":1,}", "[1,]", "\u{FEFF}{}", String(repeating: "[", count: 100),
        ] {
            var parser = JSONParser(bytes: Array(text.utf8))
            #expect(throws: JSONParser.Failure.self, "\(text.debugDescription)") {
                try parser.parseDocument()
            }
        }
    }

    @Test func quotedValuesCannotDriveTheTerminal() {
        let q = StoreCodec.quoted("\u{1B}[31mred\u{202E}")
        #expect(!q.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E })
        #expect(q == #"'\u{1B}[31mred\u{202E}'"#)
        #expect(StoreCodec.quoted(String(repeating: "a", count: 100)).count == 43)
        // Beyond the terminal's controls: every format character, the quote and backslash.
        #expect(
            StoreCodec.quoted("a\u{200B}'\\\u{AD}\tb") == #"'a\u{200B}\u{27}\u{5C}\u{AD}\u{9}b'"#)
        #expect(StoreCodec.quoted(String(repeating: "é", count: 40)).hasSuffix("é'"))
        #expect(StoreCodec.quoted(String(repeating: "é", count: 41)).hasSuffix("é…'"))
    }

    @Test func anUnknownSeasonNamesTheSeasons() {
        let text =
            #"{"format":1,"revision":1,"profile":{"username":"g","prefersNotifications":true,"seasonalPhoto":"monsoon","goalDate":"2026-11-30"}}"#
        #expect(
            throws: StoreCodec.DecodeError.corrupt(
                "seasonalPhoto 'monsoon' is not a season (spring, summer, autumn or winter)")
        ) {
            try StoreCodec.decode(Array(text.utf8))
        }
    }

    @Test func formatIsCheckedFirst() {
        #expect(throws: StoreCodec.DecodeError.newerFormat(2)) {
            try StoreCodec.decode(Array(#"{"format":2,"whatever":[]}"#.utf8))
        }
    }
}

@Suite struct StoreLocationTests {
    @Test func xdgDataHome() {
        #expect(
            StoreLocation.defaultPath(environment: ["XDG_DATA_HOME": "/d", "HOME": "/h"])
                == "/d/lprof/profile.json")
        #expect(
            StoreLocation.defaultPath(environment: ["XDG_DATA_HOME": "/d/", "HOME": "/h"])
                == "/d/lprof/profile.json")
    }

    @Test func homeFallback() {
        #expect(
            StoreLocation.defaultPath(environment: ["HOME": "/h"])
                == "/h/.local/share/lprof/profile.json")
        #expect(
            StoreLocation.defaultPath(environment: ["XDG_DATA_HOME": "", "HOME": "/h"])
                == "/h/.local/share/lprof/profile.json")
        #expect(
            StoreLocation.defaultPath(environment: ["XDG_DATA_HOME": "rel/dir", "HOME": "/h/"])
                == "/h/.local/share/lprof/profile.json")
        #expect(
            StoreLocation.defaultPath(environment: ["HOME": "/"])
                == "/.local/share/lprof/profile.json")
    }

    @Test func noHome() {
        let path = StoreLocation.defaultPath(environment: [:])
        #expect(path.hasPrefix("/"))
        #expect(path.hasSuffix("/.local/share/lprof/profile.json"))
    }

    @Test func pathArithmetic() {
        #expect(StorePaths.directory(of: "profile.json") == ".")
        #expect(StorePaths.directory(of: "/profile.json") == "/")
        #expect(StorePaths.directory(of: "/a/b//profile.json") == "/a/b")
        #expect(StorePaths.directory(of: "a/profile.json") == "a")
        #expect(StorePaths.baseName(of: "/a/b/profile.json") == "profile.json")
        #expect(StorePaths.baseName(of: "x/") == "x")
        #expect(StorePaths.baseName(of: "/a/x//") == "x")
        #expect(StorePaths.baseName(of: "/") == "/")
        #expect(StorePaths.sibling(of: "profile.json", named: ".x") == ".x")
        #expect(StorePaths.sibling(of: "./profile.json", named: ".x") == "./.x")
        #expect(StorePaths.sibling(of: "/profile.json", named: ".x") == "/.x")
        #expect(StorePaths.sibling(of: "/a/profile.json", named: ".x") == "/a/.x")
    }
}

/// The store's identity (issue 26): written after `format`, optional when reading (an older
/// lprof's store), and checked as strictly as every other member.
@Suite struct StoreIdentityCodecTests {
    static let id = StoreIdentity(hex: "0123456789abcdef0123456789abcdef")!

    @Test func exactBytesWithAnIdentity() throws {
        let stored = StoredProfile(profile: storeSampleProfile, revision: 7, identity: Self.id)
        let bytes = StoreCodec.encode(stored)
        #expect(
            String(decoding: bytes, as: UTF8.self)
                == #"{"format":1,"id":"0123456789abcdef0123456789abcdef","revision":7,"profile":{"username":"g_kumar","prefersNotifications":true,"seasonalPhoto":"winter","goalDate":"2026-11-30"}}"#
                + "\n")
        #expect(try StoreCodec.decode(bytes) == stored)
    }

    @Test func aStoreWithoutAnIdentityStillReads() throws {
        let text =
            #"{"format":1,"revision":2,"profile":{"username":"g_kumar","prefersNotifications":true,"seasonalPhoto":"winter","goalDate":"2026-11-30"}}"#
        #expect(
            try StoreCodec.decode(Array(text.utf8))
                == StoredProfile(profile: storeSampleProfile, revision: 2, identity: nil))
    }

    @Test(arguments: [
        (#""0123""#, "id '0123' is not 32 lowercase hexadecimal digits"),
        (
            #""0123456789ABCDEF0123456789ABCDEF""#,
            "id '0123456789ABCDEF0123456789ABCDEF' is not 32 lowercase hexadecimal digits"
        ),
        (#""""#, "id '' is not 32 lowercase hexadecimal digits"),
        ("7", "id is a number, not a string"),
        ("null", "id is null, not a string"),
        (
            #""0123456789abcdef0123456789abcdef0""#,
            "id '0123456789abcdef0123456789abcdef0' is not 32 lowercase hexadecimal digits"
        ),
        (
            #""0123456789abcdef 123456789abcdef""#,
            "id '0123456789abcdef 123456789abcdef' is not 32 lowercase hexadecimal digits"
        ),
    ])
    func aBadIdentityIsCorrupt(_ value: String, _ reason: String) {
        let text =
            #"{"format":1,"id":\#(value),"revision":2,"profile":{"username":"g_kumar","prefersNotifications":true,"seasonalPhoto":"winter","goalDate":"2026-11-30"}}"#
        #expect(throws: StoreCodec.DecodeError.corrupt(reason)) {
            try StoreCodec.decode(Array(text.utf8))
        }
    }

    @Test func aRepeatedIdentityIsCorrupt() {
        let text =
            #"{"format":1,"id":"0123456789abcdef0123456789abcdef","id":"0123456789abcdef0123456789abcdef","revision":2,"profile":{"username":"g_kumar","prefersNotifications":true,"seasonalPhoto":"winter","goalDate":"2026-11-30"}}"#
        #expect(throws: StoreCodec.DecodeError.corrupt("the key 'id' appears twice")) {
            try StoreCodec.decode(Array(text.utf8))
        }
    }

    @Test func randomIdentitiesAreWellFormedAndDiffer() {
        var seen: Set<StoreIdentity> = []
        for _ in 0..<100 {
            let id = StoreIdentity.random()
            #expect(StoreIdentity(hex: id.hex) == id)
            seen.insert(id)
        }
        #expect(seen.count == 100)
        // Leading zeros are kept: every identity is 32 digits.
        #expect(StoreIdentity.padded(0xab) == "00000000000000ab")
    }
}
