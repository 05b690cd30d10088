import CEditLine
import Glibc

/// How many columns the terminal draws a character in, asked of the terminal itself:
/// terminals disagree (tmux 3.3 draws `☃️` one column wide and `👍🏽` four, others two and
/// two), and the prompt's picture of the line must be the terminal's own, or libedit's
/// redraws land beside the glyphs they mean to replace.
///
/// The character is drawn at the start of the cursor's row and the terminal is asked
/// where the cursor went (DSR, `ESC [ 6 n`); the cursor is then put back. Whoever asks
/// draws the line afresh afterwards. A terminal that does not answer within 200 ms is
/// not asked again (nil: the caller counts the columns itself).
final class TerminalColumns {
    private var answers: Bool
    /// Asks the terminal for the cursor's column (1 the first; -1: no answer). It is the
    /// reader's (`lprof_cursor_column` from EditLineReader.swift), whose character reader
    /// is given the keys typed meanwhile: the C shim's state is one per Swift file.
    private let askCursorColumn: () -> Int32

    /// Asks only when `enabled`: stdin and stdout are the terminal and it moves its cursor.
    init(enabled: Bool, askCursorColumn: @escaping () -> Int32) {
        answers = enabled
        self.askCursorColumn = askCursorColumn
    }

    func columns(of text: String) -> Int? {
        guard answers else { return nil }
        writeToTerminal("\u{1B}7\r" + text)
        let column = askCursorColumn()
        writeToTerminal("\u{1B}8")
        guard column > 0 else {
            answers = false
            return nil
        }
        return Int(column) - 1
    }
}
