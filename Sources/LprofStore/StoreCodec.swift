import LprofLanguage
import LprofModel
import LprofSystem

/// The store's file format, version 1:
///
///     {"format":1,"revision":N,"profile":{"username":"…","prefersNotifications":true,
///      "seasonalPhoto":"winter","goalDate":"2026-11-30"}}
///
/// on one line with a trailing newline, keys in exactly that order. Decoding is strict: a
/// small RFC 8259 parser (so that `true` is never a number, `1.0` never an integer,
/// duplicate keys and lone surrogates are errors, whatever Foundation version is linked),
/// then every value is checked with the same rules as `set`.
public enum StoreCodec {
    /// The format this lprof writes and the newest one it reads.
    static let currentFormat = 1

    /// Why bytes are not a store this lprof can use.
    enum DecodeError: Error, Equatable {
        /// Not a valid store; the text says why (without the file name).
        case corrupt(String)
        /// Written by a newer lprof.
        case newerFormat(Int)
    }

    // MARK: Encoding

    /// The exact bytes of a store file: the profile object is the one `get --json` prints.
    static func encode(_ stored: StoredProfile) -> [UInt8] {
        Array(
            ("{\"format\":\(currentFormat),\"revision\":\(stored.revision),\"profile\":"
                + JSONText.profile(stored.profile) + "}\n").utf8)
    }

    // MARK: Validation shared with saving

    /// Why `profile` could not be stored (and read back), or nil when it is fine.
    static func problem(with profile: Profile) -> String? {
        if let reason = Username.problem(with: profile.username) {
            return "username is refused: \(reason)"
        }
        if !CalendarDay.writtenYears.contains(profile.goalDate.year) {
            return
                "goalDate '\(profile.goalDate.iso)' is outside the years \(CalendarDay.writtenYearsText)"
        }
        return nil
    }

    // MARK: Decoding

    static func decode(_ bytes: [UInt8]) throws(DecodeError) -> StoredProfile {
        if String(validating: bytes, as: UTF8.self) == nil {
            throw .corrupt("it is not valid UTF-8 text")
        }
        let value: JSONValue
        do {
            var parser = JSONParser(bytes: bytes)
            value = try parser.parseDocument()
        } catch {
            throw .corrupt("invalid JSON: \(error.message)")
        }
        guard case .object(let top) = value else {
            throw .corrupt("the top level is \(value.kindName), not an object")
        }
        // The format first: a newer lprof may have changed everything else.
        let format = try integer(top.first { $0.0 == "format" }?.1, name: "format")
        if format > currentFormat { throw .newerFormat(format) }
        if format < 1 { throw .corrupt("format \(format) is not a store format") }

        var fields = try keyed(top, context: nil, allowed: ["format", "revision", "profile"])

        let revision = try integer(fields.removeValue(forKey: "revision"), name: "revision")
        if revision < 0 { throw .corrupt("revision \(revision) is negative") }

        guard let profileValue = fields.removeValue(forKey: "profile") else {
            throw .corrupt("profile is missing")
        }
        guard case .object(let members) = profileValue else {
            throw .corrupt("profile is \(profileValue.kindName), not an object")
        }
        var p = try keyed(
            members, context: "profile",
            allowed: ["username", "prefersNotifications", "seasonalPhoto", "goalDate"])

        let username = try string(p.removeValue(forKey: "username"), name: "username")
        if let reason = Username.problem(with: username) {
            throw .corrupt("username is refused: \(reason)")
        }

        guard let notificationsValue = p.removeValue(forKey: "prefersNotifications") else {
            throw .corrupt("prefersNotifications is missing")
        }
        guard case .bool(let prefersNotifications) = notificationsValue else {
            throw .corrupt(
                "prefersNotifications is \(notificationsValue.kindName), not true or false")
        }

        let seasonName = try string(p.removeValue(forKey: "seasonalPhoto"), name: "seasonalPhoto")
        guard let season = Season(rawValue: seasonName) else {
            throw .corrupt(
                "seasonalPhoto \(quoted(seasonName)) is not a season"
                    + " (\(Vocabulary.alternatives(Season.allCases.map(\.rawValue))))")
        }

        let dateText = try string(p.removeValue(forKey: "goalDate"), name: "goalDate")
        guard let goal = CalendarDay(iso: dateText) else {
            throw .corrupt("goalDate \(quoted(dateText)) is not a valid YYYY-MM-DD date")
        }
        guard CalendarDay.writtenYears.contains(goal.year) else {
            throw .corrupt(
                "goalDate \(quoted(dateText)) is outside the years \(CalendarDay.writtenYearsText)")
        }

        return StoredProfile(
            profile: Profile(
                username: username, prefersNotifications: prefersNotifications,
                seasonalPhoto: season, goalDate: goal),
            revision: revision)
    }

