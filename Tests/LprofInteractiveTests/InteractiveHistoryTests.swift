import Dispatch
import Glibc
import Testing

@testable import LprofInteractive

@Suite struct InteractiveHistoryPolicyTests {
    @Test(
        arguments: [
            ("show", nil, true),
            ("show", "get mode", true),
            ("show", "show", false),
            ("", nil, false),
            ("   ", nil, false),
            ("\t", nil, false),
            (" show", nil, false),
            ("\tshow", nil, true),
        ] as [(String, String?, Bool)])
    func records(entry: String, previous: String?, expected: Bool) {
        #expect(HistoryPolicy.shouldRecord(entry, after: previous) == expected)
    }

    @Test func normalizedDropsTrailingBlanksOnly() {
        #expect(HistoryPolicy.normalized("set season autumn \t ") == "set season autumn")
        #expect(HistoryPolicy.normalized("  x") == "  x")
        #expect(HistoryPolicy.normalized("") == "")
    }

    /// An entry is stored as typed, on one line: plain text, no escapes.
    @Test(arguments: [
        ("plain", "plain"), ("a\\b", "a\\b"), ("literal \\n here", "literal \\n here"),
        ("print one \\\ntwo", "print one  two"), ("two\nlines", "two lines"), ("cr\r", "cr"),
        ("ends with \\", "ends with"), ("Zoë 🍂 한글", "Zoë 🍂 한글"),
    ])
    func entriesAreOneLineOfPlainText(entry: String, stored: String) {
        #expect(HistoryPolicy.normalized(entry) == stored)
    }
}

/// Control characters typed with Ctrl-V never reach the file raw, and come back as typed.
@Suite struct InteractiveHistoryLineTests {
    @Test(arguments: [
        ("print \u{1B}[31mred", " print \\u{1B}[31mred"),
        ("print a\u{01}b", " print a\\u{1}b"),
        ("print \"\\e\" \u{7F}", " print \"\\\\e\" \\u{7F}"),
        ("\tshow", " \\u{9}show"),
        ("print \u{9B}x", " print \\u{9B}x"),
    ])
    func controlsAreEscapedAndComeBack(entry: String, line: String) {
        #expect(HistoryLine.encoded(entry) == line)
        #expect(!HistoryLine.encoded(entry).unicodeScalars.contains { $0.value < 0x20 })
        #expect(HistoryLine.decoded(Substring(line)) == entry)
    }

    /// What earlier versions wrote (no controls, never a leading space) reads the same,
    /// backslash escapes typed as text included.
    @Test(arguments: ["print \\u{1B} as text", "a\\b", "print \"\\\\\"", "Zoë 🍂", "ends \\"])
    func plainLinesAreWrittenAndReadAsTheyAre(entry: String) {
        #expect(HistoryLine.encoded(entry) == entry)
        #expect(HistoryLine.decoded(Substring(entry)) == entry)
    }

    /// A marked line with an escape that is not one of lprof's keeps it as text.
    @Test func unknownEscapesInAMarkedLineStayText() {
        #expect(HistoryLine.decoded(" a\\qb\\u{zz}\\u{110000}\\") == "a\\qb\\u{zz}\\u{110000}\\")
    }

    @Test func theFileHoldsNoRawControlAndLoadsTheEntryBack() throws {
        let root = makeTemporaryFolder()
        defer { removeTree(root) }
        let path = root + "/history"
        let history = HistoryFile(path: path)
        history.load()
        history.record("print \u{1B}]52;c;SElKQUNLRUQ=\u{07}")
        history.record("print plain")
        let bytes = try #require(readFile(path))
        #expect(!bytes.contains { $0 < 0x20 && $0 != 0x0A } && !bytes.contains(0x7F))
        #expect(
            String(decoding: bytes, as: UTF8.self)
                == " print \\u{1B}]52;c;SElKQUNLRUQ=\\u{7}\nprint plain\n")
        #expect(
            HistoryFile(path: path).load() == [
                "print \u{1B}]52;c;SElKQUNLRUQ=\u{07}", "print plain",
            ])
    }
}

