import LprofText

/// How a physical line ended after lexing.
public enum LexResult: Equatable, Sendable {
    case complete
    /// A backslash at the very end joins the next line to this one.
    case continued
    /// A lexical error; the rest of the line is skipped.
    case failed(SyntaxError)
}

/// Splits one physical line of UTF-8 bytes into tokens, returning a lexical error as data so
/// that the parser can move on to the next line.
///
///     line   -> (blank* (word | string | ';'))* blank* comment? continuation?
///     string -> '"' (char | escape)* '"' | "'" char* "'"
///     escape -> '\\' | '\"' | '\n' | '\t' | '\u{' hex{1,6} '}'
enum Lexer {

    private static let space = UInt8(ascii: " ")
    private static let tab = UInt8(ascii: "\t")
    private static let semicolon = UInt8(ascii: ";")
    private static let hash = UInt8(ascii: "#")
    private static let backslash = UInt8(ascii: "\\")
    private static let doubleQuote = UInt8(ascii: "\"")
    private static let singleQuote = UInt8(ascii: "'")

    /// How a line ended, without the error (a result with no payload is free to pass back).
    enum Ending {
        case complete, continued, failed
    }

    /// Lexes one physical line, found at `base` in its source line's buffer, into `tokens`.
    static func lex(
        _ bytes: UnsafeBufferPointer<UInt8>, line: Int, base: Int,
        into tokens: inout ReusableBuffer<Token>, decoded: inout ReusableBuffer<String>,
        error: inout SyntaxError?
    ) -> Ending {
        let n = bytes.count
        if let bad = UTF8Check.firstInvalidByte(in: bytes) {
            let hex = String(bytes[bad], radix: 16, uppercase: true)
            error = SyntaxError(
                "invalid UTF-8 (byte 0x\(hex.count == 1 ? "0" + hex : hex))",
                at: Span(line: line, start: bad, end: bad + 1))
            return .failed
        }
        guard let text = bytes.baseAddress, n > 0 else { return .complete }
        // At most one token per byte (';' is one too): tokens are written straight into that room.
        return tokens.appendInPlace(upTo: n) { room in
            var written = 0
            @inline(__always) func add(
                _ kind: Token.Kind, _ start: Int, _ end: Int, text: Range<Int>, decoded: Int = -1
            ) {
                (room + written).initialize(
                    to: Token(
                        kind, span: Span(line: line, start: start, end: end),
                        textStart: base &+ text.lowerBound, textEnd: base &+ text.upperBound,
                        decodedIndex: decoded))
                written += 1
            }
            var i = 0
            while i < n {
                let b = text[i]
                if b == space || b == tab {
                    i += 1
                    continue
                }
                if b == semicolon {
                    add(.separator, i, i + 1, text: i..<i + 1)
                    i += 1
                    continue
                }
                if b == hash { return (written, .complete) }
                if b == backslash && i == n - 1 { return (written, .continued) }
                if b == doubleQuote || b == singleQuote {
                    var contents: String? = nil
                    guard
                        let next = lexString(
                            bytes, from: i, line: line, contents: &contents, error: &error)
                    else { return (written, .failed) }
                    var decodedIndex = -1
                    if let contents {
                        decodedIndex = decoded.count
                        decoded.append(contents)
                    }
                    add(.string, i, next, text: i + 1..<next - 1, decoded: decodedIndex)
                    i = next
                    if i < n, !isBoundary(text[i]), !(text[i] == backslash && i == n - 1) {
                        error = SyntaxError(
                            "a quoted string must be followed by a space, ';' or the line's end",
                            at: Span(line: line, start: i, end: i + 1))
                        return (written, .failed)
                    }
                    continue
                }
                // A bare word: up to a blank, ';' or the line's end.
                let start = i
                i = skipLetters(text, from: i, to: n)
                while i < n {
                    // Letters, most word bytes, are above every ender below 0x40: one comparison.
                    let c = text[i]
                    if c > semicolon {
                        if c == 0x7F { break }
                    } else if (wordEnds >> UInt64(c)) & 1 != 0 {
                        break
                    }
                    i += 1
                }
                if i < n {
                    let c = text[i]
                    if c == doubleQuote || c == singleQuote {
                        error = SyntaxError(
                            "a quote cannot touch a word; put a space before it",
                            at: Span(line: line, start: i, end: i + 1))
                        return (written, .failed)
                    }
                    if c != space && c != tab && c != semicolon {
                        error = controlCharacterError(c, line: line, at: i)
                        return (written, .failed)
                    }
                } else if text[n - 1] == backslash, i - start > 1 {
                    // A backslash ending the line joins the next one; it is not the word's.
                    add(.word, start, i - 1, text: start..<i - 1)
                    return (written, .continued)
                }
                add(.word, start, i, text: start..<i)
            }
            return (written, .complete)
        }
    }

