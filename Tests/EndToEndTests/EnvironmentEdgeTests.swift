import Foundation
import Testing

/// The environment and the command line are input like any other (issue 32, SPEC §4): a
/// locale variable ICU cannot use, and escape sequences in every argument lprof echoes.
@Suite struct EnvironmentEdgeTests {
    /// An environment with nothing but a private home and `extra`, as `env -i` gives.
    static func bare(_ extra: [String: String]) throws -> [String: String] {
        let home = try Hostile.folder()
        var env = ["HOME": home.path, "PATH": "/usr/bin:/bin"]
        for (key, value) in extra { env[key] = value }
        return env
    }

    /// Values ICU crashed on (SIGSEGV under `DateFormatter`) when lprof left them in place.
    static let crashingLocales: [[String: String]] = [
        ["LANG": "abcdefghijkl"], ["LANG": "/usr/share/locale"], ["LANG": "x;c;abcdefg="],
        ["LC_MESSAGES": "abcdefghijklmnop"], ["LC_ALL": "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"],
    ]

    @Test(arguments: crashingLocales)
    func aLocaleICUCannotUseFallsBackToEnUSWithOneWarning(_ locale: [String: String]) throws {
        for text in ["show summary", "show", "show editor", "show voiceover"] {
            let r = try LprofProcess.run(
                ["--memory", "--now", "2026-11-30", "-c", text], environment: try Self.bare(locale))
            #expect(r.status == 0, "\(locale) \(text): exit \(r.status): \(r.stderr.prefix(300))")
            let warnings = r.stderr.split(separator: "\n").map(String.init)
            #expect(warnings.count == 1, "\(locale) \(text): \(r.stderr)")
            let (name, value) = try #require(locale.first)
            #expect(
                warnings.first == "lprof: warning: \(name)='\(value)' names no locale lprof can"
                    + " use; dates are in en_US (see 'locale -a', or give --locale ID)")
            if text == "show summary" { #expect(r.stdout.contains("November 30, 2026")) }
        }
        let german = try LprofProcess.run(
            ["--memory", "--now", "2026-11-30", "--locale", "de_DE", "-c", "show summary"],
            environment: try Self.bare(locale))
        #expect(german.status == 0, "\(german.stderr)")
        #expect(german.stdout.contains("30. November 2026"), "\(german.stdout)")
        #expect(german.stderr.hasSuffix("lprof ignores it\n"), "\(german.stderr)")
        let lesson = try LprofProcess.run(
            ["learn", "1"], stdin: Data("show summary\n".utf8), environment: try Self.bare(locale))
        #expect(lesson.status < 128, "learn 1: killed: \(lesson.stderr.suffix(300))")
        #expect(!lesson.stderr.contains("Backtrac"))
    }

    @Test func aWellFormedLocaleICUDoesNotKnowIsSaidOnce() throws {
        let r = try LprofProcess.run(
            ["--memory", "--now", "2026-11-30", "-c", "show summary"],
            environment: try Self.bare(["LANG": "xx_YY.UTF-8"]))
        #expect(r.status == 0)
        #expect(r.stderr.hasPrefix("lprof: warning: LANG='xx_YY.UTF-8' names no locale"))
        #expect(r.stdout.contains("November 30, 2026"))
        for usable in ["C.UTF-8", "POSIX", "ko_KR.UTF-8", "de_DE@euro", "sr_RS@latin"] {
            let ok = try LprofProcess.run(
                ["--memory", "-c", "get season"], environment: try Self.bare(["LANG": usable]))
            #expect(ok.stderr == "", "\(usable): \(ok.stderr)")
        }
    }

    /// An OSC 52 sequence, which sets the clipboard in a terminal that honours it.
    static let osc52 = "\u{1B}]52;c;SElKQUNLRUQ=\u{07}"

