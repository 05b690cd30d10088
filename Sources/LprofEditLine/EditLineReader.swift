import CEditLine
import Glibc
import LprofInteractive
import LprofSystem

/// A `LineReader` for a terminal: libedit wired to the pure pieces of LprofInteractive; while it
/// exists it owns SIGINT, so Ctrl-C outside the prompt only stops a `source` (`takeInterrupt()`).
public final class EditLineReader: LineReader {
    private let editLine: OpaquePointer
    private let history: OpaquePointer
    private let historyFile: HistoryFile
    private let completer: Completer
    /// Where libedit draws: its characters' stand-ins become their scalars on the way.
    private let output: TranslatedOutput
    /// One code point a character in libedit's line (SPEC §8: the prompt edits characters).
    private var standIns: CharacterStandIns { output.standIns }
    /// The prompt libedit shows, kept alive between the prompt callback's calls.
    fileprivate private(set) var promptBuffer: UnsafeMutablePointer<CChar>?
    private var prompt = ""
    /// The earlier lines of a continued command, without their backslashes, for completion.
    private var continuedText = ""
    private var lastLine = ""
    /// The line and cursor after the last key (`keepCharactersWhole`), to find the next edit.
    private var previousLine: [UInt32] = []
    private var previousCursor = 0
    private var previousSIGINT = sigaction()
    private var previousSIGWINCH = sigaction()
    private var previousSIGTSTP = sigaction()
    /// The signals that end lprof, and SIGCONT, as they were: ours restore the terminal first.
    private let previousFatal = UnsafeMutablePointer<sigaction>.allocate(
        capacity: Int(LPROF_FATAL_SIGNALS))
    /// Whether TERM moves the cursor (set, not `dumb`): only then is a resized line redrawn.
    private let cursorMoves: Bool
    /// Whether the terminal is asked for its cursor after a resize: only while it answers.
    private var asksCursorRow: Bool
    /// The widths of the line's first rows that a resize scrolled into the scrollback, nearest
    /// the prompt last: a wider window brings them back above the prompt, to be erased then.
    private var staleCopies: [Int] = []
    private var warnedAboutHistory = false
    /// The text before the cursor when Tab last listed candidates, whose list is on screen.
    private var listedFor: String?
    /// Where Ctrl-R left the cursor in its match, restored by `lprof-search-cursor`.
    private var searchCursor: Int?  // in scalars of the entry
    /// Whether the line abandoned by Ctrl-C was marked (`^C`) already.
    private var markedInterrupt = false

    /// A reader on the process's terminal over `historyFile`, with the editrc `environment` names.
    public init(
        historyFile: HistoryFile, completer: Completer, environment: [String: String]
    ) {
        Self.chooseUTF8Locale()
        let term = environment["TERM"] ?? ""
        cursorMoves = !term.isEmpty && term != "dumb"
        let asks = cursorMoves && isatty(STDIN_FILENO) != 0 && isatty(STDOUT_FILENO) != 0
        asksCursorRow = asks
        output = TranslatedOutput(standIns: CharacterStandIns(columns: Self.measured(asks: asks)))
        self.historyFile = historyFile
        self.completer = completer
        editLine = lprof_el_init(Self.program, output.stream)
        history = lprof_history_init()
        lprof_history_setsize(history, Int32(clamping: max(1, historyFile.capacity)))
        for entry in historyFile.load() { lprof_history_enter(history, entry) }
        configure(environment: environment)
        lprof_install_sigint(&previousSIGINT)
        // lprof's character reader, which calls back on a resize, a continue and each key.
        if lprof_install_sigwinch(&previousSIGWINCH, { reader(of: $0)?.redrawAfterResize() })
            == 0
        {
            lprof_el_set_getcfn(editLine)
            lprof_install_sigtstp(&previousSIGTSTP) { reader(of: $0)?.redrawAfterContinue() }
            lprof_set_before_key { reader(of: $0)?.keepCharactersWhole() }
        }
        lprof_install_fatal(previousFatal)
        lprof_set_on_interrupt { reader(of: $0)?.markInterrupted() }
    }

    deinit {
        historyFile.finish()
        el_end(editLine)
        lprof_history_end(history)
        lprof_restore_sigint(&previousSIGINT)
        lprof_restore_sigwinch(&previousSIGWINCH)
        lprof_restore_sigtstp(&previousSIGTSTP)
        lprof_set_before_key(nil)
        lprof_restore_fatal(previousFatal)
        lprof_set_on_interrupt(nil)
        previousFatal.deallocate()
        free(promptBuffer)
    }