    /// An object's members as a dictionary; duplicate or unknown keys are errors.
    private static func keyed(
        _ members: [(String, JSONValue)], context: String?, allowed: Set<String>
    ) throws(DecodeError) -> [String: JSONValue] {
        var result: [String: JSONValue] = [:]
        for (key, value) in members {
            let name = quoted(context.map { "\($0).\(key)" } ?? key)
            if result[key] != nil { throw .corrupt("the key \(name) appears twice") }
            if !allowed.contains(key) { throw .corrupt("unknown key \(name)") }
            result[key] = value
        }
        return result
    }

    private static func integer(_ value: JSONValue?, name: String) throws(DecodeError) -> Int {
        guard let value else { throw .corrupt("\(name) is missing") }
        guard case .number(let text) = value else {
            throw .corrupt("\(name) is \(value.kindName), not an integer")
        }
        guard text.utf8.allSatisfy({ $0 == UInt8(ascii: "-") || ($0 >= 0x30 && $0 <= 0x39) })
        else {
            throw .corrupt("\(name) \(text.prefix(40)) is not an integer")
        }
        guard let n = Int(text) else { throw .corrupt("\(name) \(text.prefix(40)) is too large") }
        return n
    }

    private static func string(_ value: JSONValue?, name: String) throws(DecodeError) -> String {
        guard let value else { throw .corrupt("\(name) is missing") }
        guard case .string(let text) = value else {
            throw .corrupt("\(name) is \(value.kindName), not a string")
        }
        return text
    }

    /// A value from the file, quoted for a message: control and bidirectional characters are
    /// shown as `\u{…}` so that a hostile file cannot drive the terminal; long values are cut.
    /// Besides what `TerminalSafe` escapes, every other format character (zero-width ones
    /// included) and the quote and backslash are escaped, so the quoted value is unambiguous.
    static func quoted(_ text: String) -> String {
        let scalars = text.unicodeScalars
        let shown = String(String.UnicodeScalarView(scalars.prefix(40)))
        let escaped = TerminalSafe.escape(shown, .swift) {
            TerminalSafe.isUnsafe($0) || $0.properties.generalCategory == .format || $0 == "'"
                || $0 == "\\"
        }
        return "'" + escaped + (scalars.count > 40 ? "…" : "") + "'"
    }
}

/// A parsed JSON value. Numbers keep their text; objects keep member order and duplicates.
enum JSONValue: Equatable {
    case object([(String, JSONValue)])
    case array([JSONValue])
    case string(String)
    case number(String)
    case bool(Bool)
    case null

    var kindName: String {
        switch self {
        case .object: return "an object"
        case .array: return "an array"
        case .string: return "a string"
        case .number: return "a number"
        case .bool: return "true or false"
        case .null: return "null"
        }
    }

    static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.object(let x), .object(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        case (.array(let x), .array(let y)): return x == y
        case (.string(let x), .string(let y)): return x == y
        case (.number(let x), .number(let y)): return x == y
        case (.bool(let x), .bool(let y)): return x == y
        case (.null, .null): return true
        default: return false
        }
    }
}

/// A strict RFC 8259 parser over UTF-8 bytes (already validated as UTF-8).
struct JSONParser {
    struct Failure: Error {
        var message: String
    }

    static let maxDepth = 32

    let bytes: [UInt8]
    var index = 0
    var depth = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func parseDocument() throws(Failure) -> JSONValue {
        skipWhitespace()
        let value = try parseValue()
        skipWhitespace()
        if index < bytes.count { throw fail("unexpected text after the value") }
        return value
    }

