import Foundation
import Glibc
import Testing

/// Golden transcripts of several sessions on one store: each `Tests/Transcripts/sessions/
/// NAME.lprof` line `X: COMMANDS` is typed into session X (a real `lprof` reading piped
/// stdin, started at its first line, so that it reads the store then), and the harness
/// waits for it to finish the line before the next. The output, `NAME.out`, shows each
/// line as `X> COMMANDS` followed by what it printed, stdout and stderr together as at a
/// terminal; then each session's exit status. Lines starting with `#` are copied; `#| ARGS`
/// first gives the options for every session (default `--now 2026-11-30`). The store is
/// `profile.json` in a fresh folder, the sessions' working folder. Run with LPROF_RECORD=1
/// to rewrite every `.out`.
struct SessionTranscriptTests {
    static let folder = TranscriptTests.folder.appendingPathComponent("sessions")

    static let names = TranscriptTests.scriptNames(in: folder)

    @Test("sessions transcript", arguments: names)
    func transcript(_ name: String) throws {
        let text = try String(
            contentsOf: Self.folder.appendingPathComponent(name + ".lprof"), encoding: .utf8)
        let actual = try Self.play(text)
        try TranscriptTests.compare(
            actual, with: name, in: Self.folder, shown: "sessions/\(name).lprof")
    }

    /// Runs the transcript's lines and renders what happened.
    static func play(_ text: String) throws -> String {
        let dir = try StoreE2EFolder()
        defer { dir.remove() }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        var arguments = ["--now", "2026-11-30"]
        if let first = lines.first, first.hasPrefix("#|") {
            arguments = first.dropFirst(2).split(separator: " ").map(String.init)
            lines.removeFirst()
        }
        var sessions: [String: SyncedSession] = [:]
        var order: [String] = []
        var out = ""
        for line in lines {
            guard let colon = line.firstIndex(of: ":"), !line.hasPrefix("#"),
                line[..<colon].count == 1
            else {
                out += line + "\n"
                continue
            }
            let name = String(line[..<colon])
            let commands = line[line.index(after: colon)...].drop { $0 == " " }
            out += "\(name)> \(commands)\n"
            if sessions[name] == nil {
                sessions[name] = try SyncedSession(
                    ["--store", "profile.json"] + arguments, directory: dir)
                order.append(name)
            }
            out += sessions[name]!.run(String(commands))
        }
        for name in order {
            let (rest, status) = sessions[name]!.finish()
            out += rest + "--- \(name) exit \(status)\n"
        }
        return out
    }
}

/// One `lprof` reading piped stdin, its stdout and stderr in one pipe (in the order a
/// terminal would show them: lprof flushes stdout before each diagnostic). Each line sent
/// ends with a marker `print`, so the harness knows when the line is done.
final class SyncedSession: @unchecked Sendable {
    private let session: StoreE2ESession
    private var seen = 0
    private var count = 0

    init(_ arguments: [String], directory: StoreE2EFolder) throws {
        session = try StoreE2ESession(
            arguments, environment: directory.environment(), directory: directory.url,
            mergeStandardError: true)
    }

    static func marker(_ n: Int) -> String { "@@sync-\(n)@@" }

    /// Sends one line (with the marker on the same line, so that line numbers in messages
    /// are the transcript's) and returns what it printed: up to the marker, or everything
    /// until the session ended.
    func run(_ commands: String) -> String {
        count += 1
        let marker = Self.marker(count)
        guard session.process.isRunning else { return "(the session has ended)\n" }
        session.send(commands + "; print " + marker + "\n")
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            // The marker's own line: a diagnostic that quotes the typed line shows the marker
            // after '; print ', not at the start of a line.
            let out = "\n" + session.stdout
            if out.contains("\n" + marker + "\n") || !session.process.isRunning { break }
            usleep(2_000)
        }
        if !session.process.isRunning { usleep(20_000) }
        return take(upTo: marker)
    }

    /// Closes stdin, waits, and returns what was left and the exit status.
    func finish() -> (String, Int32) {
        let status = session.finish()
        return (take(upTo: nil), status)
    }

    /// The output since the last call, without the marker's line, and without the marker
    /// where a diagnostic quotes the line it was typed on.
    private func take(upTo marker: String?) -> String {
        let all = Array(session.stdout.utf8)
        let new = String(decoding: all.dropFirst(seen), as: UTF8.self)
        seen = all.count
        guard let marker else { return new }
        return new.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { $0 != marker }
            .map { $0.replacingOccurrences(of: "; print " + marker, with: "") }
            .joined(separator: "\n")
    }
}