    /// A character's columns asked of the terminal (drawn, then DSR), since terminals disagree
    /// (tmux draws `👍🏽` four wide) and libedit must redraw where the glyphs really are.
    private static func measured(asks: Bool) -> (String) -> Int? {
        var answers = asks
        return { text in
            guard answers else { return nil }
            writeToTerminal("\u{1B}7\r" + text)
            let column = lprof_cursor_column(200)
            writeToTerminal("\u{1B}8")
            guard column > 0 else {
                answers = false
                return nil
            }
            return Int(column) - 1
        }
    }

    /// A UTF-8 LC_CTYPE, since libedit decodes input in the locale's character set.
    private static func chooseUTF8Locale() {
        if setlocale(LC_CTYPE, "") != nil, let codeset = nl_langinfo(nl_item(CODESET)),
            ["utf-8", "utf8"].contains(String(cString: codeset).lowercased())
        {
            return
        }
        for name in ["C.UTF-8", "C.utf8", "en_US.UTF-8"] where setlocale(LC_CTYPE, name) != nil {
            return
        }
    }

    /// The program name libedit is given, which `PROGRAM:` prefixes in `~/.editrc` match.
    static let program = "lprof"

    /// Prompt, history and keys, then the user's editrc, so that its bindings win over lprof's.
    private func configure(environment: [String: String]) {
        lprof_el_set_clientdata(editLine, Unmanaged.passUnretained(self).toOpaque())
        lprof_el_set_prompt_esc(
            editLine, { reader(of: $0)?.promptBuffer }, CChar(UInt8(ascii: "\u{1}")))
        lprof_el_set_editor(editLine, "emacs")
        lprof_el_set_hist(editLine, history)
        for (name, help, function) in Self.keyFunctions {
            lprof_el_addfn(editLine, name, help, function)
        }
        bindKeys()
        // `bind -v` or `-e` drops lprof's keys: they go back at once, for later lines to override.
        EditrcFile.user(environment: environment)?.run(on: editLine, program: Self.program) {
            bindKeys()
        }
    }

    /// Keys in forms libedit does not know, which would otherwise type their sequence's tail.
    private static let extraKeys: [(sequences: [String], command: String)] = [
        (["\\e[1;5D", "\\e[1;3D", "\\e[5D", "\\eOd", "\\e\\e[D"], "ed-prev-word"),
        (["\\e[1;5C", "\\e[1;3C", "\\e[5C", "\\eOc", "\\e\\e[C"], "em-next-word"),
        (["\\e[1~", "\\e[7~"], "ed-move-to-beg"),
        (["\\e[4~", "\\e[8~"], "ed-move-to-end"),
        (["\\e[5~"], "ed-search-prev-history"),
        (["\\e[6~"], "ed-search-next-history"),
    ]

    /// The keys' own characters (`LPROF_KEY_…` in the shim) as `bind` writes them.
    private static func bound(_ key: Int) -> String {
        "\\" + String(key, radix: 8)
    }

    /// In vi keys, each key's command while inserting and in command mode, handed over as one
    /// character of lprof's (`lprof_take_vi_key`) since libedit would run its bytes as commands.
    private static let viKeys: [(key: Int, inserting: String, command: String)] = [
        (LPROF_KEY_UP, "", "ed-prev-history"),
        (LPROF_KEY_DOWN, "", "ed-next-history"),
        (LPROF_KEY_LEFT, "ed-prev-char", "ed-prev-char"),
        (LPROF_KEY_RIGHT, "lprof-forward-char", "ed-next-char"),
        (LPROF_KEY_HOME, "ed-move-to-beg", "ed-move-to-beg"),
        (LPROF_KEY_END, "lprof-move-to-end", "ed-move-to-end"),
        (LPROF_KEY_DELETE, "lprof-delete-forward", "lprof-vi-delete-forward"),
        (LPROF_KEY_PAGE_UP, "ed-search-prev-history", "ed-search-prev-history"),
        (LPROF_KEY_PAGE_DOWN, "ed-search-next-history", "ed-search-next-history"),
        (LPROF_KEY_WORD_LEFT, "ed-prev-word", "ed-prev-word"),
        (LPROF_KEY_WORD_RIGHT, "em-next-word", "em-next-word"),
        (LPROF_KEY_TO_END, "lprof-move-to-end", "lprof-move-to-end"),
        (LPROF_KEY_PREV_HISTORY, "ed-prev-history", "ed-prev-history"),
        (LPROF_KEY_NEXT_HISTORY, "ed-next-history", "ed-next-history"),
    ]

