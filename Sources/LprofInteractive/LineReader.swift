import LprofShell

/// What one attempt to read a line produced.
public enum LineReadResult: Equatable, Sendable {
    /// A line, without its line ending, as the raw bytes the lexer works on: piped input
    /// may hold invalid UTF-8, which the lexer must see unchanged to report it at its place.
    case line([UInt8])
    /// The input ended (end of file, or Ctrl-D on an empty line).
    case endOfInput
    /// The user pressed Ctrl-C: the line being typed was discarded.
    case interrupted
}

/// Where the shell's lines come from: a terminal with line editing, or plain input.
///
/// The runner depends only on this protocol, so it can be driven by a scripted reader in
/// tests and by libedit in a terminal. As the runner's `PromptInput` it gives the `history`
/// command its entries and tells of Ctrl-C, which stops a running `source` between commands.
public protocol LineReader: PromptInput {
    /// Reads one line, showing `prompt` when the reader is interactive. `continuation` is
    /// true while the previous line ended in a joining backslash, so the reader can treat
    /// the new line as part of the same command (completion does).
    func readLine(prompt: String, continuation: Bool) -> LineReadResult

    /// Records an entry the user entered (a continued command is one entry). Readers
    /// without history ignore it; readers with history apply `HistoryPolicy`.
    func addHistory(_ entry: String)
}

extension LineReader {
    public func addHistory(_ entry: String) {}

    public var historyEntries: [String] { [] }

    public func takeInterrupt() -> Bool { false }
}
