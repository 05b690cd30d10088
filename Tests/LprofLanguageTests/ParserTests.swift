import LprofModel
import Testing

@testable import LprofLanguage
@testable import LprofText

@Suite struct ParserTests {
    static func arg(_ text: String, in line: String, occurrence: Int = 1) -> Argument {
        Argument(text, at: langSpan(text, in: line, occurrence: occurrence))
    }

    // MARK: - Every command form

    @Test func help() {
        #expect(langCommand("help") == .help(topic: nil))
        #expect(langCommand("help set") == .help(topic: Self.arg("set", in: "help set")))
        for topic in Vocabulary.helpTopics {
            let line = "help \(topic)"
            #expect(
                langCommand(line)
                    == .help(
                        topic: Argument(
                            topic, at: Span(line: 1, start: 5, end: 5 + topic.utf8.count))))
        }
    }

    @Test func show() {
        #expect(langCommand("show") == .show(nil, nil))
        let views: [(String, ViewTarget)] = [
            ("summary", .summary), ("editor", .editor), ("diff", .diff), ("badges", .badges),
            ("env", .env), ("hike", .hike(graph: nil)),
        ]
        for (word, view) in views {
            #expect(
                langCommand("show \(word)")
                    == .show(view, Span(line: 1, start: 5, end: 5 + word.count)))
        }
        for graph in HikeGraphKind.allCases {
            #expect(
                langCommand("show hike \(graph.rawValue)")
                    == .show(.hike(graph: graph), Span(line: 1, start: 5, end: 9)))
        }
    }

    @Test func get() {
        #expect(langCommand("get mode") == .get(.mode))
        for field in ProfileField.allCases {
            #expect(langCommand("get \(field.rawValue)") == .get(.field(nil, field)))
            #expect(langCommand("get profile.\(field.rawValue)") == .get(.field(.profile, field)))
            #expect(langCommand("get draft.\(field.rawValue)") == .get(.field(.draft, field)))
        }
        #expect(langCommand("get --json") == .getJSON(nil))
        #expect(langCommand("get --json profile") == .getJSON(.profile))
        #expect(langCommand("get --json draft") == .getJSON(.draft))
    }

    @Test func set() {
        for field in ProfileField.allCases {
            let line = "set \(field.rawValue) x"
            #expect(langCommand(line) == .set(field, Self.arg("x", in: line)))
        }
        let quoted = #"set username "Gita Kumar""#
        #expect(
            langCommand(quoted)
                == .set(.username, Argument("Gita Kumar", at: Span(line: 1, start: 13, end: 25))))
        // Values are not checked by the parser.
        #expect(
            langCommand("set season monsoon")
                == .set(.season, Self.arg("monsoon", in: "set season monsoon")))
        #expect(langCommand("set goal +1y2m") != nil)
    }

    @Test func editDoneCancelReset() {
        #expect(langCommand("edit") == .edit(.toggle))
        #expect(langCommand("edit on") == .edit(.on))
        #expect(langCommand("edit off") == .edit(.off))
        #expect(langCommand("edit toggle") == .edit(.toggle))
        #expect(langCommand("done") == .done(force: false))
        #expect(langCommand("done --force") == .done(force: true))
        #expect(langCommand("cancel") == .cancel)
        #expect(langCommand("reset") == .reset(force: false))
        #expect(langCommand("reset --force") == .reset(force: true))
    }

    @Test func expect() {
        let line = "expect season autumn"
        #expect(langCommand(line) == .expect(.field(nil, .season), Self.arg("autumn", in: line)))
        let scoped = "expect draft.goal today"
        #expect(
            langCommand(scoped) == .expect(.field(.draft, .goal), Self.arg("today", in: scoped)))
        let mode = "expect mode active"
        #expect(langCommand(mode) == .expect(.mode, Self.arg("active", in: mode)))
        let error = "expect error set season monsoon"
        let inner = Command(
            .set(.season, Self.arg("monsoon", in: error)), at: langSpan("set", in: error),
            lastSpan: langSpan("monsoon", in: error))
        #expect(langCommand(error) == .expectError(inner))
        let nested = "expect error expect error done"
        guard case .expectError(let outer)? = langCommand(nested),
            case .expectError(let innermost) = outer.kind
        else {
            Issue.record("nested expect error")
            return
        }
        #expect(innermost.kind == .done(force: false))
        #expect(innermost.span == Span(line: 1, start: 26, end: 30))
    }

    @Test func env() {
        #expect(langCommand("env") == .env(nil, nil))
        for key in EnvKey.allCases {
            #expect(langCommand("env \(key.rawValue)") == .env(key, nil))
            guard key != .wiring else { continue }
            let line = "env \(key.rawValue) v"
            #expect(langCommand(line) == .env(key, Self.arg("v", in: line)))
        }
    }

    @Test func envWiringGetAndExpect() {
        for piece in WiringPiece.allCases {
            #expect(langCommand("env wiring \(piece.rawValue)") == .rewire(piece, nil))
            let line = "env wiring \(piece.rawValue) v"
            #expect(langCommand(line) == .rewire(piece, Self.arg("v", in: line)))
            #expect(langCommand("get wiring \(piece.rawValue)") == .get(.wiring(piece)))
            let expect = "expect wiring \(piece.rawValue) v"
            #expect(langCommand(expect) == .expect(.wiring(piece), Self.arg("v", in: expect)))
        }
        let unknown = langError("env wiring onApear none")
        #expect(unknown?.message == "unknown wiring piece 'onApear'; did you mean 'onAppear'?")
        #expect(unknown?.span == Span(line: 1, start: 11, end: 18))
        #expect(langError("env wiring onAppear none extra")?.message.contains("too many") == true)
        #expect(
            langError("expect wiring onAppear")?.message.contains(
                "usage: expect wiring PIECE VALUE") == true)
        #expect(langError("get wiring")?.message.contains("usage: get wiring PIECE") == true)
    }

    @Test func traceAndPrint() {
        #expect(langCommand("trace") == .trace(.toggle))
        #expect(langCommand("trace on") == .trace(.on))
        #expect(langCommand("trace off") == .trace(.off))
        #expect(langCommand("trace toggle") == .trace(.toggle))
        #expect(langCommand("print") == .print([]))
        let line = #"print a "b c" 'd'"#
        #expect(
            langCommand(line)
                == .print([
                    Argument("a", at: Span(line: 1, start: 6, end: 7)),
                    Argument("b c", at: Span(line: 1, start: 8, end: 13)),
                    Argument("d", at: Span(line: 1, start: 14, end: 17)),
                ]))
        // print takes any words, even command names and options.
        #expect(langCommand("print set --json error") != nil)
    }

    @Test func sourceHistoryQuit() {
        #expect(
            langCommand("source lib/a.lprof")
                == .source(Argument("lib/a.lprof", at: Span(line: 1, start: 7, end: 18))))
        #expect(langCommand("history") == .history(nil))
        #expect(
            langCommand("history 5") == .history(Argument("5", at: Span(line: 1, start: 8, end: 9)))
        )
        #expect(langCommand("quit") == .quit)
        #expect(langCommand("reload") == .reload)
        #expect(langCommand("exit") == .quit)
    }

    @Test func commandSpanAndEnd() {
        let (commands, _) = langParse("  get mode ; set season fall  ")
        #expect(commands.count == 2)
        #expect(commands[0].span == Span(line: 1, start: 2, end: 5))
        #expect(commands[0].lastSpan == Span(line: 1, start: 6, end: 10))
        #expect(commands[1].span == Span(line: 1, start: 13, end: 16))
        #expect(commands[1].lastSpan == Span(line: 1, start: 24, end: 28))
    }

    @Test func emptyCommandsBetweenSeparatorsAreSkipped() {
        let (commands, errors) = langParse(";; get mode ;;; cancel ;")
        #expect(errors.isEmpty)
        #expect(commands.map(\.kind) == [.get(.mode), .cancel])
    }

    // MARK: - Syntax errors and their spans

    @Test(arguments: [
        // (line, the offending text, a fragment of the message)
        ("sett season autumn", "sett", "unknown command 'sett'; did you mean 'set'?"),
        ("xyzzy", "xyzzy", "unknown command 'xyzzy'"),
        ("Set season autumn", "Set", "did you mean 'set'?"),
        (#""sett" season autumn"#, #""sett""#, "unknown command 'sett'; did you mean 'set'?"),
        ("set sesaon autumn", "sesaon", "unknown field 'sesaon'; did you mean 'season'?"),
        ("set Season autumn", "Season", "did you mean 'season'?"),
        ("get sesaon", "sesaon", "did you mean 'season'?"),
        ("get profile.sesaon", "sesaon", "unknown field 'sesaon'; did you mean 'season'?"),
        ("get draft.gaol", "gaol", "did you mean 'goal'?"),
        ("get proflie.season", "proflie", "unknown profile 'proflie'"),
        ("expect drfat.season autumn", "drfat", "did you mean 'draft'?"),
        ("expect sesaon autumn", "sesaon", "did you mean 'season'?"),
        ("get --json prof", "prof", "unknown profile 'prof'"),
        ("show sumary", "sumary", "unknown view 'sumary'; did you mean 'summary'?"),
        ("show hike altitude", "altitude", "unknown hike graph 'altitude'"),
        ("show hike pase", "pase", "did you mean 'pace'?"),
        (
            "env sizecategory l", "sizecategory",
            "unknown env key 'sizecategory'; did you mean 'sizeCategory'?"
        ),
        ("env colour", "colour", "unknown env key 'colour'"),
        ("help sumary", "sumary", "unknown help topic 'sumary'"),
        ("help sett", "sett", "did you mean 'set'?"),
        ("edit maybe", "maybe", "unknown 'edit' mode 'maybe'"),
        ("edit On", "On", "did you mean 'on'?"),
        ("trace onn", "onn", "did you mean 'on'?"),
        ("done now", "now", "unknown option 'now'"),
        ("done --froce", "--froce", "did you mean '--force'?"),
        ("reset --forc", "--forc", "did you mean '--force'?"),
        ("set profile.season x", "profile.season", "'set' writes the draft"),
        ("set draft.season x", "draft.season", "'set' writes the draft"),
    ])
    func unknownNames(line: String, offending: String, message: String) {
        let error = langError(line)
        #expect(error?.span == langSpan(offending, in: line), "\(line)")
        #expect(error?.message.contains(message) == true, "\(line): \(error?.message ?? "nil")")
    }

    @Test(arguments: [
        // (line, where the error points, a fragment of the message)
        ("set", "set", "missing a field"),
        ("set season", "set", "missing a value for season"),
        ("get", "get", "missing what to get"),
        ("expect", "expect", "missing what to check"),
        ("expect season", "expect", "missing the expected value"),
        ("expect mode", "expect", "missing the expected value"),
        ("expect error", "expect", "missing a command"),
        ("source", "source", "missing a file"),
    ])
    func missingArguments(line: String, at: String, message: String) {
        let error = langError(line)
        #expect(error?.span == langSpan(at, in: line), "\(line)")
        #expect(error?.message.contains(message) == true, "\(line): \(error?.message ?? "nil")")
    }

    @Test(arguments: [
        // (line, the first extra token)
        ("set season autumn winter", "winter"),
        ("set username Gita Kumar", "Kumar"),
        ("get mode now", "now"),
        ("get season x", "x"),
        ("get --json profile x", "x"),
        ("edit on now", "now"),
        ("trace on off", "off"),
        ("done --force x", "x"),
        ("reset --force --force", "--force"),
        ("cancel x", "x"),
        ("reload --force", "--force"),
        ("show summary x", "x"),
        ("show hike pace x", "x"),
        ("expect season autumn x", "x"),
        ("expect mode active x", "x"),
        ("env now 2026-01-01 x", "x"),
        ("help set x", "x"),
        ("source a b", "b"),
        ("history 1 2", "2"),
        ("quit now", "now"),
        ("exit 0", "0"),
    ])
    func extraArguments(line: String, extra: String) {
        let error = langError(line)
        let occurrence = line == "reset --force --force" ? 2 : 1
        #expect(error?.span == langSpan(extra, in: line, occurrence: occurrence), "\(line)")
    }

    /// Values wrong whatever the state are found before anything runs (SPEC §3), so that
    /// `lprof check` reports them: a count that is no whole number, an empty file name.
    @Test(arguments: [
        ("history abc", "abc", "history takes a count of entries, not 'abc'"),
        ("history -1", "-1", "history takes a count of entries, not '-1'"),
        ("source \"\"", "\"\"", "'source' needs a file name, not \"\""),
        ("record \"\"", "\"\"", "'record' needs a file name, not \"\""),
        ("record --force \"\"", "\"\"", "'record' needs a file name, not \"\""),
    ])
    func valuesWrongInAnyStateAreSyntaxErrors(line: String, word: String, message: String) {
        let error = langError(line)
        #expect(error?.span == langSpan(word, in: line), "\(line)")
        #expect(error?.message.hasPrefix(message) == true, "\(error?.message ?? "none")")
    }

    @Test func setQuotingHint() {
        let error = langError("set username Gita Kumar")
        #expect(error?.message.contains(#"quote a value"#) == true)
    }

    @Test func expectErrorChecksItsCommand() {
        let line = "expect error sett season x"
        #expect(langError(line)?.span == langSpan("sett", in: line))
        let line2 = "expect error set sesaon x"
        #expect(langError(line2)?.span == langSpan("sesaon", in: line2))
        let line3 = "expect error cancel x"
        #expect(langError(line3)?.span == langSpan("x", in: line3))
    }

    @Test func quotedWordsAreWords() {
        // Quotes only group characters, as in a shell: a quoted name is the name.
        #expect(langCommand(#"get "--json""#) == .getJSON(nil))
        guard case .expectError? = langCommand(#"expect "error" done"#) else {
            Issue.record("quoted error is not expect error")
            return
        }
        guard case .set? = langCommand(#""set" season autumn"#) else {
            Issue.record("a quoted command name is not the command")
            return
        }
    }

    @Test func emptyFieldAfterScope() {
        let line = "get profile."
        let error = langError(line)
        #expect(error?.message.contains("unknown field ''") == true)
        #expect(error?.span.start == 12)
    }

    // MARK: - Recovery

    @Test func oneErrorPerCommandAndRecoveryAtSemicolon() {
        let line = "sett a b c; get mode; set sesaon x y; show nope extra; done"
        let (commands, errors) = langParse(line)
        #expect(commands.map(\.kind) == [.get(.mode), .done(force: false)])
        #expect(
            errors.map(\.span) == [
                langSpan("sett", in: line), langSpan("sesaon", in: line),
                langSpan("nope", in: line),
            ])
    }

    @Test func namesAreCaseSensitive() {
        #expect(langError("GET mode") != nil)
        #expect(langError("get MODE") != nil)
        #expect(langError("show Summary") != nil)
        #expect(langError("env SIZECATEGORY") != nil)
        #expect(langError("get --JSON") != nil)
    }

    // MARK: - Suggestions

    @Test(arguments: [
        ("sesaon", Vocabulary.fields, "season"),
        ("sumary", Vocabulary.views, "summary"),
        ("sett", Vocabulary.commands, "set"),
        ("hlep", Vocabulary.commands, "help"),
        ("qiut", Vocabulary.commands, "quit"),
        ("relaod", Vocabulary.commands, "reload"),
        ("usrname", Vocabulary.fields, "username"),
        ("notification", Vocabulary.fields, "notifications"),
        ("notif", Vocabulary.fields, "notifications"),
        ("SEASON", Vocabulary.fields, "season"),
        ("--trce", ["--store", "--trace", "--echo", "--memory"], "--trace"),
        ("heartrate", Vocabulary.hikeGraphs, "heart-rate"),
        ("sizecategory", Vocabulary.envKeys, "sizeCategory"),
    ])
    func suggestsTheNearest(word: String, candidates: [String], expected: String) {
        #expect(Suggestion.nearest(to: word, among: candidates) == expected)
        #expect(Suggestion.hint(for: word, among: candidates) == "; did you mean '\(expected)'?")
    }

    @Test(arguments: ["xyzzy", "qqqqqqqq", "", "🍂", "zz", String(repeating: "a", count: 200)])
    func nothingForGarbage(word: String) {
        #expect(Suggestion.nearest(to: word, among: Vocabulary.commands + Vocabulary.fields) == nil)
        #expect(Suggestion.hint(for: word, among: Vocabulary.commands) == "")
    }

    @Test func exactMatchIsNoSuggestion() {
        #expect(Suggestion.nearest(to: "set", among: Vocabulary.commands) == nil)
    }

}

/// A `#` where a value should be starts a comment: the missing-value error says so.
@Suite struct ParserCommentHintTests {
    @Test func aCommentWhereTheValueGoesIsNamed() {
        let hint = "; '#' starts a comment: quote a value that starts with it (\"#…\")"
        #expect(langError("set username #hiker")?.message.hasSuffix(hint) == true)
        #expect(langError("set username   # note")?.message.hasSuffix(hint) == true)
        #expect(langError("set username")?.message.hasSuffix(hint) == false)
    }
}