    /// Up and Down while inserting in vi keys: a step through history, then to the line's end.
    private static let viInsertSteps: [(key: Int, steps: [Int])] = [
        (LPROF_KEY_UP, [LPROF_KEY_PREV_HISTORY, LPROF_KEY_TO_END]),
        (LPROF_KEY_DOWN, [LPROF_KEY_NEXT_HISTORY, LPROF_KEY_TO_END]),
    ]

    /// lprof's editing functions for keys, each libedit's C function for the reader's method.
    private static let keyFunctions: [(String, String, lprof_command_fn)] = [
        (
            "lprof-complete", "Complete the word at the cursor",
            { editLine, _ in reader(of: editLine)?.complete() ?? UInt8(CC_ERROR) }
        ),
        (
            "lprof-search", "Search history backwards as you type",
            { editLine, _ in reader(of: editLine)?.searchHistory() ?? UInt8(CC_ERROR) }
        ),
        (
            "lprof-transpose", "Swap the two characters before the cursor",
            { editLine, _ in reader(of: editLine)?.transposeCharacters() ?? UInt8(CC_ERROR) }
        ),
        (
            "lprof-forward-char", "Move forward a character, to the line's end too",
            { editLine, _ in reader(of: editLine)?.forwardChar() ?? UInt8(CC_ERROR) }
        ),
        (
            "lprof-delete-forward", "Delete the character under the cursor",
            { editLine, _ in
                reader(of: editLine)?.deleteForward(commandMode: false) ?? UInt8(CC_ERROR)
            }
        ),
        (
            "lprof-vi-delete-forward", "Delete the character under the cursor (vi command)",
            { editLine, _ in
                reader(of: editLine)?.deleteForward(commandMode: true) ?? UInt8(CC_ERROR)
            }
        ),
        (
            "lprof-search-cursor", "Put the cursor where Ctrl-R left it",
            { editLine, _ in reader(of: editLine)?.restoreSearchCursor() ?? UInt8(CC_ERROR) }
        ),
        (
            "lprof-move-to-end", "Move to the line's end, after its last character",
            { editLine, _ in reader(of: editLine)?.moveToEnd() ?? UInt8(CC_ERROR) }
        ),
    ]

    /// lprof's keys; in vi mode the `extraKeys` go in the command map only, since in the insert
    /// map their Escape would become a prefix and a lone Escape would swallow the next key.
    private func bindKeys() {
        let vi = lprof_el_get_editor(editLine).map { String(cString: $0) } == "vi"
        lprof_el_bind(editLine, "^I", "lprof-complete")
        lprof_el_bind(editLine, "^R", "lprof-search")
        if !vi { lprof_el_bind(editLine, "^T", "lprof-transpose") }
        for (key, command) in [
            (LPROF_KEY_HISTORY_PLACE, "vi-to-history-line"),
            (LPROF_KEY_SEARCH_CURSOR, "lprof-search-cursor"),
        ] {
            lprof_el_bind(editLine, Self.bound(key), command)
            if vi { lprof_el_bind_command_mode(editLine, Self.bound(key), command) }
        }
        if vi {
            for (key, inserting, command) in Self.viKeys {
                if !inserting.isEmpty { lprof_el_bind(editLine, Self.bound(key), inserting) }
                lprof_el_bind_command_mode(editLine, Self.bound(key), command)
            }
            for (key, steps) in Self.viInsertSteps {
                lprof_el_bind_string(editLine, Self.bound(key), steps.map(Self.bound).joined())
            }
        }
        for (sequences, command) in Self.extraKeys {
            for sequence in sequences {
                guard vi else {
                    lprof_el_bind(editLine, sequence, command)
                    continue
                }
                lprof_el_bind_command_mode(editLine, sequence, command)
                // Without its Escape, `\e\e[D` would be Left's `\e[D`.
                let rest = String(sequence.dropFirst(2))
                if !rest.hasPrefix("\\e") { lprof_el_bind_command_mode(editLine, rest, command) }
            }
        }
    }

