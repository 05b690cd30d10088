import LprofShell

/// What one attempt to read a line produced.
public enum LineReadResult: Equatable, Sendable {
    /// A line, without its line ending.
    case line(String)
    /// The input ended (end of file, or Ctrl-D on an empty line).
    case endOfInput
    /// The user pressed Ctrl-C: the line being typed was discarded.
    case interrupted
}

/// What one attempt to read a line produced, as the raw bytes the lexer works on.
///
/// Piped input may hold invalid UTF-8; the lexer must see it unchanged to report it at
/// its place, so readers that can offer bytes do not decode them.
public enum LineBytesReadResult: Equatable, Sendable {
    /// A line, without its line ending, byte for byte as read.
    case line([UInt8])
    /// The input ended.
    case endOfInput
    /// The user pressed Ctrl-C: the line being typed was discarded.
    case interrupted
}

extension LineReadResult {
    /// The result as text: a line's bytes decoded, invalid UTF-8 repaired with U+FFFD.
    public init(_ bytes: LineBytesReadResult) {
        switch bytes {
        case .line(let line): self = .line(String(decoding: line, as: UTF8.self))
        case .endOfInput: self = .endOfInput
        case .interrupted: self = .interrupted
        }
    }
}

/// Where the shell's lines come from: a terminal with line editing, or plain input.
///
/// The runner depends only on this protocol, so it can be driven by a scripted reader in
/// tests and by libedit in a terminal.
public protocol LineReader: PromptInput {
    /// Reads one line, showing `prompt` when the reader is interactive. `continuation` is
    /// true while the previous line ended in a joining backslash, so the reader can treat
    /// the new line as part of the same command (completion does).
    func readLine(prompt: String, continuation: Bool) -> LineReadResult

    /// Reads one line as bytes. The default encodes what `readLine` returns; readers of
    /// raw input override it so invalid UTF-8 reaches the lexer unchanged.
    func readLineBytes(prompt: String, continuation: Bool) -> LineBytesReadResult

    /// Records an entry the user entered (a continued command is one entry). Readers
    /// without history ignore it; readers with history apply `HistoryPolicy`.
    func addHistory(_ entry: String)

    /// The history entries, oldest first, for the `history` command.
    var historyEntries: [String] { get }

    /// Whether Ctrl-C was pressed since the last call, clearing the flag; lets the
    /// runner stop a running `source` between commands.
    func takeInterrupt() -> Bool
}

extension LineReader {
    public func readLineBytes(prompt: String, continuation: Bool) -> LineBytesReadResult {
        switch readLine(prompt: prompt, continuation: continuation) {
        case .line(let text): return .line(Array(text.utf8))
        case .endOfInput: return .endOfInput
        case .interrupted: return .interrupted
        }
    }

    public func addHistory(_ entry: String) {}

    public var historyEntries: [String] { [] }

    public func takeInterrupt() -> Bool { false }
}