    /// The first index whose byte may end a word (below '<', DEL, from 0x80 up), looked for
    /// eight bytes at a time, short of the last eight, which the word loop reads.
    @inline(__always)
    private static func skipLetters(_ text: UnsafePointer<UInt8>, from start: Int, to n: Int) -> Int
    {
        let high: UInt64 = 0x8080_8080_8080_8080
        let ones: UInt64 = 0x0101_0101_0101_0101
        var i = start
        while i &+ 8 <= n {
            let v = UnsafeRawPointer(text + i).loadUnaligned(as: UInt64.self)
            if v & high != 0 { return i }
            // In ASCII bytes, x + 0x44 sets the high bit when x ≥ '<' (0x3C) and x + 1 when
            // x is DEL; neither carries into the next byte.
            let stops = (~(v &+ ones &* 0x44) | (v &+ ones)) & high
            if stops != 0 { return i &+ stops.trailingZeroBitCount &>> 3 }
            i &+= 8
        }
        return i
    }

    /// A bit for each byte up to ';' that ends a bare word (0x00–0x20, 0x22, 0x27, 0x3B): a
    /// constant, so the word loop reads no table.
    private static let wordEnds: UInt64 = 0x0800_0085_FFFF_FFFF

    private static func isBoundary(_ c: UInt8) -> Bool {
        c == space || c == tab || c == semicolon
    }

    private static func controlCharacterError(_ c: UInt8, line: Int, at i: Int) -> SyntaxError {
        let hex = String(c, radix: 16, uppercase: true)
        return SyntaxError(
            "control character U+\(hex.count == 1 ? "000" + hex : "00" + hex) is not allowed here",
            at: Span(line: line, start: i, end: i + 1))
    }

