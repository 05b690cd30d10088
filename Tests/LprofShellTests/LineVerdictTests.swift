import LprofLanguage
import Testing

@testable import LprofShell
@testable import LprofSystem

/// A verdict is what the check hands the run of one line: a `set` parsed, or nothing.
/// Taken back on the same line, it must be the `set` the run's own parser finds.
@Suite struct LineVerdictTests {
    /// The verdict on `text` (one line), as the check makes it.
    func verdict(_ text: String) -> LineVerdict {
        let line = SourceLine(text)
        var set: SetCommand?
        let clean = Runner.checkLine(line, onlySet: &set) { _, _ in }
        #expect(clean, "\(text)")
        return LineVerdict(line, set: set)
    }

    @Test(arguments: [
        "set season autumn", "  set   goal +1d  # comment", "set username \"hiker 3\"",
        "set username 'single'", "set notifications on;", "set goal 2026-12-24",
    ])
    func aPlainSetIsTheSetTheParserFinds(_ text: String) throws {
        let verdict = verdict(text)
        let line = SourceLine(text)
        var position = 0
        let range = try #require(Parser.commandRange(in: line, at: &position))
        let parsed = try #require(Parser.set(in: line, range))
        #expect(verdict.field == parsed.field)
        #expect(verdict.set(onLine: 1) == parsed)
        let bytes = Array(text.utf8)
        let value = line.withText(ofTokenAt: parsed.value) { Array($0) }
        #expect(Array(bytes[verdict.text]) == value)
        bytes.withUnsafeBufferPointer {
            #expect(verdict.fits(PhysicalLine(bytes: $0, number: 1, tooLong: false)))
        }
    }

    @Test(arguments: [
        "get season", "set season autumn; get season", "set username \"say \\\"hi\\\"\"",
        "set season \\\n  winter", "edit on", "# a comment", "",
    ])
    func anyOtherLineIsLeftToTheRun(_ text: String) {
        #expect(verdict(text).field == nil)
    }

    @Test func aVerdictFitsOnlyALineAsLong() {
        let verdict = verdict("set season autumn")
        for (text, fits) in [
            ("set season autumn", true), ("set season winter", true),
            ("set season spring!", false), ("set season", false),
        ] {
            Array(text.utf8).withUnsafeBufferPointer {
                #expect(
                    verdict.fits(PhysicalLine(bytes: $0, number: 1, tooLong: false)) == fits,
                    "\(text)")
            }
        }
        #expect(
            !LineVerdict.general.fits(
                PhysicalLine(
                    bytes: UnsafeBufferPointer(start: nil, count: 0), number: 1, tooLong: false)))
    }
}
