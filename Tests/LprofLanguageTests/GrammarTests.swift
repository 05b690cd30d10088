import Testing

@testable import LprofLanguage

@Suite struct GrammarTests {
    /// The synopses every reader prints (help, the overview, usage errors, the README): the
    /// forms as declared, optional slots that end a form nested, an option before a file
    /// bracketed alone.
    @Test func synopsesAreTheForms() {
        let synopses = CommandName.allCases.map { command in
            Grammar.forms(of: command).map(\.synopsis)
        }
        #expect(
            synopses == [
                ["help [TOPIC]"],
                ["show [VIEW]", "show hike [GRAPH]"],
                [
                    "get [profile.|draft.]FIELD", "get --json [profile|draft]", "get mode",
                    "get sheet", "get wiring PIECE",
                ],
                ["set FIELD VALUE"],
                ["edit [on|off|toggle]"],
                ["done [--force]"],
                ["cancel"],
                ["reset [--force]"],
                ["reload"],
                ["dismiss [--force]"],
                ["present"],
                [
                    "expect [profile.|draft.]FIELD VALUE", "expect mode VALUE",
                    "expect sheet VALUE", "expect wiring PIECE VALUE", "expect error COMMAND …",
                ],
                ["env [KEY [VALUE]]", "env wiring [PIECE [VALUE]]"],
                ["trace [on|off|toggle]"],
                ["print [TEXT …]"],
                ["source FILE"],
                ["record [--force] FILE", "record off"],
                ["history [N]"],
                ["why [profile.|draft.]FIELD", "why mode", "why sheet", "why view"],
                ["quit"],
                ["exit"],
            ])
        #expect(Grammar.usage(of: .record) == "record [--force] FILE | record off")
        #expect(Grammar.usage(of: .get) == "get [profile.|draft.]FIELD")
    }

    /// A line that fills every slot of `form` (each optional one too), with words the
    /// slot takes.
    static func example(_ form: CommandForm) -> String {
        ([form.command.rawValue]
            + form.slots.map { slot -> String in
                switch slot.required {
                case .word(let word): return word
                case .name(let kind): return kind.words[0]
                case .target: return "draft.season"
                case .field: return "season"
                case .value: return "x"
                case .file: return "f.lprof"
                case .count: return "3"
                case .command: return "cancel"
                case .text: return "hi"
                }
            }).joined(separator: " ")
    }

    /// Every form parses, filled and with its optional slots left out, into a command of
    /// its own name: the parser reads the table, so a form cannot be declared and refused.
    @Test(arguments: CommandName.allCases)
    func everyFormParses(command: CommandName) {
        for form in Grammar.forms(of: command) {
            let filled = Self.example(form)
            let required =
                ([command.rawValue]
                + filled.split(separator: " ").dropFirst().enumerated()
                .filter { !form.slots[$0.offset].isOptional }.map { String($0.element) })
                .joined(separator: " ")
            for line in [filled, required] {
                let (commands, errors) = langParse(line)
                #expect(errors.isEmpty, "\(line): \(errors.map(\.message))")
                let expected: CommandName = command == .exit ? .quit : command
                #expect(commands.first?.kind.commandName == expected, "\(line)")
            }
        }
    }

    /// A word more than a form takes is an error, at that word.
    @Test(arguments: CommandName.allCases.filter { $0 != .print && $0 != .expect })
    func aWordTooManyIsAnError(command: CommandName) {
        for form in Grammar.forms(of: command) {
            let line = Self.example(form) + " extra"
            let (_, errors) = langParse(line)
            #expect(errors.count == 1, "\(line)")
            #expect(errors.first?.span.start == line.utf8.count - 5, "\(line)")
        }
    }

    /// What the completer reads: the command under the cursor, lexed by the language's
    /// own lexer, an open string the word being typed.
    @Test func partialCommands() {
        let line = PartialCommand("expect error set 'a b' \"c\\\"d")
        #expect(line?.words == ["expect", "error", "set", "a b"])
        #expect(line?.current == "c\"d")
        #expect(line?.currentRaw == "\"c\\\"d")
        #expect(line?.openQuote == "\"")
        #expect(PartialCommand("show # x") == nil)
        #expect(PartialCommand("# x") == nil)
        #expect(PartialCommand("print a#b c")?.words == ["print", "a#b"])
        #expect(PartialCommand("print a#b c")?.current == "c")
        #expect(PartialCommand("x; y ")?.words == ["y"])
        #expect(PartialCommand("x; y ")?.current == "")
        #expect(PartialCommand("x;")?.words == [])
        #expect(PartialCommand("set username 'Zo")?.current == "Zo")
        #expect(PartialCommand("set username 'Zo")?.openQuote == "'")
        #expect(PartialCommand("set username \"a\\")?.current == "a")
        #expect(PartialCommand("set username \"\\u{1F342}")?.current == "🍂")
        #expect(PartialCommand("set username 'a'")?.current == "a")
        #expect(PartialCommand("set username 'a'")?.currentRaw == "'a'")
        // What the lexer refuses, but an open string, completes nothing.
        #expect(PartialCommand("set username a\"b") == nil)
        #expect(PartialCommand("set username \"\\q") == nil)
        #expect(PartialCommand("")?.words == [])
    }
}
