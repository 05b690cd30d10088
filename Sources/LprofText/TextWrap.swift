/// Breaking text into lines no wider than the terminal, for views, help and messages.
public enum TextWrap {
    /// `text` as lines no wider than `width`, broken inside a word only when it alone is too
    /// wide, continuation lines indented by `indent` (nil: the first line's indentation).
    public static func lines(_ text: String, width: Int, indent: Int? = nil) -> [String] {
        guard TextWidth.columns(of: text) > width else { return [text] }
        guard width >= 1 else { return [""] }
        let leading = text.prefix(while: { $0 == " " }).count
        let wanted = indent ?? leading
        let indent = wanted * 2 <= width ? String(repeating: " ", count: wanted) : ""
        // At most half the width, so deep indentation in a narrow window is not all spaces.
        let firstIndent = String(repeating: " ", count: Swift.min(leading, width / 2))
        let words = gluingQuotes(
            text.dropFirst(leading).split(separator: " ", omittingEmptySubsequences: false),
            width: width - indent.count)
        let rows = self.rows(
            words, first: width - firstIndent.count, rest: width - indent.count)
        return rows.enumerated().map { ($0.offset == 0 ? firstIndent : indent) + $0.element }
    }

    /// `words` joined into a first row of `first` columns and rows of `rest` after it, a word
    /// too wide broken where a fresh row would give its next character more room.
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

    /// The words with a quoted command such as `'get --json'` kept as one when it fits, so
    /// that a line never ends in the middle of something to type.
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

    /// Every paragraph of `text` (broken by hand for 80 columns) fitted to `width`, rewrapped
    /// whole so that a word or two is not left alone on every other line.
    public static func block(_ text: String, width: Int) -> String {
        var out: [String] = []
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var index = 0
        // The paragraph before's indentation: a deeper paragraph may be its second column.
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

    /// Whether `next`, plain text at column `hanging`, goes on after `line`, which then broke
    /// only because the next word would not fit (a shorter line ends where its writer meant).
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

    /// Whether `text` starts with a label: a capitalised word or two ending in `:` or `?`.
    static func isLabel(_ text: Substring) -> Bool {
        guard let first = text.first, first.isUppercase else { return false }
        let words = text.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        for word in words.prefix(2) where word.last == ":" || word.last == "?" {
            return word.dropLast().allSatisfy { $0.isLetter }
        }
        return false
    }

    /// A two-column entry's first column and where its second starts, after two spaces or more.
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
