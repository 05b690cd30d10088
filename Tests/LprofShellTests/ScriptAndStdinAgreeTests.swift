import Foundation
import LprofModel
import LprofText
import Testing

@testable import LprofShell
@testable import LprofStore
@testable import LprofSystem

/// The differential fuzz target's rule (Fuzz/FuzzDifferential), in every test run: text that
/// checks clean as a whole script runs the same compiled whole (`runText`, as a script file
/// or `-c` text runs) and fed line by line (`runStream`, as piped stdin runs): the same
/// stdout, diagnostics, exit status, stored profile, host and store revision. Checked over
/// every golden transcript's script and every input of the target's checked-in corpus,
/// whose first byte picks the options as the target reads it, so that each input the
/// fuzzer kept, a finding's reproducer (`regress-*`) among them, is replayed here.
/// `source` is refused in both runs (no file is read), as the fuzzer's fixtures are not here.
@Suite struct ScriptAndStdinAgreeTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The inputs: `transcript/NAME` (options from its `#|` line) and `corpus/NAME`.
    static let inputs: [String] = {
        func names(_ folder: String, suffix: String) -> [String] {
            let path = root.appendingPathComponent(folder).path
            let files = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
            return files.filter { $0.hasSuffix(suffix) }.sorted()
        }
        return names("Tests/Transcripts", suffix: ".lprof").map { "transcript/" + $0 }
            + names("Fuzz/corpus/differential", suffix: "").map { "corpus/" + $0 }
    }()

    /// The options byte and the script of an input.
    static func input(_ name: String) throws -> (options: UInt8, script: [UInt8]) {
        if name.hasPrefix("transcript/") {
            let url = root.appendingPathComponent("Tests/Transcripts")
                .appendingPathComponent(String(name.dropFirst("transcript/".count)))
            let bytes = Array(try Data(contentsOf: url))
            let first = String(decoding: bytes.prefix { $0 != 0x0A }, as: UTF8.self)
            let words = first.hasPrefix("#|") ? first.split(separator: " ") : []
            var options: UInt8 = 4 << 5
            if words.contains("--keep-going") { options |= 1 }
            if words.contains("--trace") { options |= 2 }
            if words.contains("--echo") { options |= 4 }
            if first.contains("--edition beta") { options |= 16 }
            return (options, bytes)
        }
        let url = root.appendingPathComponent("Fuzz/corpus/differential")
            .appendingPathComponent(String(name.dropFirst("corpus/".count)))
        let bytes = Array(try Data(contentsOf: url))
        return (bytes.first ?? 0, Array(bytes.dropFirst()))
    }

    struct Outcome: Equatable {
        var stdout: String
        var diagnostics: [String]
        var status: LprofSystem.ExitStatus
        var stored: StoredProfile?
        var host: LprofModel.Host
        var base: StoredProfile
    }

    /// One session as FuzzDifferential makes it from `options`, run through `body`.
    static func run(_ options: UInt8, _ body: (Runner) throws -> LprofSystem.ExitStatus) throws
        -> Outcome
    {
        var settings = Settings()
        let width = 20 + Int(options >> 5) * 15
        settings.width = { width }
        settings.now = interpToday
        settings.trace = options & 2 != 0
        settings.echo = options & 4 != 0
        var initial: StoredProfile? = nil
        if options & 8 != 0 {
            var profile = Profile.default(today: interpToday)
            profile.username = "kim"
            profile.seasonalPhoto = .autumn
            initial = StoredProfile(profile: profile, revision: 4)
        }
        let storage = MemoryProfileStorage(initial: initial)
        let out = OutputBuffer(.capture)
        let sink = DiagnosticSink(.collect, output: out)
        let interpreter = Interpreter(
            storage: storage, loaded: initial, settings: settings, out: out,
            clock: { interpToday })
        if options & 16 != 0 {
            try interpreter.apply(
                .switchEdition(.beta, Profile.default(today: interpToday)),
                at: Span(line: 1, start: 0, end: 0), by: .env)
        }
        let runner = Runner(interpreter: interpreter, diagnostics: sink)
        runner.keepGoing = options & 1 != 0
        runner.sourceablePaths = []
        let status = try body(runner)
        return Outcome(
            stdout: out.capturedText,
            diagnostics: sink.collected.map { DiagnosticPrinter().render($0) }, status: status,
            stored: try storage.load(), host: interpreter.host, base: interpreter.base)
    }

    @Test(arguments: inputs)
    func wholeAndLineByLineAgree(_ name: String) throws {
        let (options, script) = try Self.input(name)
        let name = "s.lprof"
        let info = SourceInfo(name: name, directory: ".")
        let check = DiagnosticSink(.collect, output: nil)
        // Specified to agree only when the whole script checks clean (SPEC §3, §6).
        guard Compiler.compile(SourceBytes(script), info, sniff: true, into: check) != nil,
            let text = String(validating: script, as: UTF8.self), script.count < 60_000
        else { return }
        let whole = try Self.run(options) { $0.runText(text, name: name) }
        let lines = try Self.run(options) { runner in
            var fds: [Int32] = [0, 0]
            guard pipe(&fds) == 0 else { throw InterpPipeError() }
            if !script.isEmpty {
                _ = script.withUnsafeBytes { write(fds[1], $0.baseAddress!, $0.count) }
            }
            close(fds[1])
            defer { close(fds[0]) }
            return runner.runStream(descriptor: fds[0], name: name)
        }
        #expect(whole.stdout == lines.stdout)
        #expect(whole.diagnostics == lines.diagnostics)
        #expect(whole.status == lines.status)
        #expect(whole.stored == lines.stored)
        #expect(whole.host == lines.host)
        #expect(whole.base == lines.base)
    }
}
