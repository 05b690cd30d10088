import Foundation
import Testing

/// End-to-end tests through pipes: exit statuses, stdout/stderr separation, stdin line by
/// line, `-c`, `lprof test`, `lprof check`, the command line of SPEC §6, hostile input and
/// hostile outputs. Every result is also checked for crashes and stray escape bytes.
struct PipeTests {
    // MARK: - Helpers

    /// A fresh temporary folder, removed by the caller's `defer`.
    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("lprof-pipe-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Writes `bytes` to `name` in `folder` and returns the file's path.
    @discardableResult
    static func write(_ bytes: [UInt8], _ name: String, in folder: URL) throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    @discardableResult
    static func write(_ text: String, _ name: String, in folder: URL) throws -> String {
        try write(Array(text.utf8), name, in: folder)
    }

    /// Runs lprof and checks what must hold for every run: no crash, no Swift runtime
    /// error, no escape byte on a piped stdout.
    static func run(
        _ arguments: [String], stdin: String = "", environment: [String: String]? = nil,
        directory: URL? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> LprofProcess.Result {
        try run(
            arguments, stdinBytes: Array(stdin.utf8), environment: environment,
            directory: directory, sourceLocation: sourceLocation)
    }

    static func run(
        _ arguments: [String], stdinBytes: [UInt8], environment: [String: String]? = nil,
        directory: URL? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> LprofProcess.Result {
        let r = try LprofProcess.run(
            arguments, stdin: Data(stdinBytes), environment: environment, directory: directory)
        checkSane(r, sourceLocation: sourceLocation)
        return r
    }

    static func checkSane(
        _ r: LprofProcess.Result, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(r.status < 128, "killed by a signal: \(r)", sourceLocation: sourceLocation)
        for text in [r.stdout, r.stderr] {
            #expect(!text.contains("Fatal error"), "\(r)", sourceLocation: sourceLocation)
            #expect(!text.contains("Stack dump"), "\(r)", sourceLocation: sourceLocation)
            #expect(!text.contains("Current stack trace"), "\(r)", sourceLocation: sourceLocation)
        }
        #expect(
            !r.stdout.utf8.contains(0x1B), "escape byte on stdout: \(r.stdout)",
            sourceLocation: sourceLocation)
    }

    static let base = ["--memory", "--now", "2026-11-30"]

    /// An environment like the harness's, plus `extra`.
    static func env(_ extra: [String: String] = [:]) throws -> [String: String] {
        let home = try temporaryFolder()
        return LprofProcess.environment(home: home.path, extra: extra)
    }

    // MARK: - Exit statuses

    @Test func exitStatusesForScripts() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let ok = try Self.write("print ok\n", "ok.lprof", in: folder)
        let fails = try Self.write(
            "print one\nset season autumn\nprint two\n", "fails.lprof", in: folder)
        let syntax = try Self.write("print one\nsett season autumn\n", "syntax.lprof", in: folder)
        var r = try Self.run(Self.base + [ok])
        #expect(r == .init(stdout: "ok\n", stderr: "", status: 0))
        r = try Self.run(Self.base + [fails])
        #expect(r.status == 1 && r.stdout == "one\n")
        #expect(r.stderr.hasPrefix("\(fails):2:1: error: "))
        r = try Self.run(Self.base + [syntax])
        #expect(r.status == 2 && r.stdout == "", "a syntax error runs nothing")
        #expect(r.stderr.hasPrefix("\(syntax):2:1: error: unknown command 'sett'"))
    }

    @Test func exitStatusesForCommandText() throws {
        #expect(try Self.run(Self.base + ["-c", "print ok"]).status == 0)
        let fails = try Self.run(Self.base + ["-c", "print one; expect season summer; print two"])
        #expect(fails.status == 1 && fails.stdout == "one\n")
        #expect(
            fails.stderr.hasPrefix(
                "<command-line>:1:26: error: expected season to be summer, but it is winter\n"))
        let syntax = try Self.run(Self.base + ["-c", "print before\nprint \"after"])
        #expect(syntax.status == 2)
        #expect(syntax.stdout == "", "-c with a syntax error runs nothing, not even earlier lines")
        #expect(syntax.stderr.hasPrefix("<command-line>:2:7: error: unterminated string"))
    }

