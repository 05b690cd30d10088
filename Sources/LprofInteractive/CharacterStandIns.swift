import LprofText

/// One code point (a stand-in as wide and as letter-like as its character, then one-column
/// continuations) for each character the prompt edits, since libedit edits scalars (SPEC §8).
public final class CharacterStandIns {
    /// One column, a symbol: Supplementary Private Use Area-A (its last is the continuation).
    static let narrowSymbols: [ClosedRange<UInt32>] = [0xF0000...0xFFFFC]
    /// One column, a letter: Egyptian Hieroglyphs and Cuneiform.
    static let narrowLetters: [ClosedRange<UInt32>] = [0x13000...0x1342E, 0x12000...0x12399]
    /// Two columns, a symbol: Kangxi Radicals and the CJK Radicals Supplement.
    static let wideSymbols: [ClosedRange<UInt32>] = [
        0x2F00...0x2FD5, 0x2E80...0x2E99, 0x2E9B...0x2EF3,
    ]
    /// Two columns, a letter: CJK Unified Ideographs Extension G.
    static let wideLetters: [ClosedRange<UInt32>] = [0x30000...0x3134A]
    static let allRanges = narrowSymbols + narrowLetters + wideSymbols + wideLetters
    static let continuation: UInt32 = 0xFFFFD
    /// Drawn before a zero-width character (a combining mark with no base), as Unicode does.
    static let dottedCircle: Unicode.Scalar = "\u{25CC}"

    /// What a stand-in stands for.
    struct Entry {
        let character: Character
        /// How the terminal is sent it.
        let drawn: String
        /// libedit's columns for the stand-in itself (its pool's width).
        let columns: Int
        let continuations: Int
    }

    private var entries: [UInt32: Entry] = [:]
    private var standInOf: [Character: UInt32] = [:]
    /// The unused stand-ins by width and kind, from blocks glibc counts so and few people type.
    private var pools = [
        [narrowSymbols.joined().makeIterator(), narrowLetters.joined().makeIterator()],
        [wideSymbols.joined().makeIterator(), wideLetters.joined().makeIterator()],
    ]
    private let drawnColumns: (String) -> Int

    /// Stand-ins as wide as `columns` says the terminal draws them, else as `TextWidth` counts.
    public init(columns: @escaping (String) -> Int? = { _ in nil }) {
        drawnColumns = { columns($0) ?? TextWidth.columns(of: $0) }
    }

