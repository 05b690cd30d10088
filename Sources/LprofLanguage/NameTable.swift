#if canImport(Glibc)
    import Glibc
#endif

/// One of the language's name tables (an enum whose cases are its names), laid out for
/// matching a word's bytes without allocating: the parser looks every name up here, so the
/// table, not a hand-written list of comparisons, decides what the parser knows.
struct NameTable<Name: CaseIterable & RawRepresentable<String> & Sendable>: Sendable {
    private let names: [Name]
    /// Every name's UTF-8, one after another; name `i` is `bytes[starts[i]..<starts[i + 1]]`.
    private let bytes: [UInt8]
    private let starts: [Int]

    init() {
        names = Array(Name.allCases)
        var bytes: [UInt8] = []
        var starts = [0]
        for name in names {
            bytes += name.rawValue.utf8
            starts.append(bytes.count)
        }
        self.bytes = bytes
        self.starts = starts
    }

    /// The name spelt exactly by `word`'s bytes, if any.
    func name(_ word: UnsafeBufferPointer<UInt8>) -> Name? {
        let count = word.count
        guard count > 0, let wordStart = word.baseAddress else { return nil }
        return bytes.withUnsafeBufferPointer { all in
            for i in 0..<names.count where starts[i + 1] - starts[i] == count {
                if memcmp(all.baseAddress! + starts[i], wordStart, count) == 0 { return names[i] }
            }
            return nil
        }
    }

    /// The name spelt exactly by `text`, if any (a quoted word's decoded text).
    func name(_ text: String) -> Name? { Name(rawValue: text) }
}

/// The tables the parser matches words against, built once.
enum NameTables {
    static let commands = NameTable<CommandName>()
    static let fields = NameTable<FieldName>()
    static let scopes = NameTable<Scope>()
    static let views = NameTable<ViewKind>()
    static let hikeGraphs = NameTable<HikeGraphKind>()
    static let envKeys = NameTable<EnvKey>()
    static let switches = NameTable<Switch>()
    static let keywords = NameTable<Keyword>()
}