@Suite struct InteractiveHistoryFileTests {
    @Test func locationFollowsTheEnvironment() {
        #expect(
            HistoryFile.location(environment: ["LPROF_HISTORY": "/x/h", "HOME": "/home/u"])
                == "/x/h")
        #expect(HistoryFile.location(environment: ["LPROF_HISTORY": "", "HOME": "/home/u"]) == nil)
        #expect(
            HistoryFile.location(environment: ["XDG_STATE_HOME": "/s", "HOME": "/home/u"])
                == "/s/lprof/history")
        #expect(
            HistoryFile.location(environment: ["XDG_STATE_HOME": "rel", "HOME": "/home/u"])
                == "/home/u/.local/state/lprof/history")
        #expect(
            HistoryFile.location(environment: ["HOME": "/home/u/"])
                == "/home/u/.local/state/lprof/history")
        #expect(HistoryFile.location(environment: [:]) == nil)
    }

    @Test func capacityFollowsTheEnvironment() {
        #expect(HistoryFile.capacity(environment: [:]) == 1000)
        #expect(HistoryFile.capacity(environment: ["LPROF_HISTSIZE": "5"]) == 5)
        #expect(HistoryFile.capacity(environment: ["LPROF_HISTSIZE": "0"]) == 0)
        #expect(HistoryFile.capacity(environment: ["LPROF_HISTSIZE": "-1"]) == 1000)
        #expect(HistoryFile.capacity(environment: ["LPROF_HISTSIZE": "lots"]) == 1000)
    }

    /// Only the default history's folder is made: a typo in `LPROF_HISTORY` is a warning,
    /// never a tree of new folders.
    @Test func onlyTheDefaultLocationMakesItsFolder() {
        let root = makeTemporaryFolder()
        defer { removeTree(root) }
        let named = HistoryFile(environment: ["LPROF_HISTORY": root + "/typo/history"])
        _ = named.load()
        #expect(named.record("print one"))
        #expect(
            named.lastError
                == "\(root)/typo/history: its folder '\(root)/typo' does not exist, and lprof makes only the default "
                + "history's folder")
        #expect(folderNames(root) == [])
        let standard = HistoryFile(environment: ["XDG_STATE_HOME": root + "/state", "HOME": root])
        _ = standard.load()
        #expect(standard.record("print one"))
        #expect(standard.lastError == nil)
        #expect(standard.load() == ["print one"])
    }

    @Test func entriesPersistAcrossSessions() throws {
        let root = makeTemporaryFolder()
        defer { removeTree(root) }
        let path = root + "/state/lprof/history"
        let first = HistoryFile(path: path)
        #expect(first.load() == [])
        #expect(first.isWritable)
        #expect(folderNames(root) == [])
        for entry in [
            "show", "show", " secret", "", "set season autumn ", "set season autumn",
            "print one \\\ntwo", "Zoë 🍂 한글",
        ] {
            first.record(entry)
        }
        let expected = ["show", "set season autumn", "print one  two", "Zoë 🍂 한글"]
        #expect(first.entries == expected)
        #expect(permissions(root + "/state") == 0o700)
        #expect(permissions(root + "/state/lprof") == 0o700)
        #expect(permissions(path) == 0o600)
        let text = String(decoding: try #require(readFile(path)), as: UTF8.self)
        #expect(text == "show\nset season autumn\nprint one  two\nZoë 🍂 한글\n")

        let second = HistoryFile(path: path)
        #expect(second.load() == expected)
        #expect(second.record("Zoë 🍂 한글") == false)
        #expect(second.record("get mode"))
        #expect(HistoryFile(path: path).load() == expected + ["get mode"])
    }

    @Test func fileIsTrimmedToTheCapacity() throws {
        let root = makeTemporaryFolder()
        defer { removeTree(root) }
        let path = root + "/history"
        let history = HistoryFile(path: path, capacity: 20)
        history.load()
        for index in 0..<100 { history.record("print \(index)") }
        let expected = (80..<100).map { "print \($0)" }
        #expect(history.entries == expected)
        let lines = String(decoding: try #require(readFile(path)), as: UTF8.self)
            .split(separator: "\n")
        #expect(lines.count >= 20 && lines.count <= 36)
        #expect(lines.last == "print 99")
        // The session's end trims the file to the capacity exactly.
        history.finish()
        func fileLines() -> [Substring] {
            String(decoding: readFile(path) ?? [], as: UTF8.self).split(separator: "\n")
        }
        #expect(fileLines() == expected.map { Substring($0) })
        #expect(HistoryFile(path: path, capacity: 20).load() == expected)
        // A session with a smaller capacity trims the file as it loads it.
        #expect(HistoryFile(path: path, capacity: 5).load() == Array(expected.suffix(5)))
        #expect(fileLines() == expected.suffix(5).map { Substring($0) })
        #expect(folderNames(root) == ["history", "history.lock"])
        #expect(permissions(path) == 0o600)
    }

    /// A history file that is a symbolic link (into a dotfiles folder) stays one when it is
    /// trimmed: the file it names is rewritten, as appends write through it.
    @Test func aTrimKeepsASymbolicLink() throws {
        let root = makeTemporaryFolder()
        defer { removeTree(root) }
        let target = root + "/dotfiles-history"
        let link = root + "/history"
        let old = (1...10).map { "print \($0)" }
        writeFile(target, Array((old.joined(separator: "\n") + "\n").utf8), mode: 0o600)
        #expect(symlink(target, link) == 0)
        let history = HistoryFile(path: link, capacity: 5)
        history.load()
        history.record("print new")
        history.finish()
        var info = stat()
        #expect(lstat(link, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK, "still a link")
        let lines = String(decoding: readFile(target) ?? [], as: UTF8.self).split(separator: "\n")
        #expect(lines == ["print 7", "print 8", "print 9", "print 10", "print new"])
    }

    @Test func capacityZeroKeepsNothing() {
        let root = makeTemporaryFolder()
        defer { removeTree(root) }
        let history = HistoryFile(path: root + "/history", capacity: 0)
        history.load()
        #expect(history.record("show") == false)
        #expect(history.entries == [])
        #expect(folderNames(root) == [])
    }

    @Test func withoutAPathHistoryStaysInMemory() {
        let history = HistoryFile(path: nil)
        #expect(history.load() == [])
        #expect(history.record("show"))
        #expect(history.entries == ["show"])
        #expect(!history.isWritable)
    }

    @Test func aFolderAtThePathIsLeftAlone() {
        let root = makeTemporaryFolder()
        defer { removeTree(root) }
        let path = root + "/history"
        mkdir(path, 0o755)
        let history = HistoryFile(path: path)
        #expect(history.load() == [])
        #expect(!history.isWritable)
        #expect(history.record("show"))
        #expect(history.entries == ["show"])
        #expect(folderNames(path) == [])
        #expect(folderNames(root) == ["history"])
    }

    /// A FIFO nobody writes to (a blocking open would wait for ever) and a device are
    /// found at once and named; history stays in memory.
    @Test func aFIFOOrADeviceAtThePathIsLeftAloneAtOnce() {
        let root = makeTemporaryFolder()
        defer { removeTree(root) }
        let fifo = root + "/history"
        #expect(mkfifo(fifo, 0o600) == 0)
        for (path, what) in [(fifo, "a FIFO (named pipe)"), ("/dev/zero", "a device")] {
            let history = HistoryFile(path: path)
            #expect(history.load() == [])
            #expect(!history.isWritable)
            #expect(
                history.lastError
                    == "'\(path)' is \(what), not a regular file; it is left untouched")
            #expect(history.record("show"))
            #expect(history.entries == ["show"])
        }
    }

    /// A FIFO put at the path after the file was loaded takes no line and hangs nothing.
    @Test func aFIFOSwappedInAfterLoadingTakesNoLine() {
        let root = makeTemporaryFolder()
        defer { removeTree(root) }
        let path = root + "/history"
        let history = HistoryFile(path: path)
        history.load()
        #expect(history.record("show"))
        unlink(path)
        #expect(mkfifo(path, 0o600) == 0)
        #expect(history.record("get mode"))
        #expect(history.lastError == "\(path): is a FIFO (named pipe), not a regular file")
        #expect(history.entries == ["show", "get mode"])
    }

    @Test func aFileThatIsNotUTF8IsLeftAlone() throws {
        let root = makeTemporaryFolder()
        defer { removeTree(root) }
        let path = root + "/history"
        let original: [UInt8] = Array("_HiStOrY_V2_\nshow\n".utf8) + [0xFF, 0xFE, 0x0A]
        writeFile(path, original)
        let history = HistoryFile(path: path, capacity: 1)
        #expect(history.load() == [])
        #expect(!history.isWritable)
        for index in 0..<40 { history.record("print \(index)") }
        #expect(try #require(readFile(path)) == original)
        #expect(folderNames(root) == ["history"])
    }

    /// Two sessions that both end with `quit` leave it once: an append looks at the file's
    /// last entry as it is now, not as it was loaded (SPEC section 7).
    @Test func aLineEqualToTheFilesLastEntryIsNotAppendedAgain() throws {
        let root = makeTemporaryFolder()
        defer { removeTree(root) }
        let path = root + "/history"
        let a = HistoryFile(path: path)
        let b = HistoryFile(path: path)
        a.load()
        b.load()
        #expect(a.record("print a"))
        #expect(b.record("print b"))
        #expect(a.record("quit"))
        // Each session keeps the line in memory; the file has it once.
        #expect(b.record("quit"))
        #expect(b.entries == ["print b", "quit"])
        #expect(b.lastError == nil)
        #expect(readFile(path) == Array("print a\nprint b\nquit\n".utf8))
        #expect(b.record("get mode"))
        #expect(a.record("get mode"))
        // Not the file's last entry any more: appended again.
        #expect(b.record("quit"))
        #expect(
            readFile(path) == Array("print a\nprint b\nquit\nget mode\nquit\n".utf8))
        // Escaped entries compare as written.
        #expect(a.record("print \u{1B}"))
        #expect(b.record("print \u{1B}"))
        #expect(HistoryFile(path: path).load().suffix(2) == ["quit", "print \u{1B}"])
    }

    /// A last line without its line feed (a file edited by hand) does not swallow the next.
    @Test func anEntryNeverRunsOnFromALastLineWithoutALineFeed() throws {
        let root = makeTemporaryFolder()
        defer { removeTree(root) }
        let path = root + "/history"
        writeFile(path, Array("show\nquit".utf8), mode: 0o600)
        let history = HistoryFile(path: path)
        #expect(history.load() == ["show", "quit"])
        #expect(history.record("get mode"))
        #expect(readFile(path) == Array("show\nquit\nget mode\n".utf8))
    }

    @Test(arguments: [
        ("quit\n", true, true), ("quit\n\n", true, true), ("quit", true, true),
        ("x\nquit\n", true, true), ("aquit\n", true, false), ("quit\n", false, false),
        ("\nquit\n", false, true), ("", true, false), ("quit\nx\n", true, false),
    ])
    func lastLineIsFoundAtTheEnd(tail: String, isWholeFile: Bool, expected: Bool) {
        #expect(
            HistoryFile.lastLine(
                of: Array(tail.utf8), isWholeFile: isWholeFile, is: Array("quit".utf8))
                == expected)
    }

    @Test func twoSessionsAppendingAtOnceKeepEveryLine() throws {
        let root = makeTemporaryFolder()
        defer { removeTree(root) }
        let path = root + "/history"
        DispatchQueue.concurrentPerform(iterations: 2) { session in
            let history = HistoryFile(path: path, capacity: 10_000)
            history.load()
            for index in 0..<300 { history.record("session \(session) line \(index)") }
        }
        let lines = HistoryFile(path: path, capacity: 10_000).load()
        #expect(lines.count == 600)
        for session in 0..<2 {
            let own = lines.filter { $0.hasPrefix("session \(session) ") }
            #expect(own == (0..<300).map { "session \(session) line \($0)" })
        }
    }

    @Test func twoSessionsTrimmingAtOnceTearNothing() throws {
        let root = makeTemporaryFolder()
        defer { removeTree(root) }
        let path = root + "/history"
        DispatchQueue.concurrentPerform(iterations: 2) { session in
            let history = HistoryFile(path: path, capacity: 30)
            history.load()
            for index in 0..<400 { history.record("session \(session) line \(index)") }
        }
        let lines = String(decoding: try #require(readFile(path)), as: UTF8.self)
            .split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.last == "")
        let entries = lines.dropLast()
        #expect(entries.count >= 30 && entries.count <= 30 + 16 * 2 + 2)
        #expect(entries.allSatisfy { $0.hasPrefix("session ") && $0.contains(" line ") })
        #expect(folderNames(root) == ["history", "history.lock"])
    }
}
