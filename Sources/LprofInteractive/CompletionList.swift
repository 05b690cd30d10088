import LprofText

/// Lays out completion candidates in columns under the line, as shells do.
public enum CompletionList {
    /// The rows of `candidates` in columns, controls shown as `?` so no name emits a sequence.
    public static func rows(_ candidates: [String], width: Int) -> [String] {
        let shown = candidates.map(printable)
        guard !shown.isEmpty else { return [] }
        let widths = shown.map { TextWidth.columns(of: $0) }
        let gap = 2
        let cell = (widths.max() ?? 0) + gap
        let columns = max(1, min(shown.count, (max(width, 1) + gap) / cell))
        let rowCount = (shown.count + columns - 1) / columns
        var rows: [String] = []
        for row in 0..<rowCount {
            var line = ""
            var column = row
            while column < shown.count {
                let next = column + rowCount
                line += shown[column]
                if next < shown.count {
                    line += String(repeating: " ", count: cell - widths[column])
                }
                column = next
            }
            rows.append(line)
        }
        return rows
    }

    static func printable(_ name: String) -> String {
        String(
            String.UnicodeScalarView(
                name.unicodeScalars.map { scalar in
                    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) ? "?" : scalar
                }))
    }
}
