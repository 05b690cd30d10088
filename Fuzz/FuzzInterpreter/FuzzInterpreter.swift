import FuzzSupport

@testable import LprofLanguage
@testable import LprofModel
@testable import LprofShell
@testable import LprofStore
@testable import LprofSystem
@testable import LprofText
@testable import LprofViews

// libFuzzer target: a whole script, checked then run by the runner against an in-memory
// store, with views, trace, env and `source` of a few fixture files. Stdout and every
// diagnostic are checked for control characters (colour is off, so none may appear).

/// The executable's entry point: libFuzzer's driver over `fuzzInterpreter`.
@main
enum FuzzInterpreterMain {
    static func main() { runLibFuzzer(fuzzInterpreter) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzInterpreter(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var bytes = Array(UnsafeBufferPointer(start: data, count: size))
    var settings = Settings()
    let width = 10 + Int(bytes.first ?? 70) % 200
    if !bytes.isEmpty { bytes.removeFirst() }
    settings.width = { width }
    settings.now = CalendarDay(year: 2026, month: 11, day: 30)
    let out = OutputBuffer(.capture)
    let sink = DiagnosticSink(.collect, output: out)
    let interpreter = Interpreter(
        storage: MemoryProfileStorage(), loaded: nil, settings: settings, out: out,
        clock: { CalendarDay(year: 2026, month: 11, day: 30)! })
    let runner = Runner(interpreter: interpreter, diagnostics: sink)
    runner.keepGoing = true
    runner.sourceablePaths = sourceFixtures
    let info = SourceInfo(name: "fuzz.lprof", directory: ".")
    if let program = Compiler.compile(SourceBytes(bytes), info, into: sink) {
        _ = runner.run(program)
    }
    for scalar in out.capturedText.unicodeScalars {
        require(
            !unsafe(scalar, allowTab: true),
            "control U+\(String(scalar.value, radix: 16)) on stdout")
    }
    let printer = DiagnosticPrinter()
    for d in sink.collected {
        for scalar in printer.render(d).unicodeScalars {
            require(
                !unsafe(scalar, allowTab: true),
                "control U+\(String(scalar.value, radix: 16)) in a diagnostic")
        }
    }
    return 0
}

/// Controls that could drive a terminal: C0 but the line feed, DEL, C1, and bidi controls.
private func unsafe(_ scalar: Unicode.Scalar, allowTab: Bool) -> Bool {
    switch scalar.value {
    case 0x0A: return false
    case 0x09: return !allowTab
    case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: return true
    default: return false
    }
}
