import FuzzSupport

@testable import LprofLanguage
@testable import LprofText

// libFuzzer target: the lexer and parser over arbitrary bytes, and every diagnostic they
// produce rendered as the shell would. Built by Scripts/fuzz (SwiftPM, LPROF_FUZZ=1) with
// the modules it tests; the invariants below trap (and so fail the fuzzer) when broken.
#if canImport(Glibc)
    import Glibc
#endif

/// The executable's entry point: libFuzzer's driver over `fuzzParser`.
@main
enum FuzzParserMain {
    static func main() { runLibFuzzer(fuzzParser) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzParser(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    // Physical lines, as the line scanner splits them (LF, a CR before it dropped).
    var lines: [Range<Int>] = []
    var start = 0
    for i in 0...size where i == size || bytes[i] == 0x0A {
        var end = i
        if end > start, bytes[end - 1] == 0x0D { end -= 1 }
        lines.append(start..<end)
        start = i + 1
    }
    var line = SourceLine()
    var commands: [Command] = []
    var errors: [SyntaxError] = []
    let printer = DiagnosticPrinter()
    var next = 0
    while next < lines.count {
        line.removeAll()
        var result: LexResult? = nil
        repeat {
            guard next < lines.count else { break }
            let range = lines[next]
            next += 1
            result = line.appendPhysicalLine(
                UnsafeBufferPointer(rebasing: bytes[range]), number: next, tooLong: false)
        } while result == .continued
        for token in line.tokens {
            line.withLine(token.span.line) { physical in
                require(
                    0 <= token.span.start && token.span.start <= token.span.end
                        && token.span.end <= physical.count, "token span outside its line")
            }
            _ = line.text(of: token)
        }
        commands.removeAll(keepingCapacity: true)
        errors.removeAll(keepingCapacity: true)
        if let error = line.lexError {
            errors.append(error)
        } else {
            Parser.parse(line) { result in
                switch result {
                case .success(let command): commands.append(command)
                case .failure(let error): errors.append(error)
                }
                return true
            }
        }
        for error in errors {
            require(error.span.start <= error.span.end, "inverted span")
            check(
                printer.render(
                    line.diagnostic(.error, error.message, at: error.span, source: "fuzz")))
        }
        for command in commands {
            require(
                command.lastSpan.line > command.span.line
                    || command.lastSpan.end >= command.span.start,
                "a command that ends before it starts")
        }
    }
    return 0
}
