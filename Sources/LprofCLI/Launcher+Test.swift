import LprofShell
import LprofStore
import LprofSystem
import LprofText

extension Launcher {
    /// The most telling of the failed scripts' statuses.
    static func testStatus(of failures: Set<ExitStatus>) -> ExitStatus {
        [.usage, .store, .failure].first(where: failures.contains) ?? .success
    }

    /// `lprof test` (SPEC §6): each script on the store as it was, so none sees another's commits.
    func test(_ paths: [String], _ options: CommandLineOptions) -> ExitStatus {
        let out = OutputBuffer(.descriptor(1))
        var passed = 0
        var failed = 0
        var statuses: Set<ExitStatus> = []
        // Read once for every script.
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
            // `.usage` only when the script cannot be read, said before the store's state.
            let status: ExitStatus
            if let source = Runner.readScript(path: path, into: sink) {
                let run =
                    makeRunner(options, out: hidden, diagnostics: sink, storage: store)
                    .map { $0.runScript(source, path: path) } ?? .store
                status = run == .usage ? .failure : run
            } else {
                status = .usage
            }
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
                    // At a terminal, wrapped under its own text.
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
