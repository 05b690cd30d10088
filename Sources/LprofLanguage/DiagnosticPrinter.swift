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
            out += shownLabel + " " + Self.visible(d.message) + "\n"
            return out
        }
        if let location = d.location {
            out += "\(Self.visible(location.source)):\(location.line):\(location.column): "
        }
        out += shownLabel + " " + Self.visible(d.message) + "\n"
        if let excerpt = d.excerpt {
            out += excerpt.text + "\n" + caretLine(excerpt, indent: 0) + "\n"
        }
        return out
    }

    private func caretLine(_ excerpt: Diagnostic.Excerpt, indent: Int) -> String {
        String(repeating: " ", count: indent + excerpt.caretColumn) + "^"
            + String(repeating: "~", count: Swift.max(0, excerpt.caretWidth - 1))
    }

    /// Text from the user (a token in a message, a path) made safe for the terminal: C0
    /// controls and DEL as control pictures (as in the excerpt), C1 controls, line and
    /// paragraph separators and bidi controls as `\u{…}`.
    static func visible(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let v = scalar.value
            if v < 0x20 {
                out.append(Unicode.Scalar(0x2400 + v)!)
            } else if v == 0x7F {
                out.append("\u{2421}")
            } else if isUnsafe(scalar) {
                out.append(contentsOf: "\\u{\(String(v, radix: 16, uppercase: true))}".unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    private static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }
}
