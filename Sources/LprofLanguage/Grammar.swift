import LprofModel
import LprofText

/// The command language declared once, every command's forms, so that the parser, the
/// completer, help and the documentation tests all read the same table (STYLE practice 18).
public enum Grammar {
    /// A command's forms, in the order completion offers their words and help lists them.
    public static func forms(of command: CommandName) -> [CommandForm] {
        table[command.index]
    }

    /// The synopsis `help`'s overview and the errors' usage give a command: its first form.
    public static func synopsis(of command: CommandName) -> String {
        forms(of: command)[0].synopsis
    }

    /// The usage an error gives a command lacking words (`record [--force] FILE | record off`).
    static func usage(of command: CommandName) -> String {
        forms(of: command).filter { $0.missing != nil }.map(\.synopsis).joined(separator: " | ")
    }

    /// The table, indexed as `CommandName.allCases`.
    private static let table: [[CommandForm]] = CommandName.allCases.map(declare)

    private static func declare(_ command: CommandName) -> [CommandForm] {
        typealias F = CommandForm
        switch command {
        case .help:
            return [F(command, .optional(.name(.helpTopics))) { .help(topic: $0.argument(0)) }]
        case .show:
            return [
                F(command, .optional(.name(.views))) { m in
                    .show(m.name(0, ViewKind.self).map(ViewTarget.init), m.span(0))
                },
                F(command, .word("hike"), .optional(.name(.hikeGraphs))) { m in
                    .show(.hike(graph: m.name(1)), m.span(0))
                },
            ]
        case .get:
            return [
                F(command, .target, missing: "what to get") { .get($0.target(0)) },
                F(command, .keyword(.json), .optional(.name(.scopes))) { .getJSON($0.name(1)) },
                F(command, .keyword(.mode)) { _ in .get(.mode) },
                F(command, .keyword(.sheet)) { _ in .get(.sheet) },
                F(command, .keyword(.wiring), .name(.wiringPieces), then: "the wiring piece") {
                    .get(.wiring($0.name(1)!))
                },
            ]
        case .set:
            return [
                F(command, .field, .value(.new), missing: "a field") {
                    .set($0.field(0), $0.argument(1)!)
                }
            ]
        case .edit:
            return [F(command, .optional(.name(.switches))) { .edit($0.name(0) ?? .toggle) }]
        case .trace:
            return [F(command, .optional(.name(.switches))) { .trace($0.name(0) ?? .toggle) }]
        case .done: return [F(command, .optional(.keyword(.force))) { .done(force: $0.has(0)) }]
        case .cancel: return [F(command) { _ in .cancel }]
        case .reset: return [F(command, .optional(.keyword(.force))) { .reset(force: $0.has(0)) }]
        case .reload: return [F(command) { _ in .reload }]
        case .dismiss:
            return [F(command, .optional(.keyword(.force))) { .dismiss(force: $0.has(0)) }]
        case .present: return [F(command) { _ in .present }]
        case .expect:
            return [
                F(
                    command, .target, .value(.expected), missing: "what to check",
                    then: "the expected value"
                ) {
                    .expect($0.target(0), $0.argument(1)!)
                },
                F(command, .keyword(.mode), .value(.expected), then: "the expected value") {
                    .expect(.mode, $0.argument(1)!)
                },
                F(command, .keyword(.sheet), .value(.expected), then: "the expected value") {
                    .expect(.sheet, $0.argument(1)!)
                },
                F(
                    command, .keyword(.wiring), .name(.wiringPieces), .value(.expected),
                    then: "the piece or its value"
                ) {
                    .expect(.wiring($0.name(1)!), $0.argument(2)!)
                },
                F(command, .keyword(.error), .command) { .expectError($0.command(1)) },
            ]
        case .env:
            return [
                F(command, .optional(.name(.envKeys)), .optional(.value(.environment))) {
                    .env($0.name(0), $0.argument(1))
                },
                F(
                    command, .word(EnvKey.wiring.rawValue), .optional(.name(.wiringPieces)),
                    .optional(.value(.wiring))
                ) { m in
                    guard let piece: WiringPiece = m.name(1) else { return .env(.wiring, nil) }
                    return .rewire(piece, m.argument(2))
                },
            ]
        case .print: return [F(command, .optional(.text)) { .print($0.arguments(0)) }]
        case .source: return [F(command, .file, missing: "a file") { .source($0.argument(0)!) }]
        case .record:
            return [
                F(command, .optional(.keyword(.force)), .file, missing: "a file") {
                    .record(path: $0.argument(1)!, force: $0.has(0))
                },
                F(command, .word(Switch.off.rawValue), missing: "a file") { _ in .recordOff },
            ]
        case .history: return [F(command, .optional(.count)) { .history($0.argument(0)) }]
        case .why:
            return [
                F(command, .target, missing: "what to explain") { m in
                    guard case .field(let scope, let field) = m.target(0) else {
                        return .why(.mode)
                    }
                    return .why(.field(scope, field))
                },
                F(command, .keyword(.mode)) { _ in .why(.mode) },
                F(command, .keyword(.sheet)) { _ in .why(.sheet) },
                F(command, .keyword(.view)) { _ in .why(.view) },
            ]
        case .quit, .exit: return [F(command) { _ in .quit }]
        }
    }
}

