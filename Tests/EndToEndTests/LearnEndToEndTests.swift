import Foundation
import Testing

/// `lprof learn` through the real binary: progress kept between sessions, resumed, and a
/// lesson file from disk; and, when LPROF_TEST_INSTALL=1, `Scripts/install` into a
/// temporary prefix.
@Suite struct LearnEndToEndTests {
    static func home() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "lprof-learn-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func progressIsKeptAndResumed() throws {
        let home = try Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let env = LprofProcess.environment(home: home.path)
        let first = try LprofProcess.run(
            ["--now", "2026-11-30", "learn", "summary"],
            stdin: Data("show summary\nset season autumn\nget season\n".utf8), environment: env)
        #expect(first.status == 0)
        #expect(first.stdout.contains("✓ Lesson 1, summary, complete."))
        let progress = try String(
            contentsOfFile: home.path + "/state/lprof/lessons", encoding: .utf8)
        #expect(progress.contains("summary completed\n"))
        // No store was written: lessons run in memory.
        #expect(!FileManager.default.fileExists(atPath: home.path + "/data/lprof/profile.json"))

        let second = try LprofProcess.run(["learn"], stdin: Data("quit\n".utf8), environment: env)
        #expect(second.status == 0)
        #expect(second.stdout.contains("Lesson 2 of 11: Edit mode and the draft"))
        #expect(
            second.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ").contains(
                "lesson 2, draft, from its first task."))
    }

    /// Leaving a lesson part way records it, and plain `lprof learn` starts there again,
    /// then goes on with the unfinished lessons after it.
    @Test func quittingPartWayIsWherePlainLearnStarts() throws {
        let home = try Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let env = LprofProcess.environment(home: home.path)
        let first = try LprofProcess.run(
            ["learn", "lab"], stdin: Data("skip\n2\nskip\nquit\n".utf8), environment: env)
        #expect(first.status == 0)
        let said = first.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(said.contains("picks up where you stopped: lesson 8, lab, from its first task."))
        let progress = try String(
            contentsOfFile: home.path + "/state/lprof/lessons", encoding: .utf8)
        #expect(progress.contains("stopped lab\n"))
        let second = try LprofProcess.run(
            ["learn"], stdin: Data("skip\nskip\nquit\n".utf8), environment: env)
        #expect(second.stdout.contains("Lesson 8 of 11: The wiring lab"))
        // Finishing the lesson forgets where it stopped: the next plain run goes on from
        // the first unfinished lesson.
        let whole = try LprofProcess.run(
            ["learn", "lab"], stdin: Data(String(repeating: "skip\n", count: 12).utf8),
            environment: env)
        #expect(whole.stdout.contains("Lesson 8, lab, finished with skipped tasks."))
        let third = try LprofProcess.run(["learn"], stdin: Data("quit\n".utf8), environment: env)
        #expect(third.stdout.contains("Lesson 1 of 11: The summary"))
    }

    @Test func everyLessonDoneSaysSo() throws {
        let home = try Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        try FileManager.default.createDirectory(
            atPath: home.path + "/state/lprof", withIntermediateDirectories: true)
        let ids = [
            "summary", "draft", "cancel", "goal-range", "trace", "sheet", "editions", "lab",
            "dynamic-type", "accessibility", "quiz",
        ]
        try ids.map { "\($0) completed\n" }.joined().write(
            toFile: home.path + "/state/lprof/lessons", atomically: true, encoding: .utf8)
        let r = try LprofProcess.run(
            ["learn"], environment: LprofProcess.environment(home: home.path))
        #expect(r.status == 0)
        #expect(r.stdout.contains("You have finished every lesson."))
    }

    @Test func aLessonFileFromDisk() throws {
        let home = try Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let lesson = home.appendingPathComponent("mine.lprof")
        try """
        lesson mine "My lesson"
        say "Turn trace on."
        task "Type 'trace on'."
        when trace on
        answer "trace on"
        ok "Trace is on."
        """.write(to: lesson, atomically: true, encoding: .utf8)
        let r = try LprofProcess.run(
            ["learn", lesson.path], stdin: Data("trace on\n".utf8),
            environment: LprofProcess.environment(home: home.path))
        #expect(r.status == 0)
        let flat = r.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(flat.contains("Lesson file \(lesson.path): My lesson"))
        #expect(!r.stdout.contains("of 11"))
        #expect(r.stdout.contains("✓ Trace is on."))
        #expect(flat.contains("✓ Lesson file \(lesson.path), mine, complete."))

        try "lesson bad x\ntask t\nexpect sesaon winter\nanswer edit\n".write(
            to: lesson, atomically: true, encoding: .utf8)
        let bad = try LprofProcess.run(
            ["learn", lesson.path], environment: LprofProcess.environment(home: home.path))
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("mine.lprof:3:8: error: unknown field 'sesaon'"))
    }

    /// A name that is a file in the current folder is a lesson file (issue 35 item 9),
    /// whatever it ends in; a built-in lesson's name wins over a file so named, and
    /// `./NAME` is the file. A broken task line is one error, not one for each line under it.
    @Test func aLessonFileInTheCurrentFolder() throws {
        let home = try Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let lesson =
            "lesson mine \"My lesson\"\ntask \"Type 'trace on'.\"\nanswer \"trace on\"\nok \"On.\"\n"
        try lesson.write(
            to: home.appendingPathComponent("mine.lesson"), atomically: true, encoding: .utf8)
        try lesson.write(
            to: home.appendingPathComponent("draft"), atomically: true, encoding: .utf8)
        let env = LprofProcess.environment(home: home.path)
        let r = try LprofProcess.run(
            ["learn", "mine.lesson"], stdin: Data("trace on\n".utf8), environment: env,
            directory: home)
        #expect(r.status == 0 && r.stderr.isEmpty, "\(r.stderr)")
        #expect(r.stdout.contains("Lesson file mine.lesson: My lesson"))
        let builtIn = try LprofProcess.run(
            ["learn", "draft"], stdin: Data("quit\n".utf8), environment: env, directory: home)
        #expect(builtIn.stdout.contains("Edit mode and the draft"))
        let file = try LprofProcess.run(
            ["learn", "./draft"], stdin: Data("trace on\n".utf8), environment: env,
            directory: home)
        #expect(file.status == 0 && file.stdout.contains("Lesson file ./draft: My lesson"))

        try
            "lesson bad x\ntask \"Tap Edit\"now\n  answer \"edit on\"\n  hint \"type it\"\n  ok \"Done.\"\n"
            .write(to: home.appendingPathComponent("bad.lesson"), atomically: true, encoding: .utf8)
        let bad = try LprofProcess.run(["learn", "bad.lesson"], environment: env, directory: home)
        #expect(bad.status == 2)
        #expect(bad.stderr.components(separatedBy: "error:").count == 2, "\(bad.stderr)")
        #expect(bad.stderr.hasPrefix("bad.lesson:2:16: error: a quoted string must be followed"))
    }

    /// A warning at a lesson's prompt is said as its errors are (`warning:` as `error:`),
    /// not as a script's `lprof: warning:` (issue 35 item 11): here, progress that cannot
    /// be saved because the state folder is a file.
    @Test func aWarningAtTheLessonPromptIsSaidAsItsErrorsAre() throws {
        let home = try Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let state = home.appendingPathComponent("state-file")
        try "x".write(to: state, atomically: true, encoding: .utf8)
        var env = LprofProcess.environment(home: home.path)
        env["XDG_STATE_HOME"] = state.path
        let r = try LprofProcess.run(
            ["learn", "summary"], stdin: Data("sett x\nquit\n".utf8), environment: env)
        let lines = r.stderr.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("error: unknown command 'sett'") }, "\(r.stderr)")
        #expect(lines.contains { $0.hasPrefix("warning: progress not saved:") }, "\(r.stderr)")
        #expect(!r.stderr.contains("lprof: warning"), "\(r.stderr)")
    }

    /// A lesson file is none of the built-in lessons, even one whose first line is
    /// `lesson draft …`: finishing it leaves the built-ins' progress as it was, and it is
    /// not numbered among them ("Lesson 11 of 11").
    @Test func aLessonFileKeepsItsProgressApart() throws {
        let home = try Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let env = LprofProcess.environment(home: home.path)
        let lesson = home.appendingPathComponent("draft.lprof")
        try """
        lesson draft "My own draft lesson"
        task "Type 'edit on'."
        expect mode active
        answer "edit on"
        ok "Editing."
        """.write(to: lesson, atomically: true, encoding: .utf8)
        let r = try LprofProcess.run(
            ["learn", lesson.path], stdin: Data("lessons\nedit on\n".utf8), environment: env)
        #expect(r.status == 0)
        let flat = r.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(flat.contains("Lesson file \(lesson.path): My own draft lesson"))
        #expect(!r.stdout.contains("Lesson 2 of 11") && !r.stdout.contains("of 12"))
        #expect(!r.stdout.contains("Next: lesson"))
        // `lessons` lists the built-ins unmarked, and the file's lesson apart.
        #expect(r.stdout.contains("     2. draft "))
        #expect(r.stdout.contains("  ▸ \(lesson.path): My own draft lesson"))
        let progressFile = home.path + "/state/lprof/lessons"
        let progress = (try? String(contentsOfFile: progressFile, encoding: .utf8)) ?? ""
        #expect(!progress.contains("draft"), "\(progress)")
        // The built-in lessons start where they were: at the first.
        let next = try LprofProcess.run(["learn"], stdin: Data("quit\n".utf8), environment: env)
        #expect(next.stdout.contains("Lesson 1 of 11: "))
    }

    /// `lessons` fits the list to the width: a long title wraps at spaces in its column,
    /// never cut mid-word (issue 25 item 5).
    @Test(arguments: [60, 30])
    func theLessonsListFitsTheWidth(width: Int) throws {
        let home = try Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let env = LprofProcess.environment(home: home.path, extra: ["COLUMNS": String(width)])
        let r = try LprofProcess.run(
            ["learn"], stdin: Data("lessons\nquit\n".utf8), environment: env)
        #expect(r.status == 0)
        let list = r.stdout.split(separator: "\n").drop { !$0.contains("Lessons (") }
            .dropFirst().prefix { !$0.isEmpty }
        #expect(list.count > 11)
        for line in list { #expect(line.count <= width, "\(line)") }
        let flat = list.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        #expect(flat.contains("The wiring lab: take a line out and see what breaks"), "\(flat)")
        #expect(flat.contains("Dynamic Type: the one-column rule (from Dub-Dub-Grub)"))
    }

    @Test func aSingleLessonSaysWhatComesNext() throws {
        let home = try Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let env = LprofProcess.environment(home: home.path)
        let r = try LprofProcess.run(
            ["learn", "quiz"], stdin: Data("3\n2\nskip\n3\n".utf8), environment: env)
        #expect(r.status == 0)
        let flat = r.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(flat.contains("✗ Not this one. Nothing in this code reads edit mode at all"))
        #expect(flat.contains("lprof> skip ↷ Skipped: lprof answers for you. lprof> 2"))
        #expect(flat.contains("That was the last lesson."))
        let one = try LprofProcess.run(
            ["learn", "summary"], stdin: Data("skip\nskip\nskip\n".utf8), environment: env)
        let words = one.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("lprof> show summary"))
        #expect(words.contains("Next: lesson 2, draft ('lprof learn draft')."))
        #expect(!words.contains("That was the last lesson"))
    }

    @Test func learnUsageErrors() throws {
        let store = try LprofProcess.run(["--store", "/tmp/x.json", "learn"])
        #expect(store.status == 2)
        #expect(store.stderr.contains("never touches a store"))
        let two = try LprofProcess.run(["learn", "draft", "cancel"])
        #expect(two.status == 2)
        let number = try LprofProcess.run(["learn", "3"], stdin: Data("quit\n".utf8))
        #expect(number.stdout.contains("Lesson 3 of 11"))
    }

    /// Builds the release binary (a minute or two): only with LPROF_TEST_INSTALL=1.
    /// Everything lands under the prefix, and install says where; the binary is stripped.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["LPROF_TEST_INSTALL"] == "1"))
    func installIntoATemporaryPrefix() throws {
        let prefix = try Self.home()
        defer { try? FileManager.default.removeItem(at: prefix) }
        let process = Process()
        process.executableURL = LprofProcess.packageRoot.appendingPathComponent("Scripts/install")
        process.arguments = [prefix.path]
        process.currentDirectoryURL = LprofProcess.packageRoot
        let said = Pipe()
        process.standardOutput = said
        try process.run()
        let output = String(
            decoding: said.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let fm = FileManager.default
        for path in [
            "bin/lprof", "share/man/man1/lprof.1", "share/bash-completion/completions/lprof",
            "share/zsh/site-functions/_lprof", "share/fish/vendor_completions.d/lprof.fish",
            "share/vim/vimfiles/syntax/lprof.vim", "share/vim/vimfiles/ftdetect/lprof.vim",
            "share/lprof/lprof.tmLanguage.json", "share/lprof/lprof.sublime-syntax",
        ] {
            #expect(fm.fileExists(atPath: prefix.path + "/" + path), "\(path)")
            #expect(output.contains("  " + prefix.path + "/" + path + "\n"), "\(path) not said")
        }
        let version = Process()
        version.executableURL = prefix.appendingPathComponent("bin/lprof")
        version.arguments = ["-V"]
        let pipe = Pipe()
        version.standardOutput = pipe
        try version.run()
        let out = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        version.waitUntilExit()
        #expect(out.hasPrefix("lprof "))
        // Stripped: no symbol table left.
        let sections = Process()
        sections.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        sections.arguments = ["readelf", "-S", prefix.appendingPathComponent("bin/lprof").path]
        let listing = Pipe()
        sections.standardOutput = listing
        try sections.run()
        let text = String(
            decoding: listing.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        sections.waitUntilExit()
        #expect(text.contains(".text") && !text.contains(".symtab"))
        // What Scripts/run and Scripts/bench run is that stripped binary too.
        let shipped = LprofProcess.packageRoot.appendingPathComponent(".build/static/lprof")
        #expect(try InstallEndToEndTests.isStripped(shipped.path))
    }
}
