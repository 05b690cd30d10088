import Testing

@testable import LprofText

/// The one escaper: which scalars it escapes and how each notation writes them.
@Suite struct TerminalSafeTests {
    @Test func unsafeScalarsAreControlsSeparatorsAndBidiControls() {
        let unsafe: [UInt32] =
            Array(0x00...0x1F) + Array(0x7F...0x9F) + [0x2028, 0x2029] + Array(0x202A...0x202E)
            + Array(0x2066...0x2069)
        for v in unsafe { #expect(TerminalSafe.isUnsafe(Unicode.Scalar(v)!), "U+\(v)") }
        for v: UInt32 in [0x20, 0x7E, 0xA0, 0x2027, 0x202F, 0x2065, 0x1F342, 0xFE0F, 0x0301] {
            #expect(!TerminalSafe.isUnsafe(Unicode.Scalar(v)!), "U+\(v)")
        }
    }

    /// The invisible format characters (Cf) are escaped, the bidi marks among them (they
    /// reorder what follows), but for the joiners and tags that make emoji and scripts
    /// what a person sees (issue 32).
    @Test func invisibleFormatCharactersButTheJoinersAreUnsafe() {
        for v: UInt32 in [0xAD, 0x061C, 0x200B, 0x200E, 0x200F, 0x2060, 0x2064, 0x206A, 0xFEFF] {
            #expect(TerminalSafe.isUnsafe(Unicode.Scalar(v)!), "U+\(v)")
        }
        for v: UInt32 in [0x200C, 0x200D, 0xE0067, 0xE007F] {
            #expect(!TerminalSafe.isUnsafe(Unicode.Scalar(v)!), "U+\(v)")
        }
        #expect(TerminalSafe.escape("a\u{200F}b") == "a\\u{200F}b")
        #expect(TerminalSafe.escape("👩‍👩‍👧 🏴󠁧󠁢󠁳󠁣󠁴󠁿") == "👩‍👩‍👧 🏴󠁧󠁢󠁳󠁣󠁴󠁿")
    }

    @Test func caretNotationForC0AndDelSwiftEscapesForTheRest() {
        #expect(
            TerminalSafe.escape(
                "a\u{1B}b\u{7F}\u{9B}\u{2028}", .caret, where: TerminalSafe.isUnsafe)
                == "a^[b^?\\u{9B}\\u{2028}")
        #expect(
            TerminalSafe.escape(
                "a\u{1B}b\u{7F}\u{9B}\u{2028}", .swift, where: TerminalSafe.isUnsafe)
                == "a\\u{1B}b\\u{7F}\\u{9B}\\u{2028}")
        #expect(TerminalSafe.escape("a\tb\nc", keepingLayout: true) == "a\tb\nc")
        #expect(TerminalSafe.escape("a\tb\nc") == "a^Ib^Jc")
        #expect(TerminalSafe.escape("Zoë 🍂", .swift, where: { _ in false }) == "Zoë 🍂")
    }

    /// Diagnostics quote what the user wrote with the same escaper, keeping tabs.
    @Test func messagesEscapeAllButTheTab() {
        #expect(
            DiagnosticPrinter.safeMessage("unknown season value 'a\u{1B}[2J\tb\u{202E}\u{2028}'")
                == "unknown season value 'a\\u{1B}[2J\tb\\u{202E}\\u{2028}'")
    }
}