    /// Whether `character` is handed to libedit as a stand-in.
    static func needsStandIn(_ character: Character) -> Bool {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return false }
        if scalars.count > 1 { return true }
        let value = first.value
        if value == continuation || allRanges.contains(where: { $0.contains(value) }) {
            return true
        }
        // A lone zero-width scalar that is not a control (libedit shows controls as ^X).
        return value >= 0x20 && value != 0x7F && !(0x80..<0xA0).contains(value)
            && TextWidth.columns(of: character) == 0
    }

    /// The code points libedit edits for `character` (its scalars once the stand-ins run out).
    func codePoints(for character: Character) -> [UInt32] {
        guard Self.needsStandIn(character) else { return character.unicodeScalars.map(\.value) }
        let point = standInOf[character] ?? newStandIn(for: character)
        guard let point, let entry = entries[point] else {
            return character.unicodeScalars.map(\.value)
        }
        return [point] + Array(repeating: Self.continuation, count: entry.continuations)
    }

    private func newStandIn(for character: Character) -> UInt32? {
        // What must not reach a terminal raw (a bidi override) is drawn as nothing.
        var drawn = String(
            String.UnicodeScalarView(character.unicodeScalars.filter { !TerminalSafe.isUnsafe($0) })
        )
        var width = drawn.isEmpty ? 0 : drawnColumns(drawn)
        if width <= 0 {
            drawn = String(Self.dottedCircle) + drawn
            width = max(1, drawnColumns(drawn))
        }
        guard let next = pools[width >= 2 ? 1 : 0][Self.isLetter(character) ? 1 : 0].next()
        else { return nil }
        standInOf[character] = next
        entries[next] = Entry(
            character: character, drawn: drawn, columns: min(2, width),
            continuations: max(0, width - 2))
        return next
    }

    /// Whether libedit's word moves should take `character` as a letter or digit (`iswalnum`).
    static func isLetter(_ character: Character) -> Bool {
        guard let first = character.unicodeScalars.first?.properties else { return false }
        let numbers: [Unicode.GeneralCategory] = [.decimalNumber, .letterNumber, .otherNumber]
        return first.isAlphabetic || numbers.contains(first.generalCategory)
    }

    /// `text` as libedit edits it: one code point a character (and its continuations).
    public func codePoints(_ text: String) -> [UInt32] {
        text.flatMap(codePoints(for:))
    }

    /// The text of code points from libedit's line: each stand-in as its character.
    public func text<C: Collection>(_ points: C) -> String where C.Element == UInt32 {
        var scalars = String.UnicodeScalarView()
        for point in points {
            if let entry = entries[point] {
                scalars.append(contentsOf: entry.character.unicodeScalars)
            } else if point != Self.continuation {
                scalars.append(Unicode.Scalar(point) ?? "\u{FFFD}")
            }
        }
        return String(scalars)
    }

    /// The columns libedit lays `points` out in, which rows on the screen must be computed from.
    public func columns<C: Collection>(of points: C) -> Int where C.Element == UInt32 {
        var total = 0
        for point in points {
            if point == Self.continuation {
                total += 1
            } else if let entry = entries[point] {
                total += entry.columns
            } else if let scalar = Unicode.Scalar(point) {
                total += TextWidth.columns(of: scalar)
            }
        }
        return total
    }

    /// Where each character of libedit's `points` starts (a stand-in with its continuations).
    public func characterStarts(_ points: [UInt32]) -> [Int] {
        var starts: [Int] = []
        var index = 0
        while index < points.count {
            starts.append(index)
            var end = index + 1
            if let entry = entries[points[index]] {
                while end < points.count, end - index <= entry.continuations,
                    points[end] == Self.continuation
                {
                    end += 1
                }
            }
            index = end
        }
        return starts
    }

    /// The line and cursor libedit should hold after an edit cut or joined characters (nil when
    /// fine), looking only at what changed since `previous` so that a long paste stays cheap.
    public func canonical(
        _ points: [UInt32], cursor: Int, previous: [UInt32], previousCursor: Int
    ) -> (points: [UInt32], cursor: Int)? {
        guard points.contains(where: { $0 >= 0x80 }) else { return nil }
        let shorter = min(points.count, previous.count)
        var prefix = 0
        while prefix < shorter, points[prefix] == previous[prefix] { prefix += 1 }
        if prefix == points.count, points.count == previous.count {  // the cursor moved
            guard cursor < points.count, points[cursor] == Self.continuation else { return nil }
            var head = cursor
            while head > 0, points[head] == Self.continuation { head -= 1 }
            var next = cursor
            while next < points.count, points[next] == Self.continuation { next += 1 }
            return (points, cursor < previousCursor ? head : next)
        }
        var suffix = 0
        while suffix < shorter - prefix,
            points[points.count - 1 - suffix] == previous[previous.count - 1 - suffix]
        {
            suffix += 1
        }
        // Widened by a character before (back to its stand-in) and one after.
        var start = prefix
        if start > 0 { start -= 1 }
        while start > 0, points[start] == Self.continuation { start -= 1 }
        var end = points.count - suffix
        if end < points.count { end += 1 }
        while end < points.count, points[end] == Self.continuation { end += 1 }
        let inside = cursor >= start && cursor <= end ? cursor - start : nil
        let fixed = repaired(
            points[start..<end], cursor: inside, movedLeft: cursor < previousCursor,
            grew: points.count > previous.count)
        var line = Array(points[..<start])
        line += fixed.points
        line += points[end...]
        let newCursor =
            fixed.cursor.map { start + $0 }
            ?? (cursor < start ? cursor : cursor + fixed.points.count - (end - start))
        if line == points && newCursor == cursor { return nil }
        return (line, newCursor)
    }

    /// `slice` made whole, with `cursor` moved; a lone stand-in in a line that `grew` was pasted
    /// (vi's `x` keeps only the stand-in for `p`) and stands for its whole character.
    private func repaired(
        _ slice: ArraySlice<UInt32>, cursor: Int?, movedLeft: Bool, grew: Bool
    ) -> (points: [UInt32], cursor: Int?) {
        let points = Array(slice)
        // What is left: its scalars, and the cursor as a count of them.
        var kept = String.UnicodeScalarView()
        var cursorScalars: Int?
        var index = 0
        while index < points.count {
            let point = points[index]
            if index == cursor { cursorScalars = kept.count }
            if let entry = entries[point] {
                let end = index + 1 + entry.continuations
                let whole =
                    end <= points.count
                    && points[index + 1..<end].allSatisfy { $0 == Self.continuation }
                if whole {
                    if let cursor, cursor > index, cursor < end {  // inside it
                        cursorScalars =
                            kept.count + (movedLeft ? 0 : entry.character.unicodeScalars.count)
                    }
                    kept.append(contentsOf: entry.character.unicodeScalars)
                    index = end
                } else if grew, index + 1 == points.count || points[index + 1] != Self.continuation
                {
                    if cursor == index + 1 {
                        cursorScalars = kept.count + entry.character.unicodeScalars.count
                    }
                    kept.append(contentsOf: entry.character.unicodeScalars)
                    index += 1
                } else {  // cut: it and what is left of its continuations go
                    index += 1
                    while index < points.count, points[index] == Self.continuation {
                        if index == cursor { cursorScalars = kept.count }
                        index += 1
                    }
                }
            } else {
                if point != Self.continuation { kept.append(Unicode.Scalar(point) ?? "\u{FFFD}") }
                index += 1
            }
        }
        if cursor == points.count { cursorScalars = kept.count }
        var wanted: [UInt32] = []
        var newCursor: Int? = cursorScalars == 0 ? 0 : nil
        var scalars = 0
        for character in String(kept) {
            wanted.append(contentsOf: codePoints(for: character))
            scalars += character.unicodeScalars.count
            if newCursor == nil, let cursorScalars, scalars >= cursorScalars {
                newCursor = wanted.count
            }
        }
        return (wanted, cursor == nil ? nil : newCursor ?? wanted.count)
    }

    /// Translates libedit's output chunk by chunk: each stand-in becomes its character, and a
    /// continuation not right after its stand-in a move right, where libedit believes it goes.
    public struct TerminalText {
        private var carried: [UInt8] = []
        /// Continuations still to come after the stand-in last written.
        private var continuationsDrawn = 0

        public init() {}

        public mutating func translate(
            _ chunk: UnsafeBufferPointer<UInt8>, with standIns: CharacterStandIns
        ) -> [UInt8] {
            var bytes = carried
            bytes.append(contentsOf: chunk)
            carried = []
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count)
            var i = 0
            while i < bytes.count {
                let lead = bytes[i]
                // Stand-ins are three- or four-byte UTF-8; nothing else changes.
                let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 1
                guard length > 1, lead <= 0xF4 else {
                    out.append(lead)
                    continuationsDrawn = 0
                    i += 1
                    continue
                }
                guard i + length <= bytes.count else {
                    carried = Array(bytes[i...])
                    break
                }
                var point = UInt32(lead & (length == 4 ? 0x07 : 0x0F))
                for k in 1..<length { point = point << 6 | UInt32(bytes[i + k] & 0x3F) }
                if let entry = standIns.entries[point] {
                    out.append(contentsOf: Array(entry.drawn.utf8))
                    continuationsDrawn = entry.continuations
                } else if point == CharacterStandIns.continuation {
                    if continuationsDrawn > 0 {
                        continuationsDrawn -= 1
                    } else {
                        out.append(contentsOf: Array("\u{1B}[C".utf8))
                    }
                } else {
                    out.append(contentsOf: bytes[i..<i + length])
                    continuationsDrawn = 0
                }
                i += length
            }
            return out
        }
    }
}