/// One way to write a command, a class because the parser walks the forms for every command
/// and a reference costs less to pass around than a copy.
public final class CommandForm: Sendable {
    let command: CommandName
    public let slots: [FormSlot]
    /// What the error says is missing after a bare name (`'get' is missing what to get`).
    let missing: String?
    /// What the error says is missing after the form's first word (`the wiring piece`).
    let then: String?
    let build: @Sendable (Matched) -> CommandKind

    init(
        _ command: CommandName, _ slots: FormSlot..., missing: String? = nil,
        then: String? = nil,
        build: @escaping @Sendable (Matched) -> CommandKind
    ) {
        self.command = command
        self.slots = slots
        self.missing = missing
        self.then = then ?? missing
        self.build = build
    }

    /// The form as help writes it: `get wiring PIECE`, `env [KEY [VALUE]]`.
    public var synopsis: String { synopsis { _, _ in nil } }

    /// The form with the slots `spelling(slot, previous)` spells written out (`show`'s views).
    public func synopsis(spelling: (Slot, Slot?) -> String?) -> String {
        var text = command.rawValue
        var closing = ""
        for (index, slot) in slots.enumerated() {
            let previous = index > 0 ? slots[index - 1].required : nil
            let written = spelling(slot.required, previous) ?? slot.required.placeholder
            if !slot.isOptional {
                text += " " + written
            } else if slots[index...].allSatisfy(\.isOptional) {
                // The optional slots that end a form nest: `[KEY [VALUE]]`.
                text += " [" + written
                closing += "]"
            } else {
                text += " [" + written + "]"
            }
        }
        return text + closing
    }

    var required: Int { slots.filter { !$0.isOptional }.count }
}

/// A slot of a form and whether it may be left out, a flag because LeakSanitizer (the fuzz
/// targets') took an indirect `optional` case's boxes for leaks.
public struct FormSlot: Equatable, Sendable {
    public let required: Slot
    public let isOptional: Bool

    private init(_ required: Slot, isOptional: Bool = false) {
        self.required = required
        self.isOptional = isOptional
    }

    static func optional(_ slot: FormSlot) -> FormSlot { FormSlot(slot.required, isOptional: true) }

    // The slots as the table writes them.
    static func word(_ word: String) -> FormSlot { FormSlot(.word(word)) }
    static func name(_ kind: NameKind) -> FormSlot { FormSlot(.name(kind)) }
    static func value(_ kind: ValueKind) -> FormSlot { FormSlot(.value(kind)) }
    static let target = FormSlot(.target)
    static let field = FormSlot(.field)
    static let file = FormSlot(.file)
    static let count = FormSlot(.count)
    static let command = FormSlot(.command)
    static let text = FormSlot(.text)
    static func keyword(_ keyword: Keyword) -> FormSlot { word(keyword.rawValue) }
}

/// What one word (or the rest of the words) of a command is.
public enum Slot: Equatable, Sendable {
    case word(String)
    case name(NameKind)
    /// `[profile.|draft.]FIELD`: a field, bare (the visible view's) or scoped.
    case target
    /// A field by its bare name.
    case field
    /// A value, read when the command is compiled or run.
    case value(ValueKind)
    /// A file's name (never empty).
    case file
    /// A whole number, a count of entries.
    case count
    /// A whole command, the rest of the words (`expect error`).
    case command
    /// Any words, the rest of them (`print`).
    case text