    public func readLine(prompt: String, continuation: Bool) -> LineReadResult {
        warnAboutHistoryOnce()
        let joined = lastLine.hasSuffix("\\") ? String(lastLine.dropLast()) : lastLine
        continuedText = continuation ? continuedText + joined : ""
        lastLine = ""
        // Copies above an earlier line are no longer just above the prompt.
        staleCopies = []
        setPrompt(prompt)
        _ = lprof_take_sigint()
        // A resize while a command ran: el_wgets measures the window itself as it starts.
        _ = lprof_take_resize()
        var count: Int32 = 0
        markedInterrupt = false
        lprof_set_reading_line(1)
        let wide = el_wgets(editLine, &count)
        let readError = errno
        lprof_set_reading_line(0)
        if lprof_take_sigint() != 0 || (wide == nil && count < 0 && readError == EINTR) {
            el_reset(editLine)
            writeToTerminal("\n")
            continuedText = ""
            return .interrupted
        }
        guard let wide, count > 0 else {
            // libedit echoes ^D but leaves the cursor on the prompt's line.
            writeToTerminal("\n")
            return .endOfInput
        }
        var line = standIns.text(
            UnsafeBufferPointer(start: wide, count: Int(count)).lazy.map { UInt32(bitPattern: $0) })
        if line.hasSuffix("\n") { line.removeLast() }
        lastLine = line
        return .line(Array(line.utf8))
    }

    public func addHistory(_ entry: String) {
        if historyFile.record(entry), let stored = historyFile.entries.last {
            lprof_history_enter(history, stored)
        }
        warnAboutHistoryOnce()
    }

    private func warnAboutHistoryOnce() {
        guard let error = historyFile.lastError, !warnedAboutHistory else { return }
        warnedAboutHistory = true
        fputs(
            HistoryPolicy.notSavedWarning(error, width: terminalWidth(STDERR_FILENO) ?? 80),
            lprof_stderr())
        fflush(lprof_stderr())
    }

    public var historyEntries: [String] { historyFile.entries }

    public func takeInterrupt() -> Bool {
        lprof_take_sigint() != 0
    }

    private func setPrompt(_ prompt: String) {
        self.prompt = prompt
        free(promptBuffer)
        promptBuffer = strdup(prompt)
    }

    /// The prompt's width on the screen, where the line starts.
    private var promptWidth: Int { Prompt.visibleWidth(prompt) }

    /// The cursor's column from the prompt's start, as libedit lays out the line's stand-ins.
    private func cursorColumn(_ line: [UInt32], _ cursor: Int) -> Int {
        promptWidth + standIns.columns(of: line.prefix(cursor))
    }

    /// The escape sequences that move the terminal's cursor between two (row, column) places.
    private static func movement(
        from: (row: Int, column: Int), to: (row: Int, column: Int)
    ) -> String {
        var out = ""
        if to.row < from.row { out += "\u{1B}[\(from.row - to.row)A" }
        if to.row > from.row { out += "\u{1B}[\(to.row - from.row)B" }
        return out + "\r" + (to.column > 0 ? "\u{1B}[\(to.column)C" : "")
    }

    /// Before each key, a line an edit left with characters not one stand-in each is put right
    /// and redrawn, since libedit's drawing of scalars is not what the terminal shows.
    fileprivate func keepCharactersWhole() {
        guard let (line, cursor) = editedLine() else { return }
        guard
            let fixed = standIns.canonical(
                line, cursor: cursor, previous: previousLine, previousCursor: previousCursor)
        else {
            (previousLine, previousCursor) = (line, cursor)
            return
        }
        (previousLine, previousCursor) = (fixed.points, fixed.cursor)
        moveToPromptStart()
        replaceLine(with: fixed.points, cursor: fixed.cursor)
        _ = lprof_el_refresh(editLine)
    }

    /// The text before the cursor, after a continued entry's earlier lines.
    private func textBeforeCursor() -> String? {
        editedLine().map { continuedText + standIns.text($0.text.prefix($0.cursor)) }
    }

