import LprofShell

/// What one attempt to read a line produced.
public enum LineReadResult: Equatable, Sendable {
    /// A line's raw bytes, since the lexer must see invalid UTF-8 to report it at its place.
    case line([UInt8])
    /// The input ended (end of file, or Ctrl-D on an empty line).
    case endOfInput
    /// The user pressed Ctrl-C: the line being typed was discarded.
    case interrupted
}

/// Where the shell's lines come from, so that tests can drive the runner without libedit.
public protocol LineReader: PromptInput {
    /// Reads one line, showing `prompt`; `continuation` tells completion it is the same command.
    func readLine(prompt: String, continuation: Bool) -> LineReadResult

    /// Records an entry (a continued command is one), as `HistoryPolicy` allows.
    func addHistory(_ entry: String)
}

extension LineReader {
    public func addHistory(_ entry: String) {}

    public var historyEntries: [String] { [] }

    public func takeInterrupt() -> Bool { false }
}