    /// Every way an argument comes back in a message.
    static let echoingArguments: [[String]] = [
        ["help", osc52], ["learn", osc52], ["--locale", osc52], ["--now", osc52],
        ["--size", osc52], ["--edition", osc52], ["--color", osc52], ["--completion", osc52],
        ["--editor-file", osc52], ["--X" + osc52], ["-X" + osc52], ["-qX" + osc52],
        ["test", "--X" + osc52], ["check", "-qX" + osc52], ["test", "-qX" + osc52],
        ["lern" + osc52],
    ]

    @Test(arguments: echoingArguments)
    func echoedArgumentsAreEscaped(_ arguments: [String]) throws {
        let r = try LprofProcess.run(arguments)
        #expect(r.status == 2, "\(arguments): exit \(r.status)")
        Self.expectNoControls(r, "\(arguments)")
        #expect(r.stderr.contains("\\u{1B}]52;c;SElKQUNLRUQ"), "\(r.stderr)")
    }

    /// `COLUMNS` as large as a number gets is cut to what a terminal can report: views are
    /// laid out (it crashed on an overflow, or ran out of memory), and lines stay bounded.
    @Test(arguments: ["9223372036854775807", "4294967296", "300000000"])
    func aHugeColumnsIsCut(_ columns: String) throws {
        let home = try Hostile.folder()
        let env = LprofProcess.environment(home: home.path, extra: ["COLUMNS": columns])
        let r = try LprofProcess.run(
            ["--memory", "-c", "show summary; show badges; show code; why season"],
            environment: env)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("Seasonal Photos"))
        #expect(r.stdout.split(separator: "\n").allSatisfy { $0.count <= 65_535 })
    }

    /// With no file descriptor free, the static binary's runtime cannot read the arguments:
    /// lprof says so and runs nothing, rather than crash or run as if given none. (A dynamic
    /// binary cannot even be loaded then, so only the static one is tried.)
    @Test(.enabled(if: !LprofProcess.isDynamicallyLinked))
    func noFreeDescriptorForTheArguments() throws {
        let r = try LprofProcess.run(
            ["-V"], through: ["/bin/sh", "-c", #"ulimit -n 3; exec "$0" "$@""#])
        #expect(r.status == 2)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.hasPrefix("lprof: error: cannot read its arguments"), "\(r.stderr)")
    }

    /// A tab in a locale variable is escaped in the warning, as every other control is; a
    /// clock variable outside the years a date is written in says what the years are.
    @Test func aTabInALocaleAndAnOldClockAreSaidPlainly() throws {
        let locale = try LprofProcess.run(
            ["--memory", "-c", "print"], environment: try Self.bare(["LC_ALL": "en\tUS"]))
        #expect(locale.stderr.contains("LC_ALL='en\\u{9}US'"), "\(locale.stderr)")
        #expect(!locale.stderr.contains("\t"))
        let home = try Hostile.folder()
        let clock = try LprofProcess.run(
            ["--memory", "-c", "print"],
            environment: LprofProcess.environment(
                home: home.path, extra: ["LPROF_NOW": "0999-01-01"]))
        #expect(clock.status == 2)
        #expect(clock.stderr.contains("(years 1000–9999), not '0999-01-01'"), "\(clock.stderr)")
    }

    @Test func theClockVariableIsEscaped() throws {
        let home = try Hostile.folder()
        let env = LprofProcess.environment(home: home.path, extra: ["LPROF_NOW": Self.osc52])
        let r = try LprofProcess.run(["--memory", "-c", "get goal"], environment: env)
        #expect(r.status == 2)
        Self.expectNoControls(r, "LPROF_NOW")
    }

    /// No byte of stdout or stderr is a control other than a newline.
    static func expectNoControls(
        _ r: LprofProcess.Result, _ what: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for (name, text) in [("stdout", r.stdout), ("stderr", r.stderr)] {
            let bad = text.unicodeScalars.first {
                ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value)
            }
            #expect(
                bad == nil, "\(what): \(name) holds U+\(String(bad?.value ?? 0, radix: 16))",
                sourceLocation: sourceLocation)
        }
    }
}
