/// A strict RFC 8259 parser over UTF-8 bytes (already validated as UTF-8).
struct JSONParser {
    struct Failure: Error {
        var message: String
    }

    static let maxDepth = 32

    let bytes: [UInt8]
    var index = 0
    var depth = 0

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

    private func at(_ byte: UInt8) -> Bool { index < bytes.count && bytes[index] == byte }

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
            guard at(b) else { throw fail("unexpected character") }
            index += 1
        }
    }

    private mutating func enter() throws(Failure) {
        depth += 1
        if depth > Self.maxDepth { throw fail("values nested too deeply") }
    }

    private mutating func parseObject() throws(Failure) -> JSONValue {
        var members: [(String, JSONValue)] = []
        try elements(closedBy: UInt8(ascii: "}")) { parser throws(Failure) in
            members.append(try parser.parseMember())
        }
        return .object(members)
    }

    /// `"key": value`.
    private mutating func parseMember() throws(Failure) -> (String, JSONValue) {
        guard at(UInt8(ascii: "\"")) else { throw fail("expected a key in quotes") }
        let key = try parseString()
        skipWhitespace()
        guard at(UInt8(ascii: ":")) else { throw fail("expected ':'") }
        index += 1
        skipWhitespace()
        return (key, try parseValue())
    }

    private mutating func parseArray() throws(Failure) -> JSONValue {
        var items: [JSONValue] = []
        try elements(closedBy: UInt8(ascii: "]")) { parser throws(Failure) in
            items.append(try parser.parseValue())
        }
        return .array(items)
    }

    /// Reads an object's members or an array's items, each with `element`, up to `close`.
    private mutating func elements(
        closedBy close: UInt8, _ element: (inout JSONParser) throws(Failure) -> Void
    ) throws(Failure) {
        try enter()
        defer { depth -= 1 }
        index += 1
        skipWhitespace()
        if at(close) {
            index += 1
            return
        }
        while true {
            skipWhitespace()
            try element(&self)
            skipWhitespace()
            guard index < bytes.count else { throw fail("unexpected end of text") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            if bytes[index] == close {
                index += 1
                return
            }
            throw fail("expected ',' or '\(Character(Unicode.Scalar(close)))'")
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
        if at(UInt8(ascii: ".")) {
            index += 1
            guard digit(index) else { throw fail("invalid number") }
            while digit(index) { index += 1 }
        }
        if index < bytes.count && (bytes[index] | 0x20) == UInt8(ascii: "e") {
            index += 1
            if at(UInt8(ascii: "+")) || at(UInt8(ascii: "-")) { index += 1 }
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
                        guard at(UInt8(ascii: "\\")), index + 1 < bytes.count,
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