    /// Tab: completes the word before the cursor, listing candidates once (then only beeps).
    fileprivate func complete() -> UInt8 {
        guard let before = textBeforeCursor() else { return UInt8(CC_ERROR) }
        let completion = completer.complete(before)
        let unchanged = completion.insertion.isEmpty && completion.replacing == 0
        if unchanged, before == listedFor {
            return UInt8(CC_REFRESH_BEEP)
        }
        if completion.replacing > 0 {
            // As libedit holds them: stand-ins and continuations.
            let replaced = standIns.codePoints(String(before.suffix(completion.replacing)))
            el_deletestr(editLine, Int32(clamping: replaced.count))
        }
        if !completion.insertion.isEmpty {
            // As scalars: before the next key they become stand-ins, measured and drawn.
            var wide = completion.insertion.unicodeScalars.map { wchar_t(bitPattern: $0.value) }
            wide.append(0)
            el_winsertstr(editLine, wide)
        }
        guard !completion.candidates.isEmpty else {
            return UInt8(unchanged ? CC_REFRESH_BEEP : CC_REFRESH)
        }
        listedFor = textBeforeCursor()
        staleCopies = []  // the list comes between them and the prompt
        let rows = CompletionList.rows(
            completion.candidates, width: terminalWidth(STDOUT_FILENO) ?? 80)
        writeToTerminal("\n" + rows.joined(separator: "\n") + "\n")
        return UInt8(CC_REDISPLAY)
    }

    // MARK: - Resizing

    /// A resize: the line is erased from where a re-wrapping terminal now starts it and drawn
    /// afresh, since libedit would redraw from a row that is no longer its first (issue 25).
    fileprivate func redrawAfterResize() {
        el_resize(editLine)
        guard cursorMoves else { return }
        moveToPromptStart(erasingAbove: staleRowsBack())
        _ = lprof_el_refresh(editLine)
        joinRows()
    }

    /// How many rows above the prompt are `staleCopies` a widened window brought back, found
    /// from the terminal's cursor row (DSR); a row the resize scrolled off the top is recorded.
    private func staleRowsBack() -> Int {
        guard asksCursorRow, let columns = terminalWidth(STDOUT_FILENO), columns > 0,
            let (text, cursor) = editedLine()
        else { return 0 }
        fflush(lprof_stdout())
        var row: Int32 = 0
        guard lprof_cursor_position(200, &row) > 0, row > 0 else {
            asksCursorRow = false
            return 0
        }
        let promptRow = Int(row) - 1 - cursorColumn(text, cursor) / columns
        if promptRow < 0 {
            staleCopies.append(-promptRow * columns)
            return 0
        }
        var back = 0
        while back < promptRow, let copy = staleCopies.popLast() {
            let rows = (copy + columns - 1) / columns
            let shown = min(rows, promptRow - back)
            back += shown
            // Its first rows stay in the scrollback.
            if shown < rows { staleCopies.append((rows - shown) * columns) }
        }
        return back
    }

    /// Rewrites each row end that libedit left as a line break of its own (a blank last column)
    /// so the terminal wraps there itself, or a re-wrapping terminal keeps the break on resize.
    private func joinRows() {
        let prompt = promptWidth
        guard let columns = terminalWidth(STDOUT_FILENO), columns > 1, prompt < columns,
            let (text, cursor) = editedLine()
        else { return }
        // Where each character starts (row, column), laid out as libedit lays it out.
        var places: [(row: Int, column: Int)] = []
        var characters: [Character] = []
        var row = 0
        var column = prompt
        var here = (row: 0, column: prompt)
        var widths: [Int] = []
        var starts = standIns.characterStarts(text)
        starts.append(text.count)
        for (start, end) in zip(starts, starts.dropFirst()) {
            if start == cursor { here = (row, column) }
            let shown = standIns.text(text[start..<end])
            let width = standIns.columns(of: text[start..<end])
            guard width > 0, shown.count == 1, let character = shown.first,
                character.unicodeScalars.allSatisfy({ $0.value >= 0x20 })
            else {
                return  // a tab, a control character: libedit's own layout
            }
            widths.append(width)
            if column + width > columns { (row, column) = (row + 1, 0) }
            places.append((row, column))
            characters.append(character)
            column += width
            if column == columns { (row, column) = (row + 1, 0) }
        }
        if cursor >= text.count { here = (row, column) }
        var out = ""
        var at = here
        func move(to place: (row: Int, column: Int)) {
            out += Self.movement(from: at, to: place)
            at = place
        }
        for index in characters.indices.dropFirst() where places[index].column == 0 {
            let previous = index - 1
            let lastColumn = places[previous].column + widths[previous] - 1
            guard lastColumn < columns - 1 || characters[previous] == " " else { continue }
            move(to: (places[index].row - 1, columns - 1))
            out += " " + String(characters[index])
            at = (places[index].row, widths[index])
        }
        guard !out.isEmpty else { return }
        move(to: here)
        writeToTerminal(out)
    }

