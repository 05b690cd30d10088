import LprofModel

/// The three completed badges of ProfileSummary, each the tutorial's `Badge` with its filter.
enum Badge: String, CaseIterable, Sendable {
    case firstHike = "First Hike", earthDay = "Earth Day", tenthHike = "Tenth Hike"

    var name: String { rawValue }

    /// The colour modifiers on the badge, as the tutorial writes them.
    var filter: ColorMatrix {
        switch self {
        case .firstHike: return .identity
        case .earthDay: return .hueRotation(degrees: 90)
        case .tenthHike: return ColorMatrix.grayscale(0.5).then(.hueRotation(degrees: 45))
        }
    }

    /// The badge `size` columns wide, each cell two pixels (`▀` over a background) so that
    /// pixels come out square, or without colour a shading character for its symbol's ink.
    func lines(size: Int, color: ColorSupport) -> [String] {
        BadgeRaster.cachedLines(for: self, size: size, color: color) {
            draw(raster: $0, color: color)
        }
    }

    private func draw(raster: BadgeRaster, color: ColorSupport) -> [String] {
        let size = raster.size
        let rows = (size + 1) / 2
        let blank = BadgeRaster.Pixel(coverage: 0, color: RGB(0, 0, 0), ink: 0)
        var out: [String] = []
        out.reserveCapacity(rows)
        for row in 0..<rows {
            let top = raster.pixels[2 * row]
            let bottom =
                2 * row + 1 < size
                ? raster.pixels[2 * row + 1] : [BadgeRaster.Pixel](repeating: blank, count: size)
            out.append(Self.line(top, bottom, filter, color))
        }
        return out
    }

    /// A line of cells, each from a top and a bottom pixel, writing an SGR only where it changes.
    private static func line(
        _ top: [BadgeRaster.Pixel], _ bottom: [BadgeRaster.Pixel], _ filter: ColorMatrix,
        _ support: ColorSupport
    ) -> String {
        var line = ""
        var current = ""
        for (t, b) in zip(top, bottom) {
            let cell: (sgr: String, character: Character)
            switch (t.isFilled, b.isFilled) {
            case (false, false):
                cell = (TerminalColor.reset, " ")
            case (true, true):
                let ink = (t.ink + b.ink) / 2
                let shade: Character = ink < 0.3 ? "░" : ink < 0.6 ? "▒" : ink < 0.85 ? "▓" : "█"
                cell = (
                    TerminalColor.foreground(filter.apply(t.color), support)
                        + TerminalColor.background(filter.apply(b.color), support),
                    support == .none ? shade : "▀"
                )
            case (let topOnly, _):
                // Half the cell is badge: a half block in its colour, on no background.
                let color = filter.apply(topOnly ? t.color : b.color)
                cell = (
                    TerminalColor.reset + TerminalColor.foreground(color, support),
                    topOnly ? "▀" : "▄"
                )
            }
            if cell.sgr != current {
                // A reset alone is needed only when something is set.
                if !(cell.sgr == TerminalColor.reset && current.isEmpty) { line += cell.sgr }
                current = cell.sgr == TerminalColor.reset ? "" : cell.sgr
            }
            line.append(cell.character)
        }
        if !current.isEmpty { line += TerminalColor.reset }
        return line
    }
}
