import LprofText

/// One code point for each character the prompt edits, so that libedit, which edits and
/// draws code points, acts on characters as a person sees them (SPEC §8).
///
/// libedit moves, deletes and transposes wide characters (Unicode scalars), and draws each
/// in `wcwidth` columns: Backspace after `☃️` deletes only its U+FE0F, the cursor can stand
/// between `e` and U+0301, and a zero-width scalar is lost from libedit's picture of the
/// screen, so its redraws leave stale glyphs. So every character of several scalars (and
/// every lone zero-width scalar) is handed to libedit as a **stand-in**: a code point as wide
/// (glibc's `wcwidth`, libedit's) as the terminal draws the character (`columns`, which the
/// reader asks of the terminal itself), and a letter to libedit (`iswalnum`) when the
/// character is one, so that word moves and kills take `é` written as e + U+0301 as the
/// letter it is and `☃️` as the symbol it is (`pools`).
/// A character the terminal draws wider than two columns (tmux draws `👍🏽` in four) is a
/// two-column stand-in followed by one-column **continuations**. Every command, in emacs and
/// vi keys, then acts on whole characters; `canonical` puts a character an edit cut (a
/// continuation deleted) or joined (U+0301 typed after `e`) back into this form and keeps
/// the cursor off its inside; `TerminalText` writes each stand-in to the terminal as the
/// character's scalars; `text` gives the line back.
///
/// A stand-in stands for the same character for the whole session. A scalar from the
/// stand-ins' ranges that the user types is itself given one, so a stand-in in libedit's
/// line is never anything else. Should the ranges run out, a character stays as its
/// scalars, as it was before stand-ins.
public final class CharacterStandIns {
    /// One column, a symbol: Supplementary Private Use Area-A (its last code point is the
    /// continuation).
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
    /// The continuation: one more column of the character before it.
    static let continuation: UInt32 = 0xFFFFD
    /// Drawn before a zero-width character (a combining mark with no base), as Unicode
    /// shows one: `◌́`.
    static let dottedCircle: Unicode.Scalar = "\u{25CC}"

    /// What a stand-in stands for.
    struct Entry {
        let character: Character
        /// How the terminal is sent it.
        let drawn: String
        /// libedit's columns for the stand-in itself (its pool's width).
        let columns: Int
        /// The continuations that follow it.
        let continuations: Int
    }

    private var entries: [UInt32: Entry] = [:]
    private var standInOf: [Character: UInt32] = [:]
    /// The unused stand-ins, by width (one, two) and kind (symbol, letter): blocks whose
    /// every code point glibc counts so (checked by the tests), among those few people type.
    private var pools = [
        [narrowSymbols.joined().makeIterator(), narrowLetters.joined().makeIterator()],
        [wideSymbols.joined().makeIterator(), wideLetters.joined().makeIterator()],
    ]
    /// The columns the terminal draws text in, as it says, or when it cannot say, as
    /// `TextWidth` counts them.
    private let drawnColumns: (String) -> Int

    /// Stand-ins as wide as `columns` says the terminal draws their characters, or when it
    /// cannot say (nil), as `TextWidth` counts them.
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

    /// The code points libedit edits for `character`: its one scalar, or its stand-in and
    /// continuations (or, should the stand-ins run out, all its scalars).
    func codePoints(for character: Character) -> [UInt32] {
        guard Self.needsStandIn(character) else { return character.unicodeScalars.map(\.value) }
        let point = standInOf[character] ?? newStandIn(for: character)
        guard let point, let entry = entries[point] else {
            return character.unicodeScalars.map(\.value)
        }
        return [point] + Array(repeating: Self.continuation, count: entry.continuations)
    }

    private func newStandIn(for character: Character) -> UInt32? {
        // What must not reach a terminal raw (a bidi override, which would reorder what the
        // screen shows of the line) is drawn as nothing; the line keeps it, as typed.
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

    /// Whether libedit should take `character` as part of a word, as it takes a letter or
    /// digit (`iswalnum`): its first scalar is one.
    static func isLetter(_ character: Character) -> Bool {
        guard let first = character.unicodeScalars.first?.properties else { return false }
        let numbers: [Unicode.GeneralCategory] = [.decimalNumber, .letterNumber, .otherNumber]
        return first.isAlphabetic || numbers.contains(first.generalCategory)
    }

    /// `text` as libedit edits it: one code point a character (and its continuations).
    public func codePoints(_ text: String) -> [UInt32] {
        var points: [UInt32] = []
        points.reserveCapacity(text.unicodeScalars.count)
        for character in text { points.append(contentsOf: codePoints(for: character)) }
        return points
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

    /// The columns libedit lays `points` out in: a stand-in as wide as its pool (the
    /// terminal's own width of its character), each continuation one, any other code point
    /// as `TextWidth` counts it. The widths the reader computes rows from (resize, Ctrl-C's
    /// mark) must be these, not those of the text they stand for.
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

    /// Where each character of libedit's `points` starts: a stand-in with its
    /// continuations is one character, any other code point is one.
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

    /// The line as libedit should hold it, and the cursor in it, when the last key's edit
    /// left libedit's `points` (cursor at `cursor`) otherwise; nil when they are as they
    /// should be. `previous` and `previousCursor` are the line and cursor after the key
    /// before (this function's last answer, or libedit's when it had none).
    ///
    /// A character whose stand-in lost a continuation (Backspace took one) or whose
    /// continuation lost its stand-in was cut by the edit, and goes whole; scalars that now
    /// make one character (`e`, then U+0301) become its stand-in, with the cursor after it.
    /// A cursor inside a character goes to its start when it came from the right of it,
    /// else to its end. Only what the edit changed, and a character on either side of it,
    /// is looked at: a paste of thousands of characters costs a few each.
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

    /// `slice` of libedit's line made whole: cut characters gone, scalars that make one
    /// character its stand-in; and `cursor` (in the slice, if it is there) where it goes.
    /// A stand-in with none of its continuations after it, in a line that `grew`, was put
    /// in alone (vi's `x` keeps only the stand-in for `p`): it stands for its character.
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

    /// Translates what libedit writes to the terminal, chunk by chunk: each stand-in's
    /// UTF-8 becomes its character's. A continuation written right after its stand-in is
    /// nothing (the terminal has drawn the whole character); one written on its own moves
    /// the cursor one column right, where libedit believes it goes. A chunk may end inside
    /// a code point's UTF-8; those bytes wait for the next chunk.
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
