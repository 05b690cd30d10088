/// Renders diagnostics as text: the `SOURCE:LINE:COLUMN: error: MESSAGE` line, then the source
/// line and a caret under the offending token. Colour only when the caller says so.
public struct DiagnosticPrinter: Sendable {
    /// Whether to colour the severity (the caller decides: stderr a terminal, NO_COLOR unset…).
    public var color: Bool
    /// Interactive use: no location and no source line; the caret goes under the typed line,
    /// shifted by the prompt's width.
    public var promptWidth: Int?

    public init(color: Bool = false, promptWidth: Int? = nil) {
        self.color = color
        self.promptWidth = promptWidth
    }

    /// The diagnostic's full text, ending in a newline.
    public func render(_ d: Diagnostic) -> String {
        var d = d
        d.message = Self.safeMessage(d.message)
        if let source = d.location?.source { d.location?.source = Self.safeMessage(source) }
        var out = ""
        let label = d.severity.rawValue + ":"
        let shownLabel: String
        if color {
            shownLabel =
                (d.severity == .error ? "\u{1B}[1;31m" : "\u{1B}[1;35m") + label + "\u{1B}[0m"
        } else {
            shownLabel = label
        }
        if let promptWidth {
            if let excerpt = d.excerpt {
                out += caretLine(excerpt, indent: promptWidth) + "\n"
            }
            out += shownLabel + " " + d.message + "\n"
            return out
        }
        if let location = d.location {
            out += "\(location.source):\(location.line):\(location.column): "
        }
        out += shownLabel + " " + d.message + "\n"
        if let excerpt = d.excerpt {
            out += excerpt.text + "\n" + caretLine(excerpt, indent: 0) + "\n"
        }
        return out
    }

    /// Messages (and file names) quote what the user wrote (a value may hold ESC through `"\u{1B}"`): control
    /// characters, DEL, C1 and bidirectional overrides become `\u{…}` text, so nothing a
    /// user types reaches the terminal as an escape sequence or reorders the line.
    static func safeMessage(_ message: String) -> String {
        func unsafe(_ s: Unicode.Scalar) -> Bool {
            let v = s.value
            return (v < 0x20 && v != 0x09) || (0x7F...0x9F).contains(v)
                || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
        }
        guard message.unicodeScalars.contains(where: unsafe) else { return message }
        var out = ""
        for scalar in message.unicodeScalars {
            if unsafe(scalar) {
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    private func caretLine(_ excerpt: Diagnostic.Excerpt, indent: Int) -> String {
        String(repeating: " ", count: indent + excerpt.caretColumn) + "^"
            + String(repeating: "~", count: Swift.max(0, excerpt.caretWidth - 1))
    }
}
