/// Breaking text into lines no wider than a number of terminal columns (measured by
/// `TextWidth`), for views, help and messages at a terminal.
public enum TextWrap {
    /// `text` as lines no wider than `width`, broken at spaces where it can be and inside a
    /// word only when the word alone is too wide. Continuation lines start with `indent`
    /// spaces; nil keeps the first line's own indentation when there is room for it.
    public static func lines(_ text: String, width: Int, indent: Int? = nil) -> [String] {
        guard TextWidth.columns(of: text) > width else { return [text] }
        guard width >= 1 else { return [""] }
        let leading = text.prefix(while: { $0 == " " }).count
        let wanted = indent ?? leading
        let indent = wanted * 2 <= width ? String(repeating: " ", count: wanted) : ""
        // A first line's indentation keeps at most half the width (deep code indentation
        // in a narrow window would otherwise fill a line with spaces, wider than it).
        let firstIndent = String(repeating: " ", count: Swift.min(leading, width / 2))
        let words = gluingQuotes(
            text.dropFirst(leading).split(separator: " ", omittingEmptySubsequences: false),
            width: width - indent.count)
        let rows = self.rows(
            words, first: width - firstIndent.count, rest: width - indent.count)
        return rows.enumerated().map { ($0.offset == 0 ? firstIndent : indent) + $0.element }
    }

    /// `words` joined by spaces into a first row of at most `first` columns and rows of `rest`
    /// after it (at least one each). A word too wide for its row is broken where the row ends,
    /// when a fresh row gives its next character more room; a character wider than any row
    /// is dropped.
    public static func rows(_ words: [Substring], first: Int, rest: Int) -> [String] {
        var rows: [String] = []
        var row = ""
        var used = 0
        var room = Swift.max(1, first)
        let rest = Swift.max(1, rest)
        var rowHasWord = false
        func endRow() {
            rows.append(row)
            row = ""
            used = 0
            room = rest
        }
        for word in words {
            let wordWidth = TextWidth.columns(of: word)
            let gap = rowHasWord ? 1 : 0
            if used + gap + wordWidth <= room {
                if rowHasWord { row.append(" ") }
                row += word
                used += gap + wordWidth
                rowHasWord = true
                continue
            }
            if rowHasWord { endRow() }
            // The word on a fresh row, broken where it must be.
            for character in word {
                let w = TextWidth.columns(of: character)
                if used + w > room && rest > room - used { endRow() }
                if used + w > room { continue }  // wider than the whole row: dropped
                row.append(character)
                used += w
            }
            rowHasWord = true
        }
        rows.append(row)
        return rows
    }

    /// The words, with a quoted command such as `'get --json'` kept as one word when it fits
    /// in `width`, so that a line never ends in the middle of something to type. A quote
    /// opens at the start of a word (after an opening bracket) and closes at the end of a
    /// later one (before punctuation); an apostrophe inside a word (`lprof's`) is no quote.
    static func gluingQuotes(_ words: [Substring], width: Int) -> [Substring] {
        var out: [Substring] = []
        var index = 0
        while index < words.count {
            let word = words[index]
            index += 1
            guard opensQuote(word) else {
                out.append(word)
                continue
            }
            var end = index
            while end < words.count && !closesQuote(words[end]) { end += 1 }
            guard end < words.count else {
                out.append(word)
                continue
            }
            let glued = words[(index - 1)...end].joined(separator: " ")
            guard TextWidth.columns(of: glued) <= width else {
                out.append(word)
                continue
            }
            out.append(Substring(glued))
            index = end + 1
        }
        return out
    }

    private static func opensQuote(_ word: Substring) -> Bool {
        let body = word.drop { $0 == "(" || $0 == "[" }
        return body.first == "'" && !closesQuote(body.dropFirst())
    }

    private static func closesQuote(_ word: Substring) -> Bool {
        let body = word.reversed().drop { ",.;:)]?!".contains($0) }
        return body.first == "'"
    }

