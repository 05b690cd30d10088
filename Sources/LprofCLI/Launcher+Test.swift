import LprofShell
import LprofStore
import LprofSystem
import LprofText

extension Launcher {
    /// The run's status from its failed scripts' statuses: the most telling of them.
    static func testStatus(of failures: Set<ExitStatus>) -> ExitStatus {
        [.usage, .store, .failure].first(where: failures.contains) ?? .success
    }

    /// One script's status: `.usage` only when it cannot be read; an error found before
    /// running fails the script (`.failure`), as a failed expectation does.
    static func runTest(_ path: String, with runner: Runner) -> ExitStatus {
        guard let source = runner.readScript(path: path) else { return .usage }
        let status = runner.runScript(source, path: path)
        return status == .usage ? .failure : status
    }

    /// `lprof test`: runs each script on a fresh profile with its output hidden, prints
    /// `PASS path` or `FAIL path` with the first diagnostic, and ends with `N passed, N
    /// failed`. With `--store`, each script starts from the store as it was when the run
    /// began, in memory: no script sees another's commits, so their order does not matter,
    /// and a test run never writes the store.
    /// It exits (SPEC §6) 0 when every script passed; 2 when a script cannot be read; else
    /// 3 after a store error; else 1 when any failed, a script with an error found before
    /// running (a syntax error) among them.
    func test(_ paths: [String], _ options: CommandLineOptions) -> ExitStatus {
        let out = OutputBuffer(.descriptor(1))
        var passed = 0
        var failed = 0
        var statuses: Set<ExitStatus> = []
        // The store `--store` names, read once for every script.
        let snapshot = options.storePath.map { _ in Result { try storage(options).load() } }
        for path in paths {
            let hidden = OutputBuffer(.discard)
            let sink = DiagnosticSink(.collect, output: nil)
            let store: ProfileStorage =
                switch snapshot {
                case nil: MemoryProfileStorage()
                case .success(let stored)?: MemoryProfileStorage(initial: stored)
                // Each script fails on it as a session would, with the store's own message.
                case .failure?: storage(options)
                }
            let status =
                makeRunner(options, out: hidden, diagnostics: sink, storage: store)
                .map { Self.runTest(path, with: $0) } ?? .store
            let firstError = sink.collected.first { $0.severity == .error }
            if status == .success {
                passed += 1
                out.writeLine("PASS \(TerminalSafe.escape(path))")
            } else {
                failed += 1
                statuses.insert(status)
                out.writeLine("FAIL \(TerminalSafe.escape(path))")
                if let firstError {
                    let text = DiagnosticPrinter().render(firstError)
                    // At a terminal the line wraps at spaces, under its own text.
                    let line = "  " + text.prefix { $0 != "\n" }
                    out.writeLine(
                        isTerminal(1)
                            ? TextWrap.lines(line, width: outputWidth, indent: 4)
                                .joined(separator: "\n") : line)
                }
            }
            out.flush()
            if out.failure != nil { break }
        }
        out.writeLine("\(passed) passed, \(failed) failed")
        return out.finish(status: Self.testStatus(of: statuses))
    }
}