    /// Moves up to the prompt's start, or `rows` above it, and erases down, for EL_REFRESH to
    /// draw from there; from the second column, since tmux scrolls a whole-screen erase away.
    private func moveToPromptStart(erasingAbove rows: Int = 0) {
        guard cursorMoves else { return writeToTerminal("\r") }
        let column = editedLine().map { cursorColumn($0.text, $0.cursor) } ?? promptWidth
        let row = terminalWidth(STDOUT_FILENO).map { column / $0 } ?? 0
        writeToTerminal(
            Self.movement(from: (row + rows, 0), to: (0, 0)) + "\u{1B}[C\u{1B}[J\r\u{1B}[K")
    }

    /// Continued after Ctrl-Z: libedit is told to let go of the terminal and take it again
    /// (it still thinks it has its modes), then redraws below what the shell printed.
    fileprivate func redrawAfterContinue() {
        _ = lprof_el_prep_term(editLine, 0)
        _ = lprof_el_prep_term(editLine, 1)
        staleCopies = []  // the shell's output comes between them and the prompt
        el_resize(editLine)
        _ = lprof_el_refresh(editLine)
    }

    // MARK: - Ctrl-T

    /// Ctrl-T: libedit's ed-transpose-chars, but on whole characters (stand-in and continuations).
    fileprivate func transposeCharacters() -> UInt8 {
        guard let (line, cursor) = editedLine() else { return UInt8(CC_ERROR) }
        var starts = standIns.characterStarts(line)
        starts.append(line.count)
        guard var at = starts.firstIndex(where: { $0 >= cursor }), starts.count > 2 else {
            return UInt8(CC_ERROR)
        }
        if at < starts.count - 1 { at += 1 }  // not at the end: past the character at it
        guard at >= 2 else { return UInt8(CC_ERROR) }
        let first = Array(line[starts[at - 2]..<starts[at - 1]])
        let second = Array(line[starts[at - 1]..<starts[at]])
        var swapped = line
        swapped.replaceSubrange(starts[at - 2]..<starts[at], with: second + first)
        replaceLine(with: swapped, cursor: starts[at])
        return UInt8(CC_REFRESH)
    }

    // MARK: - Ctrl-R

    /// The line being edited, as libedit's code points, and the cursor's place in it.
    private func editedLine() -> (text: [UInt32], cursor: Int)? {
        guard let info = el_wline(editLine) else { return nil }
        let count = info.pointee.lastchar - info.pointee.buffer
        let text = UnsafeBufferPointer(start: info.pointee.buffer, count: count).map {
            UInt32(bitPattern: $0)
        }
        return (text, info.pointee.cursor - info.pointee.buffer)
    }

    /// Replaces the line whole (`el_wreplacestr`), since in vi keys a deletion would go into
    /// the buffer `p` pastes, which must stay the user's.
    private func replaceLine(with text: [UInt32], cursor: Int) {
        let wide = text.map { wchar_t(bitPattern: $0) } + [0]
        if text.isEmpty || el_wreplacestr(editLine, wide) != 0 {
            if let (old, oldCursor) = editedLine() {
                _ = el_cursor(editLine, Int32(clamping: old.count - oldCursor))
                el_deletestr(editLine, Int32(clamping: old.count))
            }
            if !text.isEmpty { el_winsertstr(editLine, wide) }
        }
        // From the line's end (el_cursor moves relative to where the cursor is).
        if let now = editedLine()?.cursor {
            _ = el_cursor(editLine, Int32(clamping: text.count - now))
        }
        _ = el_cursor(editLine, Int32(clamping: cursor - text.count))
    }