    /// Every paragraph of `text` fitted to `width`. A paragraph too wide is wrapped whole:
    /// `text` (help, for one) is written already broken for 80 columns, and breaking each
    /// of those lines again on its own would leave a word or two alone on every other line.
    /// A line too wide wraps under its own text; a two-column entry (`  NAME   what it
    /// does`, as `help` lays out its lists) wraps under its second column, or, when that
    /// leaves too little room, puts its second column on the lines after the first,
    /// indented a little deeper. A paragraph that fits keeps its lines as they are.
    public static func block(_ text: String, width: Int) -> String {
        var out: [String] = []
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var index = 0
        // The indentation of the paragraph before, whose second column a deeper paragraph
        // may be (`  get [profile.|draft.]FIELD` with its text on the lines after it).
        var outer = 0
        while index < lines.count {
            let first = lines[index]
            let leading = first.prefix(while: { $0 == " " }).count
            defer { if leading < first.count { outer = leading } }
            let entry = secondColumn(of: first)
            let hanging = entry?.column ?? leading
            var paragraph = [first]
            index += 1
            while index < lines.count, continues(paragraph.last!, with: lines[index], at: hanging) {
                paragraph.append(lines[index])
                index += 1
            }
            guard paragraph.contains(where: { TextWidth.columns(of: $0) > width }) else {
                out += paragraph
                continue
            }
            let line =
                ([first] + paragraph.dropFirst().map { String($0.drop(while: { $0 == " " })) })
                .joined(separator: " ")
            guard let (firstColumn, column) = entry else {
                // Too deep for the width: under the paragraph before, a little deeper.
                let line =
                    leading * 2 <= width || leading <= outer
                    ? line : String(repeating: " ", count: outer + 4) + line.dropFirst(leading)
                out += self.lines(line, width: width)
                continue
            }
            if column * 2 <= width {
                out += self.lines(line, width: width, indent: column)
            } else {
                let rest =
                    String(repeating: " ", count: leading + 4)
                    + line.dropFirst(firstColumn.count).drop(while: { $0 == " " })
                out += self.lines(firstColumn, width: width)
                out += self.lines(rest, width: width)
            }
        }
        return out.joined(separator: "\n")
    }

    /// The width that texts broken by hand (help, lessons) are written for.
    static let writtenWidth = 80

    /// Whether `next` goes on with the paragraph whose last line is `line` and whose lines
    /// after the first start at column `hanging`: the line broke where the next word would
    /// not have fitted in the width it was written for (near 80 columns: a shorter line
    /// ends where its writer meant it to), and `next` is plain text at that column, not a
    /// two-column entry nor a new labelled line (`Example: …`, `More: …`, `New here? …`).
    static func continues(_ line: String, with next: String, at hanging: Int) -> Bool {
        let leading = next.prefix(while: { $0 == " " }).count
        guard leading == hanging, leading < next.count, secondColumn(of: next) == nil else {
            return false
        }
        let body = next.dropFirst(leading)
        let word = body.prefix(while: { $0 != " " })
        if isLabel(body) { return false }
        return TextWidth.columns(of: line) + 1 + TextWidth.columns(of: word) > writtenWidth - 8
    }

    /// Whether `text` starts with a label: a capitalised word, or two words, ending in `:`
    /// or `?` and followed by a space or nothing.
    static func isLabel(_ text: Substring) -> Bool {
        guard let first = text.first, first.isUppercase else { return false }
        let words = text.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        for word in words.prefix(2) where word.last == ":" || word.last == "?" {
            return word.dropLast().allSatisfy { $0.isLetter }
        }
        return false
    }

    /// A two-column entry's first column (with its indentation) and the terminal column where
    /// its second starts: after the first run of two or more spaces that follows text.
    static func secondColumn(of line: String) -> (first: String, column: Int)? {
        let characters = Array(line)
        var index = characters.prefix(while: { $0 == " " }).count
        guard index < characters.count else { return nil }
        var spaces = 0
        while index < characters.count {
            if characters[index] == " " {
                spaces += 1
            } else if spaces >= 2 {
                let first = String(characters[..<(index - spaces)])
                return (first, TextWidth.columns(of: String(characters[..<index])))
            } else {
                spaces = 0
            }
            index += 1
        }
        return nil
    }
}
