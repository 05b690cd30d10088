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

    private func caretLine(_ excerpt: Diagnostic.Excerpt, indent: Int) -> String {
        String(repeating: " ", count: indent + excerpt.caretColumn) + "^"
            + String(repeating: "~", count: Swift.max(0, excerpt.caretWidth - 1))
    }
}
