import Testing

@testable import LprofLanguage

/// `record [--force] FILE | record off` (SPEC §3).
@Suite struct ParserRecordTests {
    @Test func recordFileForceAndOff() {
        let line = "record hike.lprof"
        #expect(
            langCommand(line)
                == .record(
                    path: Argument("hike.lprof", at: langSpan("hike.lprof", in: line)), force: false
                ))
        let forced = "record --force 'my hike.lprof'"
        #expect(
            langCommand(forced)
                == .record(
                    path: Argument("my hike.lprof", at: langSpan("'my hike.lprof'", in: forced)),
                    force: true))
        #expect(langCommand("record off") == .recordOff)
        #expect(langCommand("record 'off'") == .recordOff)
        #expect(langCommand("record off")?.commandName == .record)
        #expect(langCommand("record x")?.commandName == .record)
    }

    @Test func aFileNamedOffIsWrittenAsAPath() {
        #expect(
            langCommand("record ./off")
                == .record(
                    path: Argument("./off", at: langSpan("./off", in: "record ./off")), force: false
                ))
        // After --force comes FILE, whatever it is called.
        #expect(
            langCommand("record --force off")
                == .record(
                    path: Argument("off", at: langSpan("off", in: "record --force off")),
                    force: true))
        #expect(langCommand("record OFF") != .recordOff)
    }

    @Test func usageErrors() {
        let usage = "(usage: record [--force] FILE | record off)"
        #expect(langError("record")?.message == "'record' is missing a file \(usage)")
        #expect(
            langError("record --force")?.message == "'record' --force is missing a file \(usage)")
        #expect(
            langError("record a.lprof b.lprof")?.message
                == "too many arguments to 'record' (see 'help record')")
        #expect(
            langError("record a.lprof b.lprof")?.span
                == langSpan("b.lprof", in: "record a.lprof b.lprof"))
        #expect(
            langError("record off now")?.message
                == "too many arguments to 'record' (see 'help record')")
        #expect(
            langError("record --forse a.lprof")?.message
                == "unknown option '--forse'; did you mean '--force'?")
        #expect(
            langError("record --forse")?.message
                == "unknown option '--forse'; did you mean '--force'?")
        #expect(
            langError("record --force --force a.lprof")?.message
                == "too many arguments to 'record' (see 'help record')")
        #expect(
            langError("recrod x")?.message == "unknown command 'recrod'; did you mean 'record'?")
    }

    @Test func expectErrorTakesRecord() {
        #expect(langCommand("expect error record off") != nil)
        #expect(langCommand("expect error record --force x.lprof") != nil)
        #expect(
            langError("expect error record")?.message.hasPrefix("'record' is missing a file")
                == true)
    }
}
