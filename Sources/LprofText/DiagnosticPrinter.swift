/// Renders a diagnostic's `PLACE: error: MESSAGE`, line and caret, coloured when the caller says.
public struct DiagnosticPrinter: Sendable {
    /// Whether to colour the severity (the caller decides: stderr a terminal, NO_COLOR unset…).
    public var color: Bool
    /// At the prompt: no location nor source line, and the caret shifted under the typed line.
    public var promptWidth: Int?
    /// At a terminal, the message wraps at this width; the source line is cropped instead.
    public var wrapWidth: Int?

    public init(color: Bool = false, promptWidth: Int? = nil, wrapWidth: Int? = nil) {
        self.color = color
        self.promptWidth = promptWidth
        self.wrapWidth = wrapWidth
    }

    /// The diagnostic's full text, ending in a newline.
    public func render(_ d: Diagnostic) -> String {
        var d = d
        d.message = Self.safeMessage(d.message)
        if let source = d.location?.source { d.location?.source = Self.safeMessage(source) }
        let label = d.severity.rawValue + ":"
        let tint =
            switch d.severity {
            case .error: "1;31"
            case .warning: "1;35"
            case .note: "1;36"
            }
        let shownLabel = color ? "\u{1B}[\(tint)m\(label)\u{1B}[0m" : label
        if let promptWidth {
            let caret = d.excerpt.map { caretUnderTypedLine($0, promptWidth: promptWidth) } ?? ""
            return caret + messageLine("", label, shownLabel, d.message)
        }
        // `PLACE: SEVERITY: MESSAGE`, the place the program's name when there is no location.
        let place = d.location.map { "\($0.source):\($0.line):\($0.column): " } ?? "lprof: "
        var out = messageLine(place, label, shownLabel, d.message)
        if var excerpt = d.excerpt {
            // Cropped with room for `…` at either end, so the caret stays under its token.
            if let wrapWidth, wrapWidth > 8 { excerpt = excerpt.cropped(to: wrapWidth - 2) }
            out +=
                excerpt.text + "\n" + caretLine(at: excerpt.caretColumn, excerpt.caretWidth) + "\n"
        }
        return out
    }

    /// Messages quote what the user wrote (maybe `"\u{1B}"`), so every unsafe scalar but the
    /// tab is written as `\u{…}` text and nothing typed reaches the terminal as a control.
    static func safeMessage(_ message: String) -> String {
        TerminalSafe.escape(message, .swift) { TerminalSafe.isUnsafe($0) && $0 != "\t" }
    }

    /// `PLACE LABEL MESSAGE` and a newline, wrapped to `wrapWidth` under the message.
    private func messageLine(
        _ place: String, _ label: String, _ shownLabel: String, _ message: String
    )
        -> String
    {
        let plain = place + label + " " + message
        guard let wrapWidth, TextWidth.columns(of: plain) > wrapWidth else {
            return place + shownLabel + " " + message + "\n"
        }
        let indent = place.isEmpty ? label.count + 1 : 2
        var lines = TextWrap.lines(plain, width: wrapWidth, indent: indent)
        if lines[0].hasPrefix(place + label) {
            lines[0] = place + shownLabel + lines[0].dropFirst(place.count + label.count)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The caret under a typed line, repeating the row it points into when the terminal
    /// wrapped the line and the cursor sits below a later row.
    func caretUnderTypedLine(_ excerpt: Diagnostic.Excerpt, promptWidth: Int) -> String {
        guard let width = wrapWidth, width > 0,
            promptWidth + TextWidth.columns(of: excerpt.text) > width
        else { return caretLine(at: promptWidth + excerpt.caretColumn, excerpt.caretWidth) + "\n" }
        // Lay the line out as the terminal did, a character that does not fit starting a row.
        var rows: [(start: Int, text: String)] = [(promptWidth, "")]
        var column = promptWidth
        var offset = 0
        var caretRow = 0
        var caretColumn = promptWidth
        for character in excerpt.text {
            let w = TextWidth.columns(of: character)
            if column + w > width {
                rows.append((0, ""))
                column = 0
            }
            if offset == excerpt.caretColumn {
                caretRow = rows.count - 1
                caretColumn = column
            }
            rows[rows.count - 1].text.append(character)
            column += w
            offset += w
        }
        if offset <= excerpt.caretColumn {
            // The caret past the text (a missing value): after it, or on a new row if full.
            caretRow = rows.count - 1
            caretColumn = column
            if column >= width {
                rows.append((0, ""))
                caretRow += 1
                caretColumn = 0
            }
        }
        let caret = caretLine(at: caretColumn, Swift.min(excerpt.caretWidth, width - caretColumn))
        guard caretRow < rows.count - 1 else { return caret + "\n" }
        let row = rows[caretRow]
        return String(repeating: " ", count: row.start) + row.text + "\n" + caret + "\n"
    }

    /// `^` at `column`, and `~` under the rest of the `width` columns it underlines.
    private func caretLine(at column: Int, _ width: Int) -> String {
        String(repeating: " ", count: column) + "^"
            + String(repeating: "~", count: Swift.max(0, width - 1))
    }
}
