import Foundation
import Testing

/// Hostile scripts, arguments and files through the real binary (issue 7): each gives a
/// located diagnostic, exit 1 or 2, and ends quickly in bounded memory.
@Suite(.serialized) struct HostileInputTests {
    let dir: URL
    init() throws { dir = try Hostile.folder() }

    func script(_ bytes: [UInt8], _ name: String = "s.lprof") throws -> Hostile.Timed {
        let path = try Hostile.write(bytes, name, in: dir)
        return try Hostile.run(["--memory", "--now", "2026-11-30", path])
    }

    func script(_ text: String) throws -> Hostile.Timed { try script(Array(text.utf8)) }

    func command(_ text: String) throws -> Hostile.Timed {
        try Hostile.run(["--memory", "--now", "2026-11-30", "-c", text])
    }

    var s: String { dir.appendingPathComponent("s.lprof").path }

    // MARK: Bytes

    /// Arguments that are not UTF-8 (Swift's CommandLine.arguments would repair them into
    /// U+FFFD): -c text is refused as a script's text is, and nothing runs; another
    /// argument is refused too. Passed through sh's printf, as Foundation takes only
    /// Strings.
    @Test func argumentsThatAreNotUTF8() throws {
        let store = dir.appendingPathComponent("utf8-store.json").path
        let through = [
            "/bin/sh", "-c",
            "exec \"$0\" --store \"$1\" -c \"$(printf 'edit on; set username ab\\377cd; done')\"",
        ]
        let text = try LprofProcess.run([store], through: through)
        #expect(text.status == 2)
        #expect(
            text.stderr
                == "lprof: error: invalid UTF-8 (byte 0xFF) in -c text, at its byte 25: lprof"
                + " reads its arguments as UTF-8; nothing ran\n")
        #expect(!FileManager.default.fileExists(atPath: store), "nothing ran")
        let path = try LprofProcess.run(
            [], through: ["/bin/sh", "-c", "exec \"$0\" --memory \"$(printf 's\\303.lprof')\""])
        #expect(path.status == 2)
        #expect(path.stderr.contains("invalid UTF-8 (byte 0xC3) in argument 2, at its byte 2"))
    }

    @Test func nulBytes() throws {
        Hostile.check(
            try script(Array("print a".utf8) + [0] + Array("b\n".utf8)), statuses: [2],
            located: "\(s):1:8: error: not a text file (a NUL byte, U+0000)")
        let piped = try Hostile.run(
            ["--memory"], stdin: Array("print ok\nprint a".utf8) + [0, 0x0A])
        Hostile.check(piped, statuses: [2], located: "<stdin>:2:8: error:")
        #expect(piped.result.stdout == "ok\n")
    }

    @Test(
        arguments: [
            [0xFF], [0xC0, 0xAF], [0xE0, 0x80, 0xAF], [0xF0, 0x80, 0x80, 0xAF], [0xED, 0xA0, 0x80],
            [0xF4, 0x90, 0x80, 0x80], [0xC2], [0x80],
        ] as [[UInt8]])
    func invalidAndOverlongUTF8(_ bad: [UInt8]) throws {
        Hostile.check(
            try script(Array("print x".utf8) + bad + [0x0A]), statuses: [2],
            located: "\(s):1:8: error: invalid UTF-8")
    }

    @Test(arguments: ["\\u{D800}", "\\u{DFFF}", "\\u{110000}", "\\u{1234567}", "\\u{}", "\\u{zz}"])
    func badScalarEscapes(_ escape: String) throws {
        Hostile.check(
            try script("print \"\(escape)\"\n"), statuses: [2],
            located: "\(s):1:8: error: invalid escape")
    }

    @Test(arguments: [0x01, 0x08, 0x1B, 0x7F, 0x0D] as [UInt8])
    func controlCharacters(_ c: UInt8) throws {
        Hostile.check(
            try script(Array("print a".utf8) + [c] + Array("b\n".utf8)), statuses: [2],
            located: "\(s):1:8: error: control character")
    }

    @Test func c1ControlsAndBidiArePrintedVisibly() throws {
        let r = try command("print \"\\u{9B}31m\" \u{85} \u{202E}x \u{2066}")
        Hostile.check(r, statuses: [0])
        #expect(r.result.stdout == "\\u{9B}31m \\u{85} \\u{202E}x \\u{2066}\n")
        let e = try command("show \"\\u{1B}[2J\u{9B}\"")
        Hostile.check(e, statuses: [2], located: "<command-line>:1:6: error: unknown view")
    }

    // MARK: Sizes

    @Test func hugeLinesAndWords() throws {
        let word = [UInt8](repeating: UInt8(ascii: "a"), count: 3 * 1024 * 1024)
        Hostile.check(
            try script(Array("print ".utf8) + word + [0x0A]), statuses: [2],
            located: "\(s):1:1: error: line 1 is longer than 65536 bytes")
        Hostile.check(
            try script(Array("print ok\n".utf8) + word), statuses: [2],
            located: "\(s):2:1: error: line 2 is longer than 65536 bytes")
        let piped = try Hostile.run(
            ["--memory"], stdin: Array("print ok\n".utf8) + word + Array("\nprint no\n".utf8))
        Hostile.check(piped, statuses: [2], located: "<stdin>:2:1: error: line 2 is longer")
        #expect(piped.result.stdout == "ok\n")
        // Just under the limit is fine.
        let fits = [UInt8](repeating: UInt8(ascii: "b"), count: 65_536 - 6)
        let ok = try script(Array("print ".utf8) + fits + [0x0A])
        Hostile.check(ok, statuses: [0])
        #expect(ok.result.stdout.utf8.count == fits.count + 1)
        // The limit is on the text: a CRLF line's CR does not count, on stdin too.
        let crlfLine = Array("print ".utf8) + fits + [0x0D, 0x0A]
        Hostile.check(try script(crlfLine), statuses: [0])
        Hostile.check(try Hostile.run(["--memory"], stdin: crlfLine), statuses: [0])
        // One byte more, last line without a line feed: too long.
        let over = try script(Array("print x".utf8) + fits)
        Hostile.check(over, statuses: [2], located: "\(s):1:1: error: line 1 is longer")
        // A -c text over the limit (argv allows up to 128 KiB).
        Hostile.check(
            try command("print " + String(repeating: "c", count: 100_000)), statuses: [2],
            located: "<command-line>:1:1: error: line 1 is longer")
    }

    @Test func lineContinuationsCannotBuildAnUnboundedLine() throws {
        let text = String(repeating: "print a \\\n", count: 100_000)
        Hostile.check(try script(text), statuses: [2], message: "longer than 65536 bytes")
    }

    @Test func manySemicolons() throws {
        Hostile.check(
            try script(String(repeating: ";", count: 200_000) + "\n"), statuses: [2],
            located: "\(s):1:1: error: line 1 is longer")
        let lines = String(repeating: String(repeating: ";", count: 50_000) + "\n", count: 4)
        let r = try script(lines + "print done\n")
        Hostile.check(r, statuses: [0])
        #expect(r.result.stdout == "done\n")
        // Lines of 8,000 commands: finding a command's column reads its line once, not once
        // a command (that was quadratic: 11 s a line under ASan).
        let many = try script(
            String(repeating: String(repeating: "print a;", count: 8000) + "\n", count: 3))
        Hostile.check(many, statuses: [0])
        #expect(many.result.stdout.utf8.count == 48_000)
    }

    @Test func deepExpectErrorChains() throws {
        Hostile.check(
            try script(String(repeating: "expect error ", count: 5000) + "print x\n"),
            statuses: [2], message: "nests too deeply")
    }

    // MARK: Files as scripts

    @Test func deepSourceRecursion() throws {
        try Hostile.write("source loop.lprof\n", "loop.lprof", in: dir)
        let r = try Hostile.run(["--memory", dir.appendingPathComponent("loop.lprof").path])
        Hostile.check(r, statuses: [1], message: "'source' nests too deeply (at most 32 levels)")
        #expect(r.result.stderr.contains("loop.lprof:1:8: error:"))
        // Two files sourcing each other.
        try Hostile.write("source b.lprof\n", "a.lprof", in: dir)
        try Hostile.write("print b; source a.lprof\n", "b.lprof", in: dir)
        let ab = try Hostile.run(["--memory", dir.appendingPathComponent("a.lprof").path])
        Hostile.check(ab, statuses: [1], message: "nests too deeply")
    }

    @Test func devicesAndFoldersAsScripts() throws {
        for path in [dir.path, "/dev/null/x", dir.appendingPathComponent("missing").path] {
            let r = try Hostile.run(["--memory", path])
            Hostile.check(r, statuses: [2], message: "lprof: error: script '")
        }
        // An endless device is read only as far as its first NUL byte: one error, not text.
        Hostile.check(
            try Hostile.run(["--memory", "/dev/zero"]), statuses: [2],
            located: "/dev/zero:1:1: error: not a text file")
        Hostile.check(
            try command("print a; source /dev/zero; print b"), statuses: [2],
            located: "/dev/zero:1:1: error: not a text file")
        Hostile.check(try Hostile.run(["--memory", "/dev/null"]), statuses: [0])
        for path in [dir.path, "/nonexistent/x"] {
            Hostile.check(
                try command("print a; source \(path); print b"), statuses: [1],
                located: "<command-line>:1:17: error: '")
            Hostile.check(try Hostile.run(["check", path]), statuses: [2])
        }
    }

    /// A pipe can be read once: `lprof check` must check what it holds, not peek at it first.
    @Test func checkReadsAPipeOnce() throws {
        let r = try Hostile.run(["check", "/dev/stdin"], stdin: Array("print a\nbogus\n".utf8))
        Hostile.check(r, statuses: [2], located: "/dev/stdin:2:1: error: unknown command 'bogus'")
        let lesson = try Hostile.run(
            ["check", "/dev/stdin"], stdin: Array("lesson x \"T\"\nsay hi\n".utf8))
        Hostile.check(
            lesson, statuses: [2], located: "/dev/stdin:1:1: error: unknown command 'lesson'")
    }

    @Test func devZeroOnStdinStaysSmall() throws {
        let zeros = [UInt8](repeating: 0, count: 20 * 1024 * 1024)
        let r = try Hostile.run(["--memory"], stdin: zeros)
        Hostile.check(r, statuses: [2], located: "<stdin>:1:1: error: line 1 is longer")
        // Its own peak, measured alone: the 64 KiB line limit keeps it far below the input.
        let input = try Hostile.write(zeros, "zeros", in: dir)
        guard let peak = try Hostile.peakResidentKiB(["--memory"], input: input) else { return }
        #expect(peak.status == 2)
        #expect(peak.kib < 200 * 1024, "lprof used \(peak.kib) KiB on 20 MiB of NUL bytes")
    }

    // MARK: Values

    @Test(arguments: [
        "+9223372036854775807d", "-9223372036854775808d", "+9223372036854775808y",
        "today+99999999999999999999w", "+1000000y1000000m1000000w1000000d", "+1y+1y",
    ])
    func overflowingOffsets(_ offset: String) throws {
        Hostile.check(
            // Too large to read is found before running (2); too far to go, as it runs (1).
            try command("edit on; set goal \(offset)"), statuses: [1, 2],
            located: "<command-line>:1:19: error:")
    }

    @Test func yearsOutsideTheCalendar() throws {
        for goal in [
            "0000-01-01", "0999-12-31", "10000-01-01", "9999-13-01", "2026-02-29", "-001-01-01",
        ] {
            Hostile.check(
                try command("edit on; set goal \(goal)"), statuses: [2],
                located: "<command-line>:1:19: error:")
        }
        Hostile.check(
            try command("env now 0000-01-01"), statuses: [2], located: "<command-line>:1:9: error:")
        Hostile.check(
            try command("env now 1000-01-01; reset; edit on; set goal -1d"), statuses: [1],
            located:
                "<command-line>:1:46: error: goal 0999-12-31 is outside the years 1000–9999, "
                + "and outside the allowed range 1000-01-01 … 1001-01-01")
        Hostile.check(
            try command("env now 9999-12-31; reset; edit on; set goal +1d"), statuses: [1],
            located: "<command-line>:1:46: error:")
        for now in ["0000-01-01", "0999-12-31", "10000-01-01", "99999999999999999999-01-01"] {
            Hostile.check(
                try Hostile.run(["--memory", "--now", now, "-c", "show"]), statuses: [2],
                message: "--now")
        }
    }

    @Test(arguments: [
        "a\\u{202E}b", "\\u{2066}g\\u{2069}", "\\u{200B}", "g\\u{200B}", "\\u{FEFF}g", "a\\u{85}b",
        "a\\u{9B}b", "a\\u{2028}b", "a\\nb", " g", "\\u{3000}",
    ])
    func hostileUsernames(_ name: String) throws {
        let r = try command("edit on; set username \"\(name)\"; done; get username")
        Hostile.check(r, statuses: [2], located: "<command-line>:1:23: error: a username")
        #expect(r.result.stdout.isEmpty)
    }

    /// A username is bounded in bytes as well as in characters (SPEC §1): one character of
    /// 30,001 scalars, or 9,001 emoji joined by ZWJ, is refused before anything runs.
    @Test func usernamesAreBoundedInBytes() throws {
        let marks = "a" + String(repeating: "\u{0301}", count: 30_000)
        let joined = Array(repeating: "👩", count: 9_001).joined(separator: "\u{200D}")
        for name in [marks, joined] {
            let r = try script("print ran\nedit on\nset username \"\(name)\"\ndone\n")
            Hostile.check(
                r, statuses: [2], located: "\(s):3:14: error: a username is at most 1 KiB")
            #expect(r.result.stdout.isEmpty, "nothing ran")
        }
    }

    /// The bidi marks and other invisible format characters a username may hold are shown
    /// as escapes, never written raw (issue 32); a ZWJ family stays as it is.
    @Test func invisibleCharactersInUsernamesAreShownEscaped() throws {
        let r = try command(
            #"edit on; set username "a\u{200F}b\u{2060}c\u{61C}d 👩‍👩‍👧"; done; get username; show summary"#
        )
        Hostile.check(r, statuses: [0])
        #expect(r.result.stdout.hasPrefix("a\\u{200F}b\\u{2060}c\\u{61C}d 👩‍👩‍👧\n"))
        #expect(
            !r.result.stdout.unicodeScalars.contains { [0x200F, 0x2060, 0x61C].contains($0.value) })
    }

    @Test func hostileStores() throws {
        let template =
            #"{"format":1,"revision":REV,"profile":{"username":"NAME","prefersNotifications":true,"seasonalPhoto":"winter","goalDate":"2026-11-30"}}"#
        func store(_ rev: String, _ name: String) throws -> String {
            try Hostile.write(
                template.replacingOccurrences(of: "REV", with: rev).replacingOccurrences(
                    of: "NAME", with: name),
                "store-\(UUID().uuidString).json", in: dir)
        }
        let full = try store("9223372036854775807", "g")
        let r = try Hostile.run(["--store", full, "-c", "edit on; set season fall; done"])
        Hostile.check(r, statuses: [3], located: "<command-line>:1:27: error: store")
        for (rev, name) in [
            ("1", "\\u001b[31mX"), ("1", "\\u202eX"), ("99999999999999999999", "g"), ("-1", "g"),
            ("1", "\\ud800"), ("1", "\\u200b"),
            ("1", "a" + String(repeating: "\\u0301", count: 1_024)),
        ] {
            let path = try store(rev, name)
            let before = try Data(contentsOf: URL(fileURLWithPath: path))
            Hostile.check(
                try Hostile.run(["--store", path, "-c", "get username"]), statuses: [3],
                message: "lprof: error: store '")
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        }
        for path in ["/dev/zero", dir.path] {
            Hostile.check(try Hostile.run(["--store", path, "-c", "get username"]), statuses: [3])
        }
    }

    @Test func escapesInPathsNeverReachStdout() throws {
        let path = try Hostile.write("print ok\n", "\u{1B}[31mevil.lprof", in: dir)
        let r = try Hostile.run(["test", path])
        Hostile.check(r, statuses: [0])
        #expect(r.result.stdout.contains("^[[31mevil.lprof"))
        let missing = try Hostile.run(["--memory", dir.path + "/\u{1B}]0;x\u{7}"])
        Hostile.check(missing, statuses: [2])
    }

    // MARK: Output faults

    @Test func aFullDeviceIsAnError() throws {
        for arguments in [
            ["--memory", "-c", "print hi"], ["--help"], ["-V"], ["--memory", "-c", "help; show"],
        ] {
            let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
            let (status, stderr) = try Hostile.run(arguments, stdout: full)
            #expect(status == 1, "\(arguments): exit \(status)")
            #expect(
                stderr.contains("cannot write output: No space left on device"),
                "\(arguments): \(stderr)")
        }
        let path = try Hostile.write("print ok\n", "t.lprof", in: dir)
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        #expect(try Hostile.run(["test", path], stdout: full).status == 1)
    }

    @Test func aClosedStdoutEndsBySIGPIPE() throws {
        let text = String(repeating: "show; help; ", count: 300)
        for arguments in [["--memory", "-c", text], ["--help"]] {
            let pipe = Pipe()
            try pipe.fileHandleForReading.close()  // `| head -0`: the reader is gone
            let (status, stderr) = try Hostile.run(arguments, stdout: pipe.fileHandleForWriting)
            // As any Unix tool whose reader went away (SPEC §7): the status of SIGPIPE.
            #expect(status == 128 + SIGPIPE, "\(arguments): exit \(status)")
            #expect(stderr.isEmpty, "\(arguments): \(stderr.prefix(300))")
        }
    }
}
