/// An error or warning as data, so that printing it is `DiagnosticPrinter`'s job alone.
public struct Diagnostic: Equatable, Sendable {
    /// A note tells of something that went well but deserves telling (a merge).
    public enum Severity: String, Sendable {
        case error, warning, note
    }

    /// `SOURCE:LINE:COLUMN`, 1-based, the column in extended grapheme clusters.
    public struct Location: Equatable, Sendable {
        public var source: String
        public var line: Int
        public var column: Int

        public init(source: String, line: Int, column: Int) {
            self.source = source
            self.line = line
            self.column = column
        }
    }

    /// The offending line as it can be shown safely, and where the caret goes under it.
    public struct Excerpt: Equatable, Sendable {
        /// The line with tabs expanded and control characters and bad bytes made visible.
        var text: String
        var caretColumn: Int
        /// Display columns the caret underlines (at least 1).
        var caretWidth: Int

        /// At most `width` columns around the caret, `…` marking cuts, so that a 64 KiB line
        /// does not flood the terminal.
        func cropped(to width: Int, textWidth: Int? = nil) -> Excerpt {
            guard textWidth ?? TextWidth.columns(of: text) > width else { return self }
            let from = Swift.max(0, caretColumn - width / 2)
            let to = from + width
            var shown = from > 0 ? "…" : ""
            var column = 0
            var cutAtEnd = false
            for character in text {
                let w = TextWidth.columns(of: character)
                if column >= from && column + w <= to {
                    shown.append(character)
                } else if column + w > to {
                    cutAtEnd = true
                    break
                }
                column += w
            }
            if cutAtEnd { shown += "…" }
            return Excerpt(
                text: shown, caretColumn: caretColumn - from + (from > 0 ? 1 : 0),
                caretWidth: Swift.min(caretWidth, width / 2))
        }
    }

    public var severity: Severity
    public var message: String
    public var location: Location?
    public var excerpt: Excerpt?

    public init(
        _ severity: Severity, _ message: String, location: Location? = nil,
        excerpt: Excerpt? = nil
    ) {
        self.severity = severity
        self.message = message
        self.location = location
        self.excerpt = excerpt
    }

    /// A diagnostic at `span` in its line's bytes, cropped around the caret unless `whole` (a
    /// line typed at the prompt, whose caret goes under the line as the terminal shows it).
    public init(
        _ severity: Severity, _ message: String, source: String, span: Span,
        lineBytes: UnsafeBufferPointer<UInt8>, whole: Bool = false
    ) {
        let (column, excerpt) = Diagnostic.locate(span, in: lineBytes, whole: whole)
        self.init(
            severity, message,
            location: Location(source: source, line: span.line, column: column), excerpt: excerpt)
    }

    static let excerptWidth = 120
    /// The most UTF-8 bytes of one character shown whole (the longest emoji ZWJ sequences: ~35).
    static let longestShownCharacter = 64

    /// The 1-based character column of `span` and the excerpt showing it.
    static func locate(_ span: Span, in bytes: UnsafeBufferPointer<UInt8>, whole: Bool = false)
        -> (Int, Excerpt)
    {
        if bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            // Printable ASCII (most lines): a byte is a character and a column.
            let caret = Swift.min(span.start, bytes.count)
            let end = Swift.min(Swift.max(span.end, caret), bytes.count)
            let excerpt = Excerpt(
                text: String(decoding: bytes, as: UTF8.self), caretColumn: caret,
                caretWidth: Swift.max(1, end - caret))
            return (
                caret + 1,
                whole ? excerpt : excerpt.cropped(to: excerptWidth, textWidth: bytes.count)
            )
        }
        return locateInCharacters(span, in: bytes, stoppingPastExcerpt: !whole, cropping: !whole)
    }

    /// `locate` for any line, tabs expanded and controls and bad bytes made visible, reading
    /// no further than the excerpt can show when `stoppingPastExcerpt` (false only under test).
    static func locateInCharacters(
        _ span: Span, in bytes: UnsafeBufferPointer<UInt8>, stoppingPastExcerpt: Bool = true,
        cropping: Bool = true
    ) -> (Int, Excerpt) {
        let text = String(decoding: bytes, as: UTF8.self)
        var column = 1
        var display = ""
        var width = 0
        var caretColumn = -1
        var caretEnd = -1
        // Offsets are the original bytes', which a repaired character may not match in length.
        var index = 0
        for character in text {
            // Past what the excerpt can show (and the caret's end), the rest only makes it slow.
            if stoppingPastExcerpt, caretEnd >= 0,
                width > Swift.max(0, caretColumn - excerptWidth / 2) + excerptWidth
            {
                break
            }
            let consumed = originalLength(of: character, in: bytes, at: index)
            // The caret goes under the character holding the span's first byte, even when
            // that byte is inside it (a quote with a combining mark after it).
            if caretColumn < 0 && index + consumed > span.start {
                caretColumn = width
            }
            if caretEnd < 0 && index >= span.end && caretColumn >= 0 {
                caretEnd = width
            }
            if caretColumn < 0 { column += 1 }
            index += consumed
            if character == "\t" {
                let spaces = 8 - width % 8
                display += String(repeating: " ", count: spaces)
                width += spaces
            } else if let visible = visibleForm(of: character) {
                display += visible
                width += 1
            } else if character.utf8.count > longestShownCharacter {
                // One character of thousands of scalars (marks, a ZWJ chain): its start only.
                let start = String(String.UnicodeScalarView(character.unicodeScalars.prefix(8)))
                display += start
                width += TextWidth.columns(of: start)
            } else {
                display.append(character)
                width += TextWidth.columns(of: character)
            }
        }
        if caretColumn < 0 { caretColumn = width }
        if caretEnd < 0 { caretEnd = width }
        let excerpt = Excerpt(
            text: display, caretColumn: caretColumn,
            caretWidth: Swift.max(1, caretEnd - caretColumn))
        return (
            column,
            cropping ? excerpt.cropped(to: excerptWidth, textWidth: width) : excerpt
        )
    }

    /// How many original bytes produced `character` when the line was decoded with repair.
    private static func originalLength(
        of character: Character, in bytes: UnsafeBufferPointer<UInt8>, at index: Int
    ) -> Int {
        var i = index
        for scalar in character.unicodeScalars {
            if scalar == "\u{FFFD}" {
                // Either a real U+FFFD (3 bytes EF BF BD) or one invalid byte sequence.
                if i + 2 < bytes.count, bytes[i] == 0xEF, bytes[i + 1] == 0xBF, bytes[i + 2] == 0xBD
                {
                    i += 3
                } else {
                    i += 1
                    while i < bytes.count, bytes[i] & 0xC0 == 0x80, i - index < 4 { i += 1 }
                }
            } else {
                i += UTF8.width(scalar)
            }
        }
        return i - index
    }

    /// A visible stand-in for a control character, or nil when the character is printable.
    static func visibleForm(of character: Character) -> String? {
        guard let scalar = character.unicodeScalars.first else { return nil }
        let v = scalar.value
        if v < 0x20 { return String(Unicode.Scalar(0x2400 + v)!) }
        if v == 0x7F { return "\u{2421}" }
        if (0x80...0x9F).contains(v) { return "\u{FFFD}" }
        if (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v) { return "\u{FFFD}" }
        return nil
    }
}
