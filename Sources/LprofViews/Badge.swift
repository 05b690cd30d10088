import LprofModel

/// The three completed badges of ProfileSummary, each the tutorial's `Badge` with its filter.
enum Badge: CaseIterable, Sendable {
    case firstHike, earthDay, tenthHike

    /// The caption under the badge.
    var name: String {
        switch self {
        case .firstHike: return "First Hike"
        case .earthDay: return "Earth Day"
        case .tenthHike: return "Tenth Hike"
        }
    }

    /// The colour modifiers on the badge: none, `.hueRotation(90°)`, and
    /// `.grayscale(0.5).hueRotation(45°)`.
    var filter: ColorMatrix {
        switch self {
        case .firstHike: return .identity
        case .earthDay: return .hueRotation(degrees: 90)
        case .tenthHike: return ColorMatrix.grayscale(0.5).then(.hueRotation(degrees: 45))
        }
    }

    /// The badge drawn `size` columns wide and `size / 2` lines high (rounded up).
    ///
    /// With colour, each character cell is two pixels, the upper half block `▀` in the top
    /// pixel's colour over a background of the bottom one's (a terminal cell is about twice as
    /// tall as wide, so pixels come out square). Without colour, each cell is one shading
    /// character for how much symbol it shows: `░` the bare hexagon, `▒` `▓` `█` the
    /// mountains as they overlap, and `▀` `▄` where only half the cell is badge.
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

    /// A line of cells, each from a top and a bottom pixel. Each SGR is written only where
    /// it changes; without colour every SGR is empty, and a cell that is all badge is the
    /// shading character for its ink instead of `▀`.
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
