import FuzzSupport

@testable import LprofLanguage
@testable import LprofModel
@testable import LprofShell
@testable import LprofStore
@testable import LprofSystem
@testable import LprofText

#if canImport(Glibc)
    import Glibc
#endif

// libFuzzer target, differential: the same bytes run as a script file (`Runner.runScript`:
// read once, checked whole, then run) and as piped stdin (`Runner.runStream`: each logical
// line compiled and run alone, as it comes) must give the same stdout, the same diagnostics
// in the same order, the same exit status, the same stored profile and the same session
// (host, store revision, environment).
//
// Where the two are specified to agree (SPEC §3 "Checking", §6): a script file is checked
// whole before anything runs, so an error found before running, anywhere in it, runs
// nothing from the file, while piped stdin has run every line before it. The comparison is
// therefore made only on inputs that `lprof check` passes as a script file (its text sniff
// included): there, whatever happens happens at run time, and the two must not differ.
// Inputs that do not pass are not compared here (FuzzParser and FuzzInterpreter take
// them). `-1` is refused for piped stdin, so it is not fuzzed here; `source` reads the
// fixtures of `sourceFixtures` in both runs (never the input itself: two `source` lines
// of it would nest 2^33 runs).
//
// The first byte picks the session: bit 0 `--keep-going`, bit 1 `--trace`, bit 2
// `--echo`, bit 3 a store that already holds a profile (revision 4) rather than none,
// bit 4 `--edition beta`, and the top three bits the width views are laid out for (20 to
// 125 columns). The rest is the script.

/// The executable's entry point: libFuzzer's driver over `fuzzDifferential`.
@main
enum FuzzDifferentialMain {
    static func main() { runLibFuzzer(fuzzDifferential) }
}

/// What a run leaves behind, everything the two ways in must agree on.
struct Outcome: Equatable {
    var stdout: String
    var diagnostics: [String]
    var status: ExitStatus
    var stored: StoredProfile?
    var host: Host
    var base: StoredProfile
    var environment: [String]
}

/// The script file both runs read (`source` may not name it).
let scriptPath = "differential.lprof"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDifferential(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    _ = sourceFixtures
    guard size > 0, let data else { return 0 }
    let flags = data[0]
    writeFile(scriptPath, Array(UnsafeBufferPointer(start: data + 1, count: size - 1)))
    // Only what checks clean as a whole file is compared (see above).
    guard Runner.checkScript(path: scriptPath, into: DiagnosticSink(.collect, output: nil))
    else { return 0 }

    let file = run(flags) { $0.runScript(path: scriptPath) }
    let stream = run(flags) { runner in
        let fd = open(scriptPath, O_RDONLY)
        require(fd >= 0, "cannot open \(scriptPath)")
        defer { close(fd) }
        return runner.runStream(descriptor: fd, name: scriptPath)
    }
    if file != stream {
        FileHandleless.stderr(describe(file, stream))
        require(false, "a script file and the same lines on stdin differ")
    }
    return 0
}

/// Runs one session with the options `flags` picks, through `body`.
func run(_ flags: UInt8, _ body: (Runner) -> ExitStatus) -> Outcome {
    let today = CalendarDay(year: 2026, month: 11, day: 30)!
    var settings = Settings()
    let width = 20 + Int(flags >> 5) * 15
    settings.width = { width }
    settings.now = today
    settings.trace = flags & 2 != 0
    settings.echo = flags & 4 != 0
    var initial: StoredProfile? = nil
    if flags & 8 != 0 {
        var profile = Profile.default(today: today)
        profile.username = "kim"
        profile.seasonalPhoto = .autumn
        initial = StoredProfile(profile: profile, revision: 4)
    }
    let storage = MemoryProfileStorage(initial: initial)
    let out = OutputBuffer(.capture)
    let sink = DiagnosticSink(.collect, output: out)
    let interpreter = Interpreter(
        storage: storage, loaded: initial, settings: settings, out: out, clock: { today })
    let runner = Runner(interpreter: interpreter, diagnostics: sink)
    if flags & 16 != 0 {
        do {
            try interpreter.apply(
                .switchEdition(.beta, Profile.default(today: today)),
                at: Span(line: 1, start: 0, end: 0), by: .env)
        } catch {
            require(false, "cannot switch to the beta: \(error.message)")
        }
    }
    runner.keepGoing = flags & 1 != 0
    runner.sourceablePaths = sourceFixtures
    let status = body(runner)
    let printer = DiagnosticPrinter()
    let s = interpreter.settings
    return Outcome(
        stdout: out.capturedText, diagnostics: sink.collected.map { printer.render($0) },
        status: status, stored: try? storage.load(), host: interpreter.host,
        base: interpreter.base,
        environment: [
            s.sizeCategory.name, s.locale, s.now?.iso ?? "-", String(s.trace), String(s.echo),
        ])
}

/// The two outcomes, where they differ, for the crash report.
func describe(_ file: Outcome, _ stream: Outcome) -> String {
    var text = "script file vs stdin:\n"
    if file.stdout != stream.stdout {
        text += "stdout:\n---\n\(file.stdout)---\n\(stream.stdout)---\n"
    }
    if file.diagnostics != stream.diagnostics {
        text +=
            "diagnostics:\n---\n\(file.diagnostics.joined())---\n\(stream.diagnostics.joined())---\n"
    }
    if file.status != stream.status { text += "status: \(file.status) vs \(stream.status)\n" }
    if file.stored != stream.stored {
        text += "stored: \(file.stored.map(String.init(describing:)) ?? "none") vs "
        text += "\(stream.stored.map(String.init(describing:)) ?? "none")\n"
    }
    if file.host != stream.host { text += "host: \(file.host) vs \(stream.host)\n" }
    if file.base != stream.base { text += "base: \(file.base) vs \(stream.base)\n" }
    if file.environment != stream.environment {
        text += "environment: \(file.environment) vs \(stream.environment)\n"
    }
    return text
}