    @Test func sourceExpandsTheHomeFolder() throws {
        let home = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: home) }
        _ = try Self.write("print from home\n", "h.lprof", in: home)
        let r = try LprofProcess.run(
            Self.base + ["-c", "source ~/h.lprof; source '~/h.lprof'"],
            environment: LprofProcess.environment(home: home.path))
        #expect(r == .init(stdout: "from home\nfrom home\n", stderr: "", status: 0))
    }

    @Test func exitStatusesForStdin() throws {
        #expect(
            try Self.run(Self.base, stdin: "print ok\n")
                == .init(stdout: "ok\n", stderr: "", status: 0))
        let fails = try Self.run(Self.base, stdin: "print one\ndone\nprint two\n")
        #expect(fails.status == 1 && fails.stdout == "one\n")
        #expect(fails.stderr.hasPrefix("<stdin>:2:1: error: 'done' needs edit mode"))
        let syntax = try Self.run(Self.base, stdin: "print one\nsett x y\nprint two\n")
        #expect(syntax.status == 2 && syntax.stdout == "one\n", "stdin runs line by line")
        // A command where a script goes: the error says how to run it.
        let show = try Self.run(Self.base + ["show"])
        #expect(show.status == 2)
        #expect(
            show.stderr
                == "lprof: error: script 'show' cannot be read: No such file or directory; to run the command, type lprof -c 'show'\n"
        )
        // `lprof -` names stdin as the script, as cat and sh take it: read whole and
        // checked whole, so a late error runs nothing.
        let dash = try Self.run(Self.base + ["-"], stdin: "print one\nsett x y\n")
        #expect(dash.status == 2 && dash.stdout == "")
        #expect(dash.stderr.hasPrefix("<stdin>:2:1: error: unknown command 'sett'"))
    }

    @Test func storeErrorIsExit3AndStopsEvenWithKeepGoing() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try Self.write("{not json", "profile.json", in: folder)
        for arguments in [["-c", "print never"], ["--keep-going", "-c", "print never"]] {
            let r = try Self.run(["--store", store, "--now", "2026-11-30"] + arguments)
            #expect(r.status == 3 && r.stdout == "")
            #expect(r.stderr.contains(store), "names the file: \(r.stderr)")
        }
        #expect(
            try String(contentsOfFile: store, encoding: .utf8) == "{not json", "never overwritten")
        let viaStdin = try Self.run(["--store", store], stdin: "print never\n")
        #expect(viaStdin.status == 3 && viaStdin.stdout == "")
    }

    // MARK: - Streams

    @Test func stdoutAndStderrAreSeparate() throws {
        let r = try Self.run(
            Self.base + [
                "--keep-going", "-c", "print out; set season autumn; get season; cancel; print end",
            ])
        #expect(r.stdout == "out\nwinter\nend\n")
        #expect(r.stderr.contains("error: fields change only in edit mode"))
        #expect(r.stderr.contains("error: 'cancel' needs edit mode"))
        #expect(!r.stderr.contains("winter\n") && !r.stdout.contains("error"))
        #expect(r.status == 1)
        let warning = try Self.run(Self.base + ["-c", "edit on; set season spring"])
        #expect(warning.stdout == "")
        #expect(warning.stderr.hasPrefix("<command-line>:1:1: warning: ended in edit mode"))
        #expect(warning.status == 0, "the pending-draft warning leaves the status unchanged")
    }

    @Test func stdinSyntaxErrorDoesNotStopEarlierLines() throws {
        let text =
            "print one\nedit on\nset season autumn\ndone\nget season\nprint \"open\nprint two\n"
        let stops = try Self.run(Self.base, stdin: text)
        #expect(stops.stdout == "one\nautumn\n")
        #expect(stops.stderr.hasPrefix("<stdin>:6:7: error: unterminated string"))
        #expect(stops.status == 2)
        let goesOn = try Self.run(
            Self.base + ["--keep-going"], stdin: text + "set season x\nprint three\n")
        #expect(goesOn.stdout == "one\nautumn\ntwo\nthree\n")
        #expect(goesOn.status == 2, "the first failure's status")
    }

    @Test func stdinWithoutFinalNewlineAndEmptyStdin() throws {
        #expect(try Self.run(Self.base, stdin: "print a\nprint b").stdout == "a\nb\n")
        #expect(try Self.run(Self.base, stdin: "") == .init(stdout: "", stderr: "", status: 0))
    }

    @Test func quitStopsStdinAndCommandText() throws {
        #expect(try Self.run(Self.base, stdin: "print a\nquit\nprint b\n").stdout == "a\n")
        #expect(try Self.run(Self.base + ["-c", "print a; exit; print b"]).stdout == "a\n")
    }

    // MARK: - lprof test and lprof check

    @Test func testSubcommand() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let a = try Self.write(
            "print hidden\nedit on\nset season autumn\ndone\nexpect season autumn\n", "a.lprof",
            in: folder)
        let b = try Self.write("print hidden\nexpect season winter\n", "b.lprof", in: folder)
        let c = try Self.write(
            "expect season winter\nexpect mode active\nexpect mode inactive\n", "c.lprof",
            in: folder)
        let d = try Self.write("print x\nget sesaon\n", "d.lprof", in: folder)
        let pass = try Self.run(["test", "--now", "2026-11-30", a, b])
        #expect(
            pass
                == .init(
                    stdout: "PASS \(a)\nPASS \(b)\n2 passed, 0 failed\n", stderr: "", status: 0),
            "each script runs on a fresh profile; the scripts' output is hidden")
        let fail = try Self.run(["test", "--now", "2026-11-30", a, c, d])
        let lines = fail.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(
            String.init)
        #expect(lines.first == "PASS \(a)")
        #expect(lines.contains("FAIL \(c)"))
        #expect(
            lines.contains {
                $0.contains("\(c):2:13: error: expected mode active, but it is inactive")
            })
        #expect(!lines.contains { $0.contains("\(c):3") }, "only the first diagnostic")
        #expect(lines.contains("FAIL \(d)"))
        #expect(lines.contains { $0.contains("\(d):2:5: error: unknown field 'sesaon'") })
        #expect(!fail.stdout.contains("hidden") && !fail.stdout.contains("x\n"))
        #expect(lines.dropLast().last == "1 passed, 2 failed")
        #expect(fail.status == 1, "a syntax error fails its script (SPEC §6)")
        #expect(try Self.run(["test", "--now", "2026-11-30", a, c]).status == 1)
    }

    @Test func testSubcommandDoesNotTouchTheDefaultStore() throws {
        let home = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: home) }
        let script = try Self.write("edit on\nset season autumn\ndone\n", "t.lprof", in: home)
        let environment = LprofProcess.environment(home: home.path)
        let r = try Self.run(["test", script], environment: environment)
        #expect(r.status == 0)
        #expect(
            !FileManager.default.fileExists(atPath: home.path + "/data/lprof/profile.json"),
            "lprof test uses a fresh in-memory profile")
    }

    @Test func checkSubcommand() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let clean = try Self.write(
            "set season autumn\nprint \"fine\"\n", "clean.lprof", in: folder)
        let dirty = try Self.write(
            "print 'a\nsett x\nget seasn\nprint ok\nshow sumary\n", "dirty.lprof", in: folder)
        #expect(try Self.run(["check", clean]) == .init(stdout: "", stderr: "", status: 0))
        let r = try Self.run(["check", clean, dirty])
        #expect(r.stdout == "")
        #expect(r.status == 2)
        let located = r.stderr.split(separator: "\n").filter { $0.hasPrefix(dirty + ":") }
        #expect(located.map { $0.split(separator: ":")[1] } == ["1", "2", "3", "5"], "\(r.stderr)")
        let missing = try Self.run(["check", folder.path + "/none.lprof"])
        #expect(missing.status == 2 && missing.stderr.contains("none.lprof"))
    }

    // MARK: - Command line (SPEC §6)

    @Test func optionsWithEqualsSign() throws {
        let r = try Self.run([
            "--memory", "--now=2027-01-31", "--edition=beta", "--size=ax3", "--locale=ko-KR",
            "--color=never", "-c", "env",
        ])
        #expect(
            r.stdout
                == "editMode=inactive\nsizeCategory=accessibilityExtraLarge\nlocale=ko_KR\nnow=2027-01-31\nedition=beta\nwiring=beta\n"
        )
        let separate = try Self.run([
            "--memory", "--now", "2027-01-31", "--edition", "BETA", "--size", "xs", "--locale",
            "ja_JP.UTF-8", "--color", "always", "-c", "env",
        ])
        #expect(
            separate.stdout
                == "editMode=inactive\nsizeCategory=extraSmall\nlocale=ja_JP\nnow=2027-01-31\nedition=beta\nwiring=beta\n"
        )
        let flags = try Self.run(
            Self.base + [
                "--keep-going", "--echo", "--trace", "--no-rc", "-q", "-c",
                "set season autumn; print y",
            ])
        #expect(flags.stdout == "lprof> set season autumn\nlprof> print y\ny\n")
        #expect(flags.status == 1)
    }

    @Test(arguments: [
        (["--trce"], "did you mean '--trace'?"),
        (["--now", "2026-02-30"], "2026-02-30"),
        (["--now=0999-01-01"], "0999-01-01"),
        (["--now", "tomorrow"], "tomorrow"),
        (["--now"], "--now"),
        (["--edition", "gamma"], "gamma"),
        (["--edition=relase"], "did you mean 'release'?"),
        (["--color", "sometimes"], "sometimes"),
        (["--color=alway"], "did you mean 'always'?"),
        (["--size", "huge"], "huge"),
        (["--size=ax6"], "ax6"),
        (["--locale", "not a locale"], "not a locale"),
        (["--store"], "--store"),
        (["-x"], "-x"),
        (["a.lprof", "b.lprof"], "lprof test"),
        (["test"], "test"),
        (["check"], "check"),
    ])
    func usageErrors(_ arguments: [String], _ mention: String) throws {
        let r = try Self.run(arguments, stdin: "print never\n")
        #expect(r.status == 2, "\(arguments): \(r)")
        #expect(r.stdout == "")
        #expect(r.stderr.contains(mention), "\(arguments): \(r.stderr)")
        #expect(r.stderr.contains("lprof --help"), "a hint: \(r.stderr)")
    }

    @Test func badLprofNow() throws {
        let r = try Self.run(
            ["--memory", "-c", "print never"],
            environment: try Self.env(["LPROF_NOW": "2026-13-01"]))
        #expect(r.status == 2 && r.stdout == "" && r.stderr.contains("LPROF_NOW"))
        let good = try Self.run(
            ["--memory", "-c", "get goal; env now"],
            environment: try Self.env(["LPROF_NOW": "2027-05-05"]))
        #expect(good.stdout == "2027-05-05\n2027-05-05\n")
        let option = try Self.run(
            ["--memory", "--now", "2027-06-06", "-c", "env now"],
            environment: try Self.env(["LPROF_NOW": "2027-05-05"]))
        #expect(option.stdout == "2027-06-06\n", "--now wins over LPROF_NOW")
    }

    @Test func helpAndVersion() throws {
        for flag in ["-h", "--help"] {
            let r = try Self.run([flag])
            #expect(r.status == 0 && r.stderr == "")
            for word in [
                "--store", "--memory", "--now", "--edition", "--keep-going", "--echo", "--trace",
                "--color", "--size", "--locale", "--no-rc", "-q", "-V", "lprof test", "lprof check",
                "-c",
            ] {
                #expect(r.stdout.contains(word), "\(flag) mentions \(word)")
            }
        }
        for flag in ["-V", "--version"] {
            let r = try Self.run([flag])
            #expect(
                r.status == 0 && r.stdout.hasPrefix("lprof ") && r.stdout.hasSuffix("\n")
                    && r.stderr == "")
        }
    }

    @Test func missingScriptAndFolderAreExit2() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = try Self.run(Self.base + [folder.path + "/nope.lprof"])
        #expect(
            missing.status == 2 && missing.stdout == "" && missing.stderr.contains("nope.lprof"))
        let dir = try Self.run(Self.base + [folder.path])
        #expect(dir.status == 2 && dir.stdout == "" && dir.stderr.contains(folder.path))
    }

    // MARK: - Hostile input

    @Test func invalidUTF8InScriptIsLocated() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try Self.write(
            Array("print ok\nprint \"a".utf8) + [0xFF] + Array("b\"\n".utf8), "bad.lprof",
            in: folder)
        let r = try Self.run(Self.base + [path])
        #expect(r.status == 2 && r.stdout == "")
        #expect(r.stderr.hasPrefix("\(path):2:9: error: invalid UTF-8"), "\(r.stderr)")
        let truncated = try Self.run(
            Self.base, stdinBytes: Array("print ok\nprint 🍂 ".utf8) + [0xF0, 0x9F])
        #expect(truncated.stdout == "ok\n" && truncated.status == 2)
        #expect(
            truncated.stderr.hasPrefix("<stdin>:2:9: error: invalid UTF-8"), "\(truncated.stderr)")
        let overlong = try Self.run(
            Self.base + ["--keep-going"],
            stdinBytes: [0xC0, 0xAF, 0x0A] + Array("print after\n".utf8))
        #expect(overlong.stdout == "after\n" && overlong.status == 2)
        #expect(overlong.stderr.hasPrefix("<stdin>:1:1: error: invalid UTF-8"))
    }

    @Test func nulBytesAreLocatedErrors() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try Self.write(
            Array("print ok\nprint a".utf8) + [0] + Array("b\n".utf8), "nul.lprof", in: folder)
        let r = try Self.run(Self.base + [path])
        #expect(r.status == 2 && r.stdout == "")
        #expect(
            r.stderr
                == "\(path):2:8: error: not a text file (a NUL byte, U+0000): lprof reads UTF-8 text\n",
            "\(r.stderr)")
        let quoted = try Self.run(
            Self.base, stdinBytes: Array("print \"a".utf8) + [0] + Array("\"\n".utf8))
        #expect(
            quoted.status == 2
                && quoted.stderr.hasPrefix("<stdin>:1:9: error: control character U+0000"))
        let escape = try Self.run(
            Self.base, stdinBytes: Array("print a".utf8) + [0x1B] + Array("[31m\n".utf8))
        #expect(
            escape.status == 2
                && escape.stderr.hasPrefix("<stdin>:1:8: error: control character U+001B"))
        #expect(
            !escape.stderr.utf8.contains(0x1B), "the excerpt shows the control character safely")
    }

    @Test func crlfAndByteOrderMark() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let text =
            "\u{FEFF}#!/usr/bin/env lprof\r\nprint bom\r\nprint one \\\r\n  two\r\nedit on; set username \"a b\"\r\nget username\r\ndone\r\nexpect username \"a b\"\r\n"
        let path = try Self.write(text, "crlf.lprof", in: folder)
        let r = try Self.run(Self.base + [path])
        #expect(r == .init(stdout: "bom\none two\na b\n", stderr: "", status: 0))
        #expect(try Self.run(Self.base, stdin: text) == r)
        #expect(try Self.run(["check", path]).status == 0)
        let located = try Self.run(Self.base, stdin: "\u{FEFF}print \"x\r\n")
        #expect(
            located.stderr.hasPrefix("<stdin>:1:7: error: unterminated string"),
            "BOM is not a column: \(located.stderr)")
        #expect(!located.stderr.contains("\r"))
    }

    @Test func overlongLineIsAnErrorNotACrash() throws {
        let long = "print " + String(repeating: "a", count: 70_000) + "\nprint after\n"
        let r = try Self.run(Self.base + ["--keep-going"], stdin: long)
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("<stdin>:1:1: error: line 1 is longer than 65536 bytes"))
        let exact = "print " + String(repeating: "b", count: 65_536 - 6) + "\n"
        #expect(
            try Self.run(Self.base, stdin: exact).status == 0, "a line of exactly 64 KiB is fine")
    }

    // MARK: - Hostile outputs

    /// `lprof s.lprof | head -1` of a long script that commits at its end: lprof ends by
    /// SIGPIPE as any Unix tool does, so the caller sees that the script did not finish, and
    /// the commit after the point it reached never happens (SPEC §7).
    @Test func closedStdoutEndsBySIGPIPEBeforeTheRestRuns() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var lines = "edit on; set season spring; done\n"
        for i in 0..<50_000 {
            lines += "print line \(i) with some padding to fill the pipe quickly\n"
        }
        lines += "edit on; set season autumn; done\n"
        let path = try Self.write(lines, "many.lprof", in: folder)
        let store = folder.appendingPathComponent("profile.json").path
        let process = Process()
        process.executableURL = LprofProcess.binary
        process.arguments = ["--store", store, "--now", "2026-11-30", path]
        process.environment = try Self.env()
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Read one line, like `| head -1`, then close the read end.
        var first = Data()
        while !first.contains(0x0A) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            first.append(chunk)
        }
        try output.fileHandleForReading.close()
        let errorData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(String(decoding: first, as: UTF8.self).hasPrefix("line 0 "))
        let stderr = String(decoding: errorData, as: UTF8.self)
        #expect(stderr == "", "a closed pipe ends quietly: \(stderr)")
        #expect(process.terminationReason == .uncaughtSignal, "ended by a signal")
        #expect(process.terminationStatus == SIGPIPE)
        let stored = try String(contentsOfFile: store, encoding: .utf8)
        #expect(stored.contains("\"spring\""), "the commit before stays: \(stored)")
    }

    @Test func fullDiskIsAnError() throws {
        guard FileManager.default.fileExists(atPath: "/dev/full") else { return }
        for arguments in [["-c", "print a"], ["-c", "help"], ["-c", "get --json"]] {
            let process = Process()
            process.executableURL = LprofProcess.binary
            process.arguments = Self.base + arguments
            process.environment = try Self.env()
            process.standardOutput = FileHandle(forWritingAtPath: "/dev/full")
            let errors = Pipe()
            process.standardError = errors
            process.standardInput = FileHandle.nullDevice
            try process.run()
            let stderr = String(
                decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationReason == .exit)
            #expect(process.terminationStatus != 0, "\(arguments)")
            #expect(stderr.contains("No space left on device"), "\(stderr)")
            #expect(!stderr.contains("Fatal error"))
        }
    }

    @Test func noEscapeBytesOnPipedStdout() throws {
        let script = """
            edit on
            set username "\\u{9B}31m\\u{200B}"
            set username "x\\u{9B}2J"
            done
            get username
            get --json
            print "\\u{1B}[31mred\\u{1B}[0m" "\\u{7}" "\\u{9B}"
            show
            show summary
            show editor
            show diff
            show badges
            show hike
            show env
            help
            """
        for color in ["auto", "never"] {
            let r = try Self.run(
                Self.base + ["--color", color, "--keep-going", "-c", script],
                environment: try Self.env(["TERM": "xterm-256color", "COLORTERM": "truecolor"]))
            // checkSane already looks for 0x1B; also no C1 CSI (U+009B).
            #expect(!r.stdout.unicodeScalars.contains("\u{9B}"), "\(color): \(r.stdout)")
        }
    }

    // MARK: - Views and the host, without pinning the views' layout

    @Test func bareShowRendersSummaryOrEditor() throws {
        let r = try Self.run(
            Self.base + [
                "-c",
                "show; print ---; show summary; print ===; edit on; set season autumn; show; print ---; show editor",
            ])
        let parts = r.stdout.components(separatedBy: "===\n")
        #expect(parts.count == 2)
        let inactive = parts[0].components(separatedBy: "---\n")
        let active = parts[1].components(separatedBy: "---\n")
        #expect(inactive.count == 2 && inactive[0] == inactive[1] && !inactive[0].isEmpty)
        #expect(active.count == 2 && active[0] == active[1] && !active[0].isEmpty)
        #expect(inactive[0] != active[0])
    }

    @Test func theBetaIgnoresTheStoreAndItsLabWiringShowsAStaleDraft() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try Self.write(
            #"{"format":1,"revision":4,"profile":{"username":"hiker","prefersNotifications":false,"seasonalPhoto":"autumn","goalDate":"2027-01-15"}}"#,
            "profile.json", in: folder)
        let exact = try Self.run([
            "--store", store, "--now", "2026-11-30", "--edition", "beta", "-c",
            "get username; edit on; get username; get profile.username",
        ])
        #expect(exact.stdout == "g_kumar\ng_kumar\ng_kumar\n", "the beta's profile is @State")
        let beta = try Self.run([
            "--store", store, "--now", "2026-11-30", "--edition", "beta", "--trace", "-c",
            "env wiring profile modeldata; get username; edit on; get username; get profile.username; get --json draft; cancel; edit on; get username",
        ])
        #expect(beta.status == 0, "\(beta)")
        let values = beta.stdout.split(separator: "\n").filter { !$0.hasPrefix("~ ") }
        #expect(
            values == [
                "hiker", "g_kumar", "hiker",
                #"{"username":"g_kumar","prefersNotifications":true,"seasonalPhoto":"winter","goalDate":"2026-11-30"}"#,
                "hiker",
            ],
            "the beta's first edit shows the default draft; cancel's onDisappear copies the profile"
        )
        #expect(!beta.stdout.contains("onAppear: draft = profile"), "the beta has no onAppear copy")
        let release = try Self.run([
            "--store", store, "--now", "2026-11-30", "-c", "edit on; get username; cancel",
        ])
        #expect(release.stdout == "hiker\n", "release's onAppear copies the profile")
    }

    @Test func commitsAreSavedAndCancelsAreNot() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = folder.appendingPathComponent("p.json").path
        var r = try Self.run([
            "--store", store, "--now", "2026-11-30", "-c", "edit on; set season autumn; cancel",
        ])
        #expect(r.status == 0)
        #expect(!FileManager.default.fileExists(atPath: store), "cancel saves nothing")
        r = try Self.run([
            "--store", store, "--now", "2026-11-30", "-c", "edit on; set season autumn; done",
        ])
        #expect(r.status == 0)
        r = try Self.run([
            "--store", store, "--now", "2026-11-30", "-c", "get season; reset; get season",
        ])
        #expect(r.stdout == "autumn\nwinter\n")
        r = try Self.run(["--store", store, "--now", "2026-11-30", "-c", "get season"])
        #expect(r.stdout == "winter\n", "reset is saved")
        r = try Self.run(["--memory", "--now", "2026-11-30", "-c", "get season"])
        #expect(r.stdout == "winter\n")
    }

    @Test func sourceRelativeToCurrentFolderForCommandTextAndStdin() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try Self.write("print in sub\nsource inner.txt\n", "sub/outer.txt", in: folder)
        try Self.write("print inner\n", "sub/inner.txt", in: folder)
        let c = try Self.run(Self.base + ["-c", "source sub/outer.txt"], directory: folder)
        #expect(c.stdout == "in sub\ninner\n" && c.status == 0, "\(c)")
        let s = try Self.run(Self.base, stdin: "source sub/outer.txt\n", directory: folder)
        #expect(s.stdout == "in sub\ninner\n" && s.status == 0)
        let absolute = try Self.run(Self.base + ["-c", "source \(folder.path)/sub/inner.txt"])
        #expect(absolute.stdout == "inner\n")
        let unreadable = try Self.run(
            Self.base + ["-c", "print a; source nope.txt; print b"], directory: folder)
        #expect(unreadable.status == 1 && unreadable.stdout == "a\n")
        #expect(unreadable.stderr.hasPrefix("<command-line>:1:17: error: "))
    }

    @Test func deepNestingAndSelfSourcingTerminate() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.write("source loop.txt\n", "loop.txt", in: folder)
        let r = try Self.run(Self.base + ["-c", "source loop.txt"], directory: folder)
        #expect(r.status == 1)
        #expect(r.stderr.contains("at most 32"))
        // 32 nested levels are fine.
        for level in 1...32 {
            let next = level < 32 ? "source l\(level + 1).txt\n" : "print deepest\n"
            try Self.write(next, "l\(level).txt", in: folder)
        }
        let ok = try Self.run(Self.base + ["-c", "source l1.txt"], directory: folder)
        #expect(ok == .init(stdout: "deepest\n", stderr: "", status: 0), "\(ok)")
    }

    @Test func pendingDraftWarningAtLastLineForStdin() throws {
        let r = try Self.run(Self.base, stdin: "edit on\nset username changed\n\n# end\n")
        #expect(r.stderr.hasPrefix("<stdin>:4:1: warning: ended in edit mode"), "\(r.stderr)")
        #expect(r.status == 0)
        let afterFailure = try Self.run(
            Self.base, stdin: "edit on\nset season autumn\nset goal 2030-01-01\nprint x\n")
        #expect(afterFailure.status == 1)
        #expect(
            afterFailure.stderr.contains("warning: ended in edit mode"),
            "a stop in edit mode discards the draft with a warning too")
    }

    /// BUG (fails on purpose): `--echo` prints only the first physical line of a command
    /// continued with a backslash (`lprof> set`), not the command it runs.
    @Test func echoShowsWholeContinuedCommand() throws {
        let r = try Self.run(
            Self.base + ["--echo", "-c", "edit on\nset \\\n  season autumn\nget season\ndone"])
        #expect(r.status == 0)
        let echoed = r.stdout.split(separator: "\n").first { $0.hasPrefix("lprof edit> set") }
        #expect(
            echoed?.contains("season") == true && echoed?.contains("autumn") == true,
            "echo of a continued command: \(r.stdout)")
    }
}
