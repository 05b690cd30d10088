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
        var lines: [String] = []
        var line = String(text.prefix(leading))
        var lineWidth = leading
        var lineHasWord = false
        let words = gluingQuotes(
            text.dropFirst(leading).split(separator: " ", omittingEmptySubsequences: false),
            width: width - indent.count)
        for word in words {
            let wordWidth = TextWidth.columns(of: word)
            let gap = lineHasWord ? 1 : 0
            if lineWidth + gap + wordWidth <= width {
                if lineHasWord { line.append(" ") }
                line += word
                lineWidth += gap + wordWidth
                lineHasWord = true
                continue
            }
            if lineHasWord {
                lines.append(line)
                line = indent
                lineWidth = indent.count
            }
            // The word on a fresh line, broken where it must be.
            for character in word {
                let w = TextWidth.columns(of: character)
                if lineWidth + w > width && lineWidth > indent.count {
                    lines.append(line)
                    line = indent
                    lineWidth = indent.count
                }
                if lineWidth + w > width { continue }  // wider than the whole line: dropped
                line.append(character)
                lineWidth += w
            }
            lineHasWord = true
        }
        lines.append(line)
        return lines
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

    /// Every line of `text` fitted to `width`. A line too wide wraps under its own text; a
    /// two-column entry (`  NAME   what it does`, as `help` lays out its lists) wraps under
    /// its second column, or, when that leaves too little room, puts its second column on
    /// the lines after the first, indented a little deeper.
    public static func block(_ text: String, width: Int) -> String {
        var out: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = String(line)
            guard TextWidth.columns(of: line) > width else {
                out.append(line)
                continue
            }
            let leading = line.prefix(while: { $0 == " " }).count
            guard let (first, column) = secondColumn(of: line) else {
                out += lines(line, width: width)
                continue
            }
            if column * 2 <= width {
                out += lines(line, width: width, indent: column)
            } else {
                let rest =
                    String(repeating: " ", count: leading + 4)
                    + line.dropFirst(first.count)
                    .drop(while: { $0 == " " })
                out += lines(first, width: width)
                out += lines(rest, width: width)
            }
        }
        return out.joined(separator: "\n")
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
