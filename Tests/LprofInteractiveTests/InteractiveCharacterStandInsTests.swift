import Glibc
import Testing

@testable import LprofInteractive

/// One code point a character for libedit (issue 31 item 1): stand-ins, continuations, the
/// line put right after an edit, and what the terminal is sent.
@Suite struct InteractiveCharacterStandInsTests {
    static let cases = ["e\u{301}", "☃️", "🇰🇷", "👍🏽", "👩‍👩‍👧", "\u{1112}\u{1161}\u{11AB}"]

    @Test(arguments: cases)
    func aCharacterOfSeveralScalarsIsOneCodePointAndComesBackWhole(_ text: String) {
        let standIns = CharacterStandIns()
        let points = standIns.codePoints("x" + text + "y")
        #expect(points.count == 3, "\(points)")
        #expect(standIns.text(points) == "x" + text + "y")
        #expect(standIns.codePoints(text) == [points[1]], "the same stand-in all session")
    }

    @Test func plainTextAndSingleScalarsAreLeftAsTheyAre() {
        let standIns = CharacterStandIns()
        let text = "print 漢字 é 🍂\t~"
        #expect(standIns.codePoints(text) == text.unicodeScalars.map(\.value))
        #expect(
            standIns.canonical(
                text.unicodeScalars.map(\.value), cursor: 3, previous: [], previousCursor: 2)
                == nil)
    }

    @Test func aMarkTypedAfterItsBaseJoinsItWithTheCursorAfter() throws {
        let standIns = CharacterStandIns()
        let typed: [UInt32] = [0x63, 0x61, 0x66, 0x65, 0x301]  // c a f e, then U+0301
        let fixed = try #require(
            standIns.canonical(
                typed, cursor: 5, previous: Array(typed.dropLast()), previousCursor: 4))
        #expect(fixed.points.count == 4 && fixed.cursor == 4)
        #expect(standIns.text(fixed.points) == "cafe\u{301}")
    }

    @Test func aLoneMarkIsDrawnOnADottedCircle() {
        let standIns = CharacterStandIns()
        let points = standIns.codePoints("\u{301}")
        #expect(points.count == 1 && points[0] != 0x301)
        #expect(drawn(points, standIns) == "\u{25CC}\u{301}")
    }

    /// A bidi override or mark is kept in the line but never sent to the terminal, where it
    /// would reorder what the screen shows (SPEC §8): a dotted circle stands for it.
    @Test(arguments: ["\u{202E}", "\u{2066}", "\u{200F}", "\u{61C}"])
    func aBidiControlIsDrawnAsADottedCircleAlone(_ control: String) {
        let standIns = CharacterStandIns()
        let points = standIns.codePoints("a" + control + "b")
        #expect(standIns.text(points) == "a" + control + "b")
        #expect(drawn(points, standIns) == "a\u{25CC}b")
    }

    /// As tmux 3.3 draws 👍🏽: four columns, a stand-in and two continuations.
    static func fourWide(_ text: String) -> Int? { text == "👍🏽" ? 4 : nil }

    @Test func aCharacterDrawnWiderThanTwoColumnsHasContinuations() {
        let standIns = CharacterStandIns(columns: Self.fourWide)
        let points = standIns.codePoints("a👍🏽b")
        #expect(points.count == 5)
        #expect(standIns.characterStarts(points) == [0, 1, 4])
        #expect(standIns.text(points) == "a👍🏽b")
        // Written together, the continuations are nothing: the terminal drew four columns.
        #expect(drawn(points, standIns) == "a👍🏽b")
        // Written alone (libedit redrawing from inside), each moves one column right.
        #expect(drawn(Array(points[2...]), standIns) == "\u{1B}[C\u{1B}[Cb")
    }

    /// Rows on the screen come from libedit's layout: a stand-in as wide as the terminal
    /// draws its character (four for tmux's 👍🏽, one for its ☃️), not as `TextWidth` counts.
    @Test func columnsAreLibeditsLayout() {
        let standIns = CharacterStandIns(columns: { $0 == "👍🏽" ? 4 : $0 == "☃️" ? 1 : nil })
        #expect(standIns.columns(of: standIns.codePoints("a👍🏽b☃️漢")) == 1 + 4 + 1 + 1 + 2)
    }

    @Test func backspaceIntoACharacterTakesItWhole() throws {
        let standIns = CharacterStandIns(columns: Self.fourWide)
        let before = standIns.codePoints("a👍🏽b")
        var points = before
        points.remove(at: 3)  // Backspace after 👍🏽 took its last continuation
        let fixed = try #require(
            standIns.canonical(points, cursor: 3, previous: before, previousCursor: 4))
        #expect(standIns.text(fixed.points) == "ab" && fixed.cursor == 1)
        var head = standIns.codePoints("a👍🏽b")
        head.remove(at: 1)  // vi's x on its stand-in: the continuations go too
        let orphans = try #require(
            standIns.canonical(head, cursor: 1, previous: before, previousCursor: 1))
        #expect(standIns.text(orphans.points) == "ab" && orphans.points.count == 2)
    }

    @Test func theCursorNeverStandsInsideACharacter() throws {
        let standIns = CharacterStandIns(columns: Self.fourWide)
        let points = standIns.codePoints("a👍🏽b")
        // Left from after it lands inside: to its start. Right from before it: to its end.
        let left = try #require(
            standIns.canonical(points, cursor: 3, previous: points, previousCursor: 4))
        #expect(left.cursor == 1 && left.points == points)
        let right = try #require(
            standIns.canonical(points, cursor: 2, previous: points, previousCursor: 1))
        #expect(right.cursor == 4 && right.points == points)
    }

    /// A paste, one key at a time: each key's repair looks at the end of the line only.
    @Test func aLongPasteIsPutRightAsItComes() {
        let standIns = CharacterStandIns()
        let pasted = String(repeating: "漢e\u{301}☃️", count: 500)
        var line: [UInt32] = []
        var cursor = 0
        for scalar in pasted.unicodeScalars {
            let previous = line
            line.append(scalar.value)
            cursor += 1
            if let fixed = standIns.canonical(
                line, cursor: cursor, previous: previous, previousCursor: cursor - 1)
            {
                (line, cursor) = fixed
            }
        }
        #expect(standIns.text(line) == pasted)
        #expect(line.count == pasted.count && cursor == line.count)
    }

    @Test func standInsSplitAcrossChunksAreTranslatedOnceWhole() {
        let standIns = CharacterStandIns()
        let points = standIns.codePoints("x☃️y")
        let bytes = Array(
            String(String.UnicodeScalarView(points.compactMap(Unicode.Scalar.init))).utf8)
        var terminal = CharacterStandIns.TerminalText()
        var out: [UInt8] = []
        for split in [bytes[..<2], bytes[2..<4], bytes[4...]] {
            Array(split).withUnsafeBufferPointer { out += terminal.translate($0, with: standIns) }
        }
        #expect(String(decoding: out, as: UTF8.self) == "x☃️y")
    }

    @Test func aTypedScalarFromTheStandInsRangesGetsAStandInItself() {
        let standIns = CharacterStandIns()
        let accented = standIns.codePoints("e\u{301}")  // the first letter stand-in
        let hieroglyph = String(String.UnicodeScalarView([Unicode.Scalar(accented[0])!]))
        let typed = standIns.codePoints(hieroglyph)
        #expect(typed.count == 1 && typed != accented)
        let both = "e\u{301}" + hieroglyph
        #expect(standIns.text(standIns.codePoints(both)) == both)
    }

    /// libedit counts a stand-in's columns with `wcwidth` and its words with `iswalnum`:
    /// every code point of each pool is as wide, and as much a letter, as the pool says.
    @Test func everyStandInIsAsWideAndAsMuchALetterAsItsPool() {
        setlocale(LC_CTYPE, "C.UTF-8")
        let pools: [([ClosedRange<UInt32>], Int32, Bool)] = [
            (CharacterStandIns.narrowSymbols, 1, false), (CharacterStandIns.narrowLetters, 1, true),
            (CharacterStandIns.wideSymbols, 2, false), (CharacterStandIns.wideLetters, 2, true),
        ]
        for (ranges, width, letter) in pools {
            for range in ranges {
                let wrong = range.filter { point in
                    Self.wcwidth(point) != width || (Self.iswalnum(point) != 0) != letter
                }
                #expect(wrong.isEmpty, "\(range): \(wrong.prefix(3))")
            }
        }
        #expect(Self.wcwidth(CharacterStandIns.continuation) == 1)
    }

    @Test func lettersStandInForLettersAndSymbolsForSymbols() {
        setlocale(LC_CTYPE, "C.UTF-8")  // iswalnum knows letters beyond ASCII only so
        let standIns = CharacterStandIns()
        let letter = standIns.codePoints("e\u{301}")[0]
        let symbol = standIns.codePoints("☃️")[0]
        #expect(Self.iswalnum(letter) != 0)
        #expect(Self.iswalnum(symbol) == 0)
    }

    /// glibc's `iswalnum` and `wcwidth` (libedit's word test and column count), which
    /// Swift's Glibc module does not import.
    static let iswalnum = function("iswalnum")
    static let wcwidth = function("wcwidth")

    static func function(_ name: String) -> @convention(c) (UInt32) -> Int32 {
        unsafeBitCast(
            dlsym(UnsafeMutableRawPointer(bitPattern: 0), name),
            to: (@convention(c) (UInt32) -> Int32).self)
    }

    private func drawn(_ points: [UInt32], _ standIns: CharacterStandIns) -> String {
        let bytes = Array(
            String(String.UnicodeScalarView(points.compactMap(Unicode.Scalar.init))).utf8)
        var terminal = CharacterStandIns.TerminalText()
        let out = bytes.withUnsafeBufferPointer { terminal.translate($0, with: standIns) }
        return String(decoding: out, as: UTF8.self)
    }
}