    private func fail(_ what: String) -> Failure {
        var line = 1
        var column = 1
        for b in bytes[..<min(index, bytes.count)] {
            if b == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if b & 0xC0 != 0x80 {
                column += 1
            }
        }
        return Failure(message: "\(what) at line \(line), column \(column)")
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private mutating func parseValue() throws(Failure) -> JSONValue {
        guard index < bytes.count else { throw fail("unexpected end of text") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw fail("unexpected character")
        }
    }

    private mutating func literal(_ word: String) throws(Failure) {
        for b in word.utf8 {
            guard index < bytes.count, bytes[index] == b else { throw fail("unexpected character") }
            index += 1
        }
    }

    private mutating func enter() throws(Failure) {
        depth += 1
        if depth > Self.maxDepth { throw fail("values nested too deeply") }
    }

    private mutating func parseObject() throws(Failure) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        index += 1
        var members: [(String, JSONValue)] = []
        skipWhitespace()
        if index < bytes.count && bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw fail("expected a key in quotes")
            }
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw fail("expected ':'")
            }
            index += 1
            skipWhitespace()
            members.append((key, try parseValue()))
            skipWhitespace()
            guard index < bytes.count else { throw fail("unexpected end of text") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            if bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object(members)
            }
            throw fail("expected ',' or '}'")
        }
    }

    private mutating func parseArray() throws(Failure) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        index += 1
        var items: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count && bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(items)
        }
        while true {
            skipWhitespace()
            items.append(try parseValue())
            skipWhitespace()
            guard index < bytes.count else { throw fail("unexpected end of text") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            if bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array(items)
            }
            throw fail("expected ',' or ']'")
        }
    }

    private mutating func parseNumber() throws(Failure) -> JSONValue {
        let start = index
        func digit(_ i: Int) -> Bool { i < bytes.count && bytes[i] >= 0x30 && bytes[i] <= 0x39 }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard digit(index) else { throw fail("invalid number") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if digit(index) { throw fail("invalid number (leading zero)") }
        } else {
            while digit(index) { index += 1 }
        }
        if index < bytes.count && bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digit(index) else { throw fail("invalid number") }
            while digit(index) { index += 1 }
        }
        if index < bytes.count && (bytes[index] | 0x20) == UInt8(ascii: "e") {
            index += 1
            if index < bytes.count
                && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-"))
            {
                index += 1
            }
            guard digit(index) else { throw fail("invalid number") }
            while digit(index) { index += 1 }
        }
        return .number(String(decoding: bytes[start..<index], as: UTF8.self))
    }

    private mutating func parseString() throws(Failure) -> String {
        index += 1  // the opening quote
        var out: [UInt8] = []
        while true {
            guard index < bytes.count else { throw fail("unterminated string") }
            let b = bytes[index]
            switch b {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                index += 1
                guard index < bytes.count else { throw fail("unterminated string") }
                let e = bytes[index]
                index += 1
                switch e {
                case UInt8(ascii: "\""): out.append(0x22)
                case UInt8(ascii: "\\"): out.append(0x5C)
                case UInt8(ascii: "/"): out.append(0x2F)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var value = try hex4()
                    if (0xDC00...0xDFFF).contains(value) {
                        throw fail("lone surrogate in \\u escape")
                    }
                    if (0xD800...0xDBFF).contains(value) {
                        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                            bytes[index + 1] == UInt8(ascii: "u")
                        else { throw fail("lone surrogate in \\u escape") }
                        index += 2
                        let low = try hex4()
                        guard (0xDC00...0xDFFF).contains(low) else {
                            throw fail("lone surrogate in \\u escape")
                        }
                        value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                    }
                    out.append(contentsOf: String(Unicode.Scalar(value)!).utf8)
                default:
                    index -= 1
                    throw fail("invalid escape")
                }
            default:
                if b < 0x20 { throw fail("control character in a string") }
                out.append(b)
                index += 1
            }
        }
    }

    private mutating func hex4() throws(Failure) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count else { throw fail("unterminated string") }
            let b = bytes[index]
            let d: UInt32
            switch b {
            case 0x30...0x39: d = UInt32(b - 0x30)
            case 0x41...0x46: d = UInt32(b - 0x41 + 10)
            case 0x61...0x66: d = UInt32(b - 0x61 + 10)
            default: throw fail("invalid \\u escape")
            }
            value = value << 4 | d
            index += 1
        }
        return value
    }
}
