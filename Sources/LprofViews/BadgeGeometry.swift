import Foundation

/// The tutorial's badge as polygons in a unit square (y down), from the tutorial's own numbers.
enum BadgeGeometry {
    typealias Point = (x: Double, y: Double)

    /// `HikeBadge`'s 300×300 frame, which matters as the symbols' `padding(-60)` is in points.
    static let designSize = 300.0

    /// `HexagonParameters.adjustment`.
    private static let adjustment = 0.085

    /// `HexagonParameters.segments`: a line, then a quadratic curve to `curve` via `control`.
    private static let segments: [(line: Point, curve: Point, control: Point)] = [
        ((0.60, 0.05), (0.40, 0.05), (0.50, 0.00)),
        ((0.05, 0.20 + adjustment), (0.00, 0.30 + adjustment), (0.00, 0.25 + adjustment)),
        ((0.00, 0.70 - adjustment), (0.05, 0.80 - adjustment), (0.00, 0.75 - adjustment)),
        ((0.40, 0.95), (0.60, 0.95), (0.50, 1.00)),
        ((0.95, 0.80 - adjustment), (1.00, 0.70 - adjustment), (1.00, 0.75 - adjustment)),
        ((1.00, 0.30 + adjustment), (0.95, 0.20 + adjustment), (1.00, 0.25 + adjustment)),
    ]

    /// BadgeBackground's path, its curves flattened, squeezed to 0.832 of the width.
    static let hexagon: [Point] = {
        let xScale = 0.832
        let xOffset = (1 - xScale) / 2
        func place(_ p: Point) -> Point { (p.x * xScale + xOffset, p.y) }
        var points = [place((0.95, 0.20 + adjustment))]
        for segment in segments {
            let start = place(segment.line)
            let control = place(segment.control)
            let end = place(segment.curve)
            points.append(start)
            let steps = 8
            for i in 1...steps {
                let t = Double(i) / Double(steps)
                let u = 1 - t
                points.append(
                    (
                        u * u * start.x + 2 * u * t * control.x + t * t * end.x,
                        u * u * start.y + 2 * u * t * control.y + t * t * end.y
                    ))
            }
        }
        return points
    }()

    /// BadgeBackground's gradient: pink at the top to orange at 0.6 of the height.
    static let gradientStart = RGB(bytes: 239, 120, 221)
    static let gradientEnd = RGB(bytes: 239, 172, 120)
    static let symbolColor = RGB(bytes: 79, 79, 191)
    /// `badgeSymbols.opacity(0.5)`: each symbol is drawn half transparent over the rest.
    static let symbolOpacity = 0.5

    /// The gradient's colour at height `y` (0 top, 1 bottom).
    static func gradient(atY y: Double) -> RGB {
        gradientStart.mixed(with: gradientEnd, min(max(y / 0.6, 0), 1))
    }

    /// BadgeSymbol's two subpaths (the snow cap and the mountain), for a symbol `width` wide.
    private static func symbolPaths(width: Double) -> [[Point]] {
        let height = width * 0.75
        let spacing = width * 0.030
        let middle = width * 0.5
        let topWidth = width * 0.226
        let topHeight = height * 0.488
        return [
            [
                (middle, spacing), (middle - topWidth, topHeight - spacing),
                (middle, topHeight / 2 + spacing), (middle + topWidth, topHeight - spacing),
            ],
            [
                (middle, topHeight / 2 + spacing * 3), (middle - topWidth, topHeight + spacing),
                (spacing, height - spacing), (width - spacing, height - spacing),
                (middle + topWidth, topHeight + spacing),
            ],
        ]
    }

    /// The eight `RotatedBadgeSymbol`s in the unit square: each padded by -60, turned i/8
    /// about the badge's bottom centre, then the group scaled by 1/4 and centred at 3/4 height.
    static let symbols: [[[Point]]] = {
        let size = designSize
        let paths = symbolPaths(width: size + 120)
        return (0..<8).map { index in
            let angle = Double(index) / 8 * 2 * .pi
            let (c, s) = (cos(angle), sin(angle))
            return paths.map { path in
                path.map { p in
                    let q = (x: p.x - 60 - size / 2, y: p.y - 60 - size)
                    let rotated = (x: q.x * c - q.y * s + size / 2, y: q.x * s + q.y * c + size)
                    let scaled = (x: size / 2 + (rotated.x - size / 2) / 4, y: rotated.y / 4)
                    return (scaled.x / size, (scaled.y + size / 4) / size)
                }
            }
        }
    }()

    /// True when the point is inside the polygon (even-odd rule; the paths are simple).
    static func contains(_ polygon: [Point], _ p: Point) -> Bool {
        var inside = false
        var j = polygon.count - 1
        for i in polygon.indices {
            let a = polygon[i]
            let b = polygon[j]
            if (a.y > p.y) != (b.y > p.y),
                p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x
            {
                inside.toggle()
            }
            j = i
        }
        return inside
    }

    /// How many of the eight symbols cover the point.
    static func symbolCount(at p: Point) -> Int {
        symbols.reduce(0) { count, paths in
            count + (paths.contains(where: { contains($0, p) }) ? 1 : 0)
        }
    }
}
