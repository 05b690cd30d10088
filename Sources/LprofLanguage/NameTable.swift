import LprofModel

/// Names of at most 16 bytes as two machine words, grouped by length and never freed, so that
/// the parser's lookups compare integers and copy no reference count.
struct NameTable<Name: Sendable>: @unchecked Sendable {
    private let names: UnsafeBufferPointer<Name>
    /// The entries by length: those `n` bytes long are `entries[starts[n]..<starts[n + 1]]`.
    private let entries: UnsafeBufferPointer<NameTableEntry>
    private let starts: UnsafeBufferPointer<Int>

    /// A table of `names`; `Name` is only `Sendable`, so making one costs no conformance lookups.
    init(_ names: [Name], spelt spelling: (Name) -> String) {
        self.names = Self.forever(names)
        var byLength = [[NameTableEntry]](repeating: [], count: Self.longest + 1)
        for (index, name) in names.enumerated() {
            let bytes = Array(spelling(name).utf8)
            precondition((1...Self.longest).contains(bytes.count), "a name is 1 to 16 bytes")
            let (low, high) = bytes.withUnsafeBufferPointer { Self.words($0) }
            byLength[bytes.count].append(NameTableEntry(low: low, high: high, index: index))
        }
        entries = Self.forever(byLength.flatMap { $0 })
        var starts = [0]
        for group in byLength { starts.append(starts[starts.count - 1] + group.count) }
        self.starts = Self.forever(starts)
    }

    /// `elements` in storage that is never freed.
    private static func forever<Element>(_ elements: [Element]) -> UnsafeBufferPointer<Element> {
        let storage = UnsafeMutableBufferPointer<Element>.allocate(capacity: elements.count)
        _ = storage.initialize(from: elements)
        return UnsafeBufferPointer(storage)
    }

    private static var longest: Int { 16 }

    /// Two words that together hold every byte of `word`, distinct for distinct words of a length.
    @inline(__always)
    private static func words(_ word: UnsafeBufferPointer<UInt8>) -> (UInt64, UInt64) {
        let n = word.count
        let p = UnsafeRawPointer(word.baseAddress!)
        if n >= 8 {
            return (
                p.loadUnaligned(as: UInt64.self),
                p.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self)
            )
        }
        if n >= 4 {
            let first = UInt64(p.loadUnaligned(as: UInt32.self))
            let last = UInt64(p.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self))
            return (first | last &<< 32, 0)
        }
        return (UInt64(word[0]) | UInt64(word[n / 2]) &<< 8 | UInt64(word[n - 1]) &<< 16, 0)
    }

    /// The name spelt exactly by `word`'s bytes, if any.
    @inline(__always)
    func name(_ word: UnsafeBufferPointer<UInt8>) -> Name? {
        let n = word.count
        guard n > 0, n <= Self.longest else { return nil }
        let (low, high) = Self.words(word)
        for i in starts[n]..<starts[n + 1] where entries[i].low == low && entries[i].high == high {
            return names[entries[i].index]
        }
        return nil
    }

    /// The name spelt exactly by `text`, if any (a quoted word's decoded text).
    func name(_ text: String) -> Name? { withBytes(of: text) { name($0) } }
}

/// A name in a `NameTable`: its bytes, as two words, and its place among the names.
struct NameTableEntry: Sendable {
    var low: UInt64
    var high: UInt64
    var index: Int
}

extension NameTable where Name: CaseIterable & RawRepresentable<String> {
    /// The table of an enum's cases, each spelt as its raw value.
    init() { self.init(Array(Name.allCases)) { $0.rawValue } }
}

/// The tables the parser matches words against, built once.
enum NameTables {
    static let commands = NameTable<CommandName>()
    static let fields = NameTable<ProfileField>()
    static let keywords = NameTable<Keyword>()
    static let foreignCommands = NameTable<ForeignCommand>()
    /// Grammar's name tables in `NameKind`'s order: an array, as hashing cost start-up more
    /// than the rest of making the grammar.
    private static let kinds = NameKind.allCases.map { kind in
        let words = kind.words
        return NameTable(Array(words.indices)) { words[$0] }
    }

    static func table(_ kind: NameKind) -> NameTable<Int> { kinds[kind.rawValue] }
}