    /// Ctrl-R as readline's: any other key ends the search and then acts, where libedit's own
    /// search types an arrow's sequence into the line (SPEC §8).
    fileprivate func searchHistory() -> UInt8 {
        guard let (original, originalCursor) = editedLine() else { return UInt8(CC_ERROR) }
        let savedPrompt = prompt
        defer { setPrompt(savedPrompt) }
        let entries = historyFile.entries.map { Array($0.unicodeScalars) }
        var pattern: [Unicode.Scalar] = []
        var found: (entry: Int, offset: Int)?
        var failed = false

        /// The newest match of `pattern` at or before `entry`, from `offset` back.
        func search(from entry: Int, before offset: Int?) -> (entry: Int, offset: Int)? {
            guard !pattern.isEmpty else { return nil }
            var index = entry
            var limit = offset
            while index >= 0 {
                let scalars = entries[index]
                let last = Swift.min(limit ?? scalars.count, scalars.count - pattern.count)
                if !scalars.contains("\n"),
                    let start = stride(from: last, through: 0, by: -1).first(where: {
                        scalars[$0..<$0 + pattern.count].elementsEqual(pattern)
                    })
                {
                    return (index, start)
                }
                index -= 1
                limit = nil
            }
            return nil
        }

        func show() {
            moveToPromptStart()
            let label = failed ? "(failed reverse-i-search)`" : "(reverse-i-search)`"
            setPrompt(label + String(String.UnicodeScalarView(pattern)) + "': ")
            if let found {
                let entry = entries[found.entry]
                let text = standIns.codePoints(String(String.UnicodeScalarView(entry)))
                let before = String(String.UnicodeScalarView(entry[..<found.offset]))
                replaceLine(with: text, cursor: standIns.codePoints(before).count)
            } else {
                replaceLine(with: original, cursor: originalCursor)
            }
            _ = lprof_el_refresh(editLine)
        }

        show()
        while true {
            var key: wchar_t = 0
            guard el_wgetc(editLine, &key) == 1 else {
                // Ctrl-C or the end of input: the line reader decides.
                return UInt8(CC_EOF)
            }
            switch key {
            case 0x12:  // Ctrl-R: an older match
                let older =
                    found.flatMap { search(from: $0.entry, before: $0.offset - 1) }
                    ?? (found == nil ? search(from: entries.count - 1, before: nil) : nil)
                if let older { found = older } else { failed = true }
            case 0x7F, 0x08:  // Backspace: a shorter pattern, searched afresh
                if !pattern.isEmpty { pattern.removeLast() }
                found = search(from: entries.count - 1, before: nil)
                failed = !pattern.isEmpty && found == nil
            case 0x07:  // Ctrl-G: the line as it was
                replaceLine(with: original, cursor: originalCursor)
                return UInt8(CC_REFRESH)
            case 0x1B:  // Escape: ends the search; a key's sequence then does what it does
                let sequence = readEscapeSequence()
                return endSearch(
                    on: found, entries: entries.count, original: (original, originalCursor),
                    then: sequence.isEmpty ? [] : [0x1B] + sequence)
            case 0x20..<0x7F, 0xA0...:
                guard let scalar = Unicode.Scalar(UInt32(bitPattern: key)) else { continue }
                pattern.append(scalar)
                let from = found ?? (entries.count - 1, Int.max)
                if let next = search(from: from.entry, before: from.offset) {
                    found = next
                    failed = false
                } else {
                    failed = true
                }
            default:  // Enter, Ctrl-A, Ctrl-E, vi keys' arrows…: end the search, then do it
                return endSearch(
                    on: found, entries: entries.count, original: (original, originalCursor),
                    then: [key])
            }
            show()
        }
    }

    /// Ends Ctrl-R on its match with libedit's history place there, so Up and Down go on from it
    /// as in readline (`lprof_history_stop_at`), then has libedit run `keys` as typed.
    private func endSearch(
        on found: (entry: Int, offset: Int)?, entries count: Int,
        original: (text: [UInt32], cursor: Int), then keys: [wchar_t]
    ) -> UInt8 {
        guard let found, lprof_history_count(history) == Int32(clamping: count),
            let (shown, cursor) = editedLine()
        else {
            if !keys.isEmpty { el_wpush(editLine, keys + [0]) }
            return UInt8(CC_REFRESH)
        }
        // In scalars: libedit loads the entry as its history holds it, not as shown here.
        searchCursor = standIns.text(shown.prefix(cursor)).unicodeScalars.count
        replaceLine(with: original.text, cursor: original.cursor)
        lprof_history_stop_at(Int32(clamping: count - found.entry))
        let place = [wchar_t(LPROF_KEY_HISTORY_PLACE), wchar_t(LPROF_KEY_SEARCH_CURSOR)]
        el_wpush(editLine, place + keys + [0])
        return UInt8(CC_NORM)
    }

