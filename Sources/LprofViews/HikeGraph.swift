import LprofModel

/// The tutorial's `HikeGraph`, its capsules drawn as bars of half blocks.
struct HikeGraph {
    var hike: Hike
    var kind: HikeGraphKind
    var decimalSeparator = "."

    /// What the graph of `kind` shows, titled and coloured as the tutorial does.
    private var plotted:
        (title: String, unit: String, range: KeyPath<Hike.Observation, Range<Double>>, color: RGB)
    {
        switch kind {
        case .elevation:
            return ("Elevation", "m", \.elevation, RGB(bytes: 142, 142, 147))
        case .heartRate:
            return ("Heart Rate", "bpm", \.heartRate, RGB(hue: 0, saturation: 0.5, brightness: 0.7))
        case .pace:
            return ("Pace", "min/km", \.pace, RGB(hue: 0.7, saturation: 0.4, brightness: 0.7))
        }
    }

    var title: String { plotted.title }

    private func label(_ value: Double, unit: String) -> String {
        (kind == .pace
            ? Hike.oneDecimal(value, separator: decimalSeparator) : String(Int(value.rounded())))
            + " " + unit
    }

    /// The graph `height` lines high, its scale on the left, and when `axis` a distance axis.
    func lines(height: Int, width: Int, maxPlotWidth: Int, axis: Bool, color support: ColorSupport)
        -> [String]
    {
        let plotted = self.plotted
        let ranges = hike.observations.map { $0[keyPath: plotted.range] }
        guard let low = ranges.map(\.lowerBound).min(), let high = ranges.map(\.upperBound).max(),
            height > 0, width > 0
        else { return [] }
        let topLabel = label(high, unit: plotted.unit)
        let bottomLabel = label(low, unit: plotted.unit)
        var labelWidth = max(TextLayout.columns(topLabel), TextLayout.columns(bottomLabel))
        var plotWidth = min(maxPlotWidth, width - labelWidth - 2)
        if plotWidth < 4 {  // too narrow for a scale: the bars alone
            labelWidth = -2
            plotWidth = min(maxPlotWidth, width)
        }
        let columns = Self.columns(ranges, width: plotWidth)
        let span = max(high - low, .ulpOfOne)
        let halves = 2 * height
        // For each column, the half-rows (0 at the bottom) its capsule covers.
        let filled: [ClosedRange<Int>?] = columns.map { r in
            guard let r else { return nil }
            let bottom = min(
                halves - 1,
                max(0, Int(((r.lowerBound - low) / span * Double(halves)).rounded(.down))))
            let top = min(
                halves - 1,
                max(bottom, Int(((r.upperBound - low) / span * Double(halves)).rounded(.up)) - 1))
            return bottom...top
        }
        var out: [String] = []
        for row in 0..<height {
            let upper = 2 * (height - 1 - row) + 1
            let lower = upper - 1
            var bars = ""
            for f in filled {
                let hasUpper = f?.contains(upper) ?? false
                let hasLower = f?.contains(lower) ?? false
                bars.append(hasUpper ? (hasLower ? "█" : "▀") : (hasLower ? "▄" : " "))
            }
            while bars.last == " " { bars.removeLast() }
            var scale = ""
            if labelWidth >= 0 {
                let text = row == 0 ? topLabel : row == height - 1 ? bottomLabel : ""
                let tick = row == 0 || row == height - 1 ? "┤" : "│"
                scale = TextLayout.spaces(labelWidth - TextLayout.columns(text)) + text + " " + tick
            }
            out.append(scale + TerminalColor.colored(bars, plotted.color, support))
        }
        if axis {
            let margin = TextLayout.spaces(labelWidth + 1)
            let usedWidth = filled.count
            out.append(
                margin + (labelWidth >= 0 ? "└" : "") + String(repeating: "─", count: usedWidth))
            let start = "0 km"
            let end = hike.distanceText(decimalSeparator: decimalSeparator)
            let inner = usedWidth + (labelWidth >= 0 ? 1 : 0)
            let gapWidth = inner - TextLayout.columns(start) - TextLayout.columns(end)
            if gapWidth >= 1 {
                out.append(margin + start + TextLayout.spaces(gapWidth) + end)
            } else {
                out.append(TextLayout.cut(margin + end, width: width))
            }
        }
        return out
    }

    /// The ranges spread over `width` columns, merged several to a column when there is no room.
    static func columns(_ ranges: [Range<Double>], width: Int) -> [Range<Double>?] {
        let n = ranges.count
        guard n > 0, width > 0 else { return [] }
        if width >= 2 * n {
            let bar = min(2, width / n - 1)
            return Array(
                ranges.flatMap { Array(repeating: Optional($0), count: bar) + [nil] }.dropLast())
        }
        let used = min(width, n)
        return (0..<used).map { c in
            let first = c * n / used
            let last = max(first + 1, (c + 1) * n / used)
            let group = ranges[first..<last]
            return group.map(\.lowerBound).min()!..<group.map(\.upperBound).max()!
        }
    }
}
