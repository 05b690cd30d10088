/// The words of the command under the cursor, as completion needs them.
///
/// A light reading of the language's lexical rules: words split on spaces and tabs, `;`
/// starts a new command, a `#` at a word's start begins a comment, and quotes group.
/// It never fails: completion on a line the lexer would reject just finds less.
struct CompletionLine: Equatable {
    /// The finished words of the current command, unquoted.
    var words: [String]
    /// The word being typed, unquoted (empty right after a space).
    var current: String
    /// The word being typed as it stands in the buffer, quotes and escapes included.
    var currentRaw: String
    /// The quote the current word opened and has not closed, if any.
    var openQuote: Character?

    /// Splits `text` (the buffer up to the cursor); nil when the cursor is in a comment.
    init?(_ text: String) {
        words = []
        current = ""
        currentRaw = ""
        openQuote = nil
        var inWord = false
        var escaping = false
        for character in text {
            if let quote = openQuote {
                currentRaw.append(character)
                if escaping {
                    escaping = false
                    current.append(character)
                } else if character == quote {
                    openQuote = nil
                } else if quote == "\"" && character == "\\" {
                    escaping = true
                } else {
                    current.append(character)
                }
                continue
            }
            switch character {
            case " ", "\t":
                if inWord { finishWord(&inWord) }
            case ";":
                if inWord { finishWord(&inWord) }
                words = []
            case "#" where !inWord:
                return nil
            case "'", "\"":
                inWord = true
                openQuote = character
                currentRaw.append(character)
            default:
                inWord = true
                current.append(character)
                currentRaw.append(character)
            }
        }
    }

    private mutating func finishWord(_ inWord: inout Bool) {
        words.append(current)
        current = ""
        currentRaw = ""
        inWord = false
    }
}