    /// Lexes the quoted string at `from`, leaving `contents` nil when its text is its bytes.
    private static func lexString(
        _ bytes: UnsafeBufferPointer<UInt8>, from: Int, line: Int, contents: inout String?,
        error: inout SyntaxError?
    ) -> Int? {
        let quote = bytes[from]
        let n = bytes.count
        var i = from + 1
        var decoded: [UInt8]? = nil  // made only when an escape appears
        var runStart = i
        while i < n {
            i = skipPlainText(bytes.baseAddress!, from: i, to: n, quote: quote)
            guard i < n else { break }
            let c = bytes[i]
            if c == quote {
                if var decoded {
                    decoded.append(contentsOf: bytes[runStart..<i])
                    contents = String(decoding: decoded, as: UTF8.self)
                }
                return i + 1
            }
            if c < 0x20 && c != tab || c == 0x7F {
                error = controlCharacterError(c, line: line, at: i)
                return nil
            }
            if c == backslash && quote == doubleQuote {
                // A backslash ending the line leaves the string unclosed, told at its quote.
                if i + 1 == n { break }
                var buffer = decoded ?? []
                buffer.append(contentsOf: bytes[runStart..<i])
                do throws(SyntaxError) {
                    let (scalar, next) = try escape(bytes, at: i, line: line)
                    buffer.append(contentsOf: String(scalar).utf8)
                    decoded = buffer
                    i = next
                    runStart = i
                } catch let problem {
                    error = problem
                    return nil
                }
                continue
            }
            i += 1
        }
        error = SyntaxError(
            "unterminated string: the \(quote == doubleQuote ? "\"" : "'") here is not closed on this line",
            at: Span(line: line, start: from, end: from + 1))
        return nil
    }

    /// The first index whose byte a string's lexer must look at (quote, backslash, control,
    /// from 0x80 up), looked for eight bytes at a time, short of the last eight.
    @inline(__always)
    private static func skipPlainText(
        _ text: UnsafePointer<UInt8>, from start: Int, to n: Int, quote: UInt8
    ) -> Int {
        let high: UInt64 = 0x8080_8080_8080_8080
        let ones: UInt64 = 0x0101_0101_0101_0101
        /// A high bit in each byte of `x` that is zero (and maybe in bytes after one that is).
        @inline(__always) func zeros(_ x: UInt64) -> UInt64 { (x &- ones) & ~x & high }
        var i = start
        while i &+ 8 <= n {
            let v = UnsafeRawPointer(text + i).loadUnaligned(as: UInt64.self)
            // Below 0x20, from 0x80 up, DEL, the quote, a backslash. A false mark can only
            // follow a true one, so the lowest mark is a byte to look at.
            let marks =
                ((v &- ones &* 0x20) & ~v & high) | (v & high) | zeros(v ^ (ones &* 0x7F))
                | zeros(v ^ (ones &* UInt64(quote))) | zeros(v ^ (ones &* 0x5C))
            if marks != 0 { return i &+ marks.trailingZeroBitCount &>> 3 }
            i &+= 8
        }
        return i
    }

    /// The escape whose backslash is at `i` (never the line's last byte), and the index after.
    private static func escape(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int, line: Int)
        throws(SyntaxError) -> (Unicode.Scalar, Int)
    {
        let n = bytes.count
        switch bytes[i + 1] {
        case backslash: return ("\\", i + 2)
        case doubleQuote: return ("\"", i + 2)
        case UInt8(ascii: "n"): return ("\n", i + 2)
        case UInt8(ascii: "t"): return ("\t", i + 2)
        case UInt8(ascii: "u"):
            var j = i + 2
            guard j < n, bytes[j] == UInt8(ascii: "{") else {
                throw SyntaxError(
                    "invalid escape: \\u must be followed by {HEX} (1 to 6 hex digits)",
                    at: Span(line: line, start: i, end: Swift.min(i + 2, n)))
            }
            j += 1
            var value: UInt32 = 0
            var digits = 0
            while j < n, let d = hexValue(bytes[j]) {
                value = value &* 16 &+ d
                digits += 1
                j += 1
                if digits > 6 { break }
            }
            guard digits >= 1, digits <= 6, j < n, bytes[j] == UInt8(ascii: "}") else {
                throw SyntaxError(
                    "invalid escape: \\u{…} takes 1 to 6 hex digits and a closing }",
                    at: Span(line: line, start: i, end: Swift.min(j + 1, n)))
            }
            guard let scalar = Unicode.Scalar(value) else {
                throw SyntaxError(
                    "invalid escape: U+\(String(value, radix: 16, uppercase: true)) is not a Unicode scalar value",
                    at: Span(line: line, start: i, end: j + 1))
            }
            return (scalar, j + 1)
        case let c where (c < 0x20 && c != tab) || c == 0x7F:
            // Never quote a raw control byte back in the message.
            throw controlCharacterError(c, line: line, at: i + 1)
        default:
            let end = i + 1 + UTF8Check.sequenceLength(bytes[i + 1])
            let shown = String(
                decoding: UnsafeBufferPointer(rebasing: bytes[i..<Swift.min(end, n)]), as: UTF8.self
            )
            throw SyntaxError(
                "unknown escape '\(shown)' (strings in \"…\" take \\\\ \\\" \\n \\t \\u{HEX}; '…' takes none)",
                at: Span(line: line, start: i, end: Swift.min(end, n)))
        }
    }

    private static func hexValue(_ c: UInt8) -> UInt32? {
        switch c {
        case 0x30...0x39: return UInt32(c - 0x30)
        case 0x41...0x46: return UInt32(c - 0x41 + 10)
        case 0x61...0x66: return UInt32(c - 0x61 + 10)
        default: return nil
        }
    }
}
