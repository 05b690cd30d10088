import LprofText
import Testing

@testable import LprofLanguage

/// A token with its text, as the tests look at it.
struct LexedToken: Equatable {
    var kind: Token.Kind
    var span: Span
    var text: String
}

/// The result of lexing one physical line.
struct LexOutcome {
    var line: SourceLine
    var result: LexResult
    var tokens: [LexedToken]

    var texts: [String] { tokens.map(\.text) }
    var kinds: [Token.Kind] { tokens.map(\.kind) }
    var error: SyntaxError? {
        if case .failed(let e) = result { return e }
        return nil
    }
}

func langLex(_ bytes: [UInt8], line: Int = 1) -> LexOutcome {
    var source = SourceLine()
    let result = bytes.withUnsafeBufferPointer {
        source.appendPhysicalLine($0, number: line, tooLong: false)
    }
    let tokens = source.tokens.map {
        LexedToken(kind: $0.kind, span: $0.span, text: source.text(of: $0))
    }
    return LexOutcome(line: source, result: result, tokens: tokens)
}

func langLex(_ text: String, line: Int = 1) -> LexOutcome {
    langLex(Array(text.utf8), line: line)
}

/// Lexes and parses one line that must lex cleanly.
func langParse(_ text: String, sourceLocation: SourceLocation = #_sourceLocation)
    -> (commands: [Command], errors: [SyntaxError])
{
    let lexed = langLex(text)
    #expect(lexed.result == .complete, "lexing \(text)", sourceLocation: sourceLocation)
    var commands: [Command] = []
    var errors: [SyntaxError] = []
    Parser.parseLine(lexed.line, commands: &commands, errors: &errors)
    return (commands, errors)
}

/// The one command a line parses to, or nil (with a recorded issue).
func langCommand(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> CommandKind?
{
    let (commands, errors) = langParse(text, sourceLocation: sourceLocation)
    #expect(errors.isEmpty, "\(text): \(errors)", sourceLocation: sourceLocation)
    #expect(commands.count == 1, "\(text)", sourceLocation: sourceLocation)
    return commands.first?.kind
}

/// The one syntax error a line gives.
func langError(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> SyntaxError? {
    let (commands, errors) = langParse(text, sourceLocation: sourceLocation)
    #expect(commands.isEmpty, "\(text) parsed to \(commands)", sourceLocation: sourceLocation)
    #expect(errors.count == 1, "\(text): \(errors)", sourceLocation: sourceLocation)
    return errors.first
}

/// The byte span of the `occurrence`-th `needle` in `line` that stands as a whole word
/// (between the line's ends, blanks, `;` and, before it, a `.`).
func langSpan(_ needle: String, in line: String, occurrence: Int = 1, lineNumber: Int = 1) -> Span {
    let hay = Array(line.utf8)
    let pat = Array(needle.utf8)
    var seen = 0
    var i = 0
    while i + pat.count <= hay.count {
        let before = i == 0 ? UInt8(ascii: " ") : hay[i - 1]
        let after = i + pat.count == hay.count ? UInt8(ascii: " ") : hay[i + pat.count]
        if Array(hay[i..<i + pat.count]) == pat, [0x20, 0x09, 0x3B, 0x2E].contains(before),
            [0x20, 0x09, 0x3B, 0x2E].contains(after)
        {
            seen += 1
            if seen == occurrence { return Span(line: lineNumber, start: i, end: i + pat.count) }
        }
        i += 1
    }
    Issue.record("'\(needle)' not in '\(line)'")
    return Span(line: lineNumber, start: -1, end: -1)
}

/// A small deterministic PRNG (SplitMix64).
struct LangSplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension Parser {
    /// Every command and error of `line`, collected (`parse`, for tests).
    static func parseLine(
        _ line: SourceLine, commands: inout [Command], errors: inout [SyntaxError]
    ) {
        parse(line) { result in
            switch result {
            case .success(let command): commands.append(command)
            case .failure(let error): errors.append(error)
            }
            return true
        }
    }
}