    /// `lprof-search-cursor`: the match libedit just loaded as scalars back in stand-ins,
    /// before the pushed keys act on it, with the cursor where Ctrl-R left it.
    fileprivate func restoreSearchCursor() -> UInt8 {
        guard let scalarsBefore = searchCursor, let (line, _) = editedLine() else {
            return UInt8(CC_NORM)
        }
        searchCursor = nil
        let entry = standIns.text(line)
        let before = String(String.UnicodeScalarView(entry.unicodeScalars.prefix(scalarsBefore)))
        let points = standIns.codePoints(entry)
        let cursor = min(points.count, standIns.codePoints(before).count)
        moveToPromptStart()
        replaceLine(with: points, cursor: cursor)
        _ = lprof_el_refresh(editLine)
        (previousLine, previousCursor) = (points, cursor)
        return UInt8(CC_NORM)
    }

    // MARK: - vi keys

    /// `lprof-forward-char`: Right while inserting, up to the line's end.
    fileprivate func forwardChar() -> UInt8 {
        guard let (text, cursor) = editedLine(), cursor < text.count else {
            return UInt8(CC_ERROR)
        }
        _ = el_cursor(editLine, 1)
        return UInt8(CC_CURSOR)
    }

    /// `lprof-move-to-end`: End while inserting, after the line's last character.
    fileprivate func moveToEnd() -> UInt8 {
        guard let (text, cursor) = editedLine() else { return UInt8(CC_ERROR) }
        _ = el_cursor(editLine, Int32(clamping: text.count - cursor))
        return UInt8(CC_CURSOR)
    }

    /// Delete, which at the line's end only beeps where libedit's would end input.
    fileprivate func deleteForward(commandMode: Bool) -> UInt8 {
        guard var (text, cursor) = editedLine(), !text.isEmpty else { return UInt8(CC_ERROR) }
        if commandMode && cursor == text.count {  // after End: on the last character
            _ = el_cursor(editLine, -1)
            cursor -= 1
        }
        guard cursor < text.count else { return UInt8(CC_ERROR) }
        _ = el_cursor(editLine, 1)
        el_deletestr(editLine, 1)
        text.remove(at: cursor)
        if commandMode && cursor == text.count && cursor > 0 { _ = el_cursor(editLine, -1) }
        return UInt8(CC_REFRESH)
    }

    // MARK: - Ctrl-C

    /// Ctrl-C: `^C` after the line's end, as readline, so the abandoned line does not look run.
    fileprivate func markInterrupted() {
        guard !markedInterrupt else { return }
        markedInterrupt = true
        var out = ""
        if cursorMoves, let columns = terminalWidth(STDOUT_FILENO),
            let (text, cursor) = editedLine()
        {
            let here = cursorColumn(text, cursor)
            let end = cursorColumn(text, text.count)
            // A line that fills its last row exactly: the mark starts the row after it.
            let filled = end > 0 && end % columns == 0
            let last = filled ? (end / columns - 1, 0) : (end / columns, end % columns)
            out = Self.movement(from: (here / columns, 0), to: last) + (filled ? "\n" : "")
        }
        writeToTerminal(out + "^C")
    }

    /// The rest of a key's escape sequence, which `lprof_getc` has read whole; empty for Escape.
    private func readEscapeSequence() -> [wchar_t] {
        var sequence: [wchar_t] = []
        while lprof_pending_bytes() > 0 {
            var key: wchar_t = 0
            guard el_wgetc(editLine, &key) == 1 else { break }
            sequence.append(key)
        }
        return sequence
    }
}

/// The reader behind libedit's client data, for the C callbacks.
private func reader(of editLine: OpaquePointer?) -> EditLineReader? {
    guard let editLine, let data = lprof_el_get_clientdata(editLine) else { return nil }
    return Unmanaged<EditLineReader>.fromOpaque(data).takeUnretainedValue()
}

/// Writes `text` at once through C's stdout, in order with what libedit draws.
func writeToTerminal(_ text: String) {
    fputs(text, lprof_stdout())
    fflush(lprof_stdout())
}