    var placeholder: String {
        switch self {
        case .word(let word): return word
        case .name(let kind): return kind.placeholder
        case .target: return "[profile.|draft.]FIELD"
        case .field: return "FIELD"
        case .value: return "VALUE"
        case .file: return "FILE"
        case .count: return "N"
        case .command: return "COMMAND …"
        case .text: return "TEXT …"
        }
    }
}

/// The language's tables of names a slot can take.
public enum NameKind: Int, CaseIterable, Sendable {
    case views, hikeGraphs, envKeys, wiringPieces, switches, helpTopics, scopes

    public var words: [String] { entry.words }

    /// How a synopsis writes the slot: a placeholder, or the few names themselves.
    var placeholder: String { entry.placeholder ?? words.joined(separator: "|") }

    /// What an error calls a name of the table: `unknown view 'x'`, `unknown 'edit' mode 'x'`.
    func what(in command: String) -> String {
        self == .switches ? "'\(command)' \(entry.what)" : entry.what
    }

    /// The kind's names, its placeholder (nil: its names) and what an error calls one.
    private var entry: (words: [String], placeholder: String?, what: String) {
        switch self {
        case .views: (Vocabulary.views, "VIEW", "view")
        case .hikeGraphs: (Vocabulary.hikeGraphs, "GRAPH", "hike graph")
        case .envKeys: (Vocabulary.envKeys, "KEY", "env key")
        case .wiringPieces: (Vocabulary.wiringPieces, "PIECE", "wiring piece")
        case .switches: (Vocabulary.switches, nil, "mode")
        case .helpTopics: (Vocabulary.helpTopics, "TOPIC", "help topic")
        case .scopes: (Vocabulary.scopes, nil, "profile")
        }
    }
}

/// What a value slot holds, and so what completes it (`set`'s new value, `expect`'s, `env`'s).
public enum ValueKind: Equatable, Sendable {
    case new, expected, environment, wiring
}

/// The words a form matched, slot by slot, for its `build`.
struct Matched: Sendable {
    enum Piece: Sendable {
        case absent
        case word(Span)
        case name(Int, Span)
        case target(Target)
        case field(ProfileField)
        case argument(Argument)
        case command(Command)
        case arguments([Argument])
    }

    var pieces: [Piece]

    func has(_ index: Int) -> Bool {
        if case .absent = pieces[index] { return false }
        return true
    }

    /// The name slot `index` matched, as its table's case.
    func name<Name: CaseIterable>(_ index: Int, _: Name.Type = Name.self) -> Name? {
        guard case .name(let position, _) = pieces[index] else { return nil }
        return Array(Name.allCases)[position]
    }

    /// Where slot `index` was written, if it was.
    func span(_ index: Int) -> Span? {
        switch pieces[index] {
        case .word(let span), .name(_, let span): return span
        case .argument(let argument): return argument.span
        default: return nil
        }
    }

    func target(_ index: Int) -> Target {
        guard case .target(let target) = pieces[index] else { preconditionFailure("no target") }
        return target
    }

    func field(_ index: Int) -> ProfileField {
        guard case .field(let field) = pieces[index] else { preconditionFailure("no field") }
        return field
    }

    func argument(_ index: Int) -> Argument? {
        guard case .argument(let argument) = pieces[index] else { return nil }
        return argument
    }

    func command(_ index: Int) -> Command {
        guard case .command(let command) = pieces[index] else { preconditionFailure("no command") }
        return command
    }

    func arguments(_ index: Int) -> [Argument] {
        guard case .arguments(let arguments) = pieces[index] else { return [] }
        return arguments
    }
}

extension ViewTarget {
    /// The view `show NAME` renders (`hike` with no graph named).
    public init(_ kind: ViewKind) {
        switch kind {
        case .summary: self = .summary
        case .editor: self = .editor
        case .diff: self = .diff
        case .badges: self = .badges
        case .hike: self = .hike(graph: nil)
        case .env: self = .env
        case .voiceover: self = .voiceover
        case .code: self = .code
        }
    }
}

extension CommandName {
    /// Its place in `allCases`, found by comparing because hashing cost start-up more.
    var index: Int { Self.all.firstIndex(of: self)! }
    private static let all = allCases
}
