import LprofModel
import LprofText
import Testing

@testable import LprofLanguage

/// The language's name tables: the lists everyone reads are derived from them, and the
/// parser knows exactly the names they hold.
@Suite struct VocabularyTests {
    @Test func listsFollowTheirTables() {
        #expect(
            Vocabulary.commands == [
                "help", "show", "get", "set", "edit", "done", "cancel", "reset", "reload",
                "dismiss", "present", "expect", "env", "trace", "print", "source", "record",
                "history", "why", "quit", "exit",
            ])
        #expect(Vocabulary.fields == ["username", "notifications", "season", "goal"])
        #expect(Vocabulary.scopes == ["profile", "draft"])
        #expect(
            Vocabulary.views == [
                "summary", "editor", "diff", "badges", "hike", "env", "voiceover", "code",
            ])
        #expect(Vocabulary.hikeGraphs == ["elevation", "heart-rate", "pace"])
        #expect(
            Vocabulary.envKeys == [
                "editMode", "sizeCategory", "locale", "now", "edition", "wiring",
            ])
        #expect(
            Vocabulary.wiringPieces == [
                "onAppear", "onDisappear", "cancel-resets", "done-commits", "profile",
            ])
        #expect(Vocabulary.switches == ["on", "off", "toggle"])
        #expect(
            Vocabulary.helpTopics
                == Vocabulary.commands + [
                    "values", "goal", "language", "limits", "learn", "options", "interactive",
                    "wiring",
                ])
        #expect(
            Keyword.allCases.map(\.rawValue) == [
                "--json", "--force", "mode", "sheet", "error", "wiring", "view",
            ])
        #expect(Vocabulary.sheetStates == ["presented", "dismissed"])
    }

    /// Every command in the table parses as a command (none is left to a hand-written list).
    @Test(arguments: CommandName.allCases)
    func everyCommandParses(name: CommandName) {
        let (_, errors) = langParse(name.rawValue + " x y z")
        #expect(!errors.contains { $0.message.hasPrefix("unknown command") }, "\(name)")
        let (_, quoted) = langParse("'\(name.rawValue)' x y z")
        #expect(!quoted.contains { $0.message.hasPrefix("unknown command") }, "\(name)")
        let (_, misspelt) = langParse(name.rawValue + "x")
        #expect(misspelt.first?.message.hasPrefix("unknown command '\(name.rawValue)x'") == true)
    }

    /// Every field in the table parses as a field, bare and quoted, and nothing else does.
    @Test(arguments: ProfileField.allCases)
    func everyFieldParses(field: ProfileField) {
        #expect(langCommand("get " + field.rawValue) == .get(.field(nil, field)))
        #expect(langCommand("get '\(field.rawValue)'") == .get(.field(nil, field)))
        let (_, errors) = langParse("set " + field.rawValue + "x 1")
        #expect(errors.first?.message.hasPrefix("unknown field") == true)
    }

    @Test func nameTablesMatchWholeWordsOnly() {
        let table = NameTable<CommandName>()
        func find(_ word: String) -> CommandName? {
            Array(word.utf8).withUnsafeBufferPointer { table.name($0) }
        }
        for name in CommandName.allCases { #expect(find(name.rawValue) == name) }
        for word in ["", "s", "se", "sett", "SET", "set ", "histor", "historyx", "exi", "\u{0}"] {
            #expect(find(word) == nil, "\(word)")
        }
        #expect(table.name("expect") == .expect)
        #expect(table.name("Expect") == nil)
        let fields = NameTable<ProfileField>()
        #expect(
            Array("notifications".utf8).withUnsafeBufferPointer { fields.name($0) }
                == .notifications)
        #expect(Array("notification".utf8).withUnsafeBufferPointer { fields.name($0) } == nil)
    }

    /// A quoted word is the same name as a bare one: the parser looks up its decoded text.
    @Test func quotedNamesParse() {
        #expect(
            langCommand(#"show "hike" 'heart-rate'"#)
                == .show(.hike(graph: .heartRate), Span(line: 1, start: 5, end: 11)))
        #expect(langCommand(#"get "--json" 'draft'"#) == .getJSON(.draft))
        #expect(langCommand(#""edit" "on""#) == .edit(.on))
    }

    /// Words from other shells (SPEC §3): `?` and `\?` are `help`, with its topics; the
    /// words that leave other shells name `quit`, and `.help` names `help`.
    @Test func wordsFromOtherShells() {
        #expect(langCommand("?") == .help(topic: nil))
        #expect(langCommand(#"\?"#) == .help(topic: nil))
        #expect(langCommand("'?'") == .help(topic: nil))
        #expect(langCommand("? set")?.commandName == .help)
        #expect(CommandName(naming: #"\?"#) == .help)
        #expect(CommandName(naming: #"\q"#) == nil)
        for (word, named) in [
            (#"\q"#, "quit"), (":q", "quit"), (".quit", "quit"), (".help", "help"),
        ] {
            let (_, errors) = langParse(word)
            #expect(
                errors.map(\.message) == ["unknown command '\(word)'; did you mean '\(named)'?"])
        }
        let (_, topic) = langParse("?set")
        #expect(topic.map(\.message) == ["unknown command '?set'; did you mean '? set'?"])
        let (_, unknown) = langParse("? nothing")
        #expect(unknown.first?.message.hasPrefix("unknown help topic 'nothing'") == true)
    }

    @Test func commandKindsNameTheirCommand() {
        #expect(langCommand("exit")?.commandName == .quit)
        #expect(langCommand("get --json")?.commandName == .get)
        #expect(langCommand("expect error cancel")?.commandName == .expect)
        #expect(langCommand("done --force")?.commandName == .done)
    }
}

extension VocabularyTests {
    @Test func alternativesReadAsAList() {
        #expect(Suggestion.alternatives([]) == "")
        #expect(Suggestion.alternatives(["on"]) == "on")
        #expect(Suggestion.alternatives(["release", "beta"]) == "release or beta")
        #expect(Suggestion.alternatives(["a", "b", "c"]) == "a, b or c")
    }
}

extension VocabularyTests {
    /// Names of every length a table takes are found, and a word that differs from one in
    /// any single byte is not (the two packed words hold every byte).
    @Test func nameTablesTellEveryByteApart() {
        let spellings = (1...16).map { n in
            String((0..<n).map { Character(Unicode.Scalar(97 + $0)!) })
        }
        let table = NameTable(spellings) { $0 }
        func find(_ word: String) -> String? {
            Array(word.utf8).withUnsafeBufferPointer { table.name($0) }
        }
        for name in spellings {
            #expect(find(name) == name)
            for i in 0..<name.utf8.count {
                var bytes = Array(name.utf8)
                bytes[i] = UInt8(ascii: "Z")
                #expect(find(String(decoding: bytes, as: UTF8.self)) == nil, "\(name) at \(i)")
            }
        }
        #expect(find(spellings[15] + "q") == nil)
    }
}
