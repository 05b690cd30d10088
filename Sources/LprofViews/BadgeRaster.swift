import Foundation
import LprofModel

/// The badge sampled on a square grid of pixels, before any colour filter.
struct BadgeRaster: Sendable {
    /// One pixel: how much the badge covers, its average colour, and how strongly the symbols
    /// show (0 to 1), for drawing without colour.
    struct Pixel: Sendable {
        var coverage: Double
        var color: RGB
        var ink: Double

        /// Most of the pixel is badge.
        var isFilled: Bool { coverage >= 0.5 }
    }

    let size: Int
    /// Rows of pixels, top first.
    let pixels: [[Pixel]]

    /// Samples per pixel along each axis.
    static let samples = 4

    /// The badge rasterised at `size`×`size` supersampled pixels.
    init(size: Int) {
        self.size = size
        let n = Double(size)
        let k = Self.samples
        var rows: [[Pixel]] = []
        rows.reserveCapacity(size)
        for py in 0..<size {
            var row: [Pixel] = []
            row.reserveCapacity(size)
            for px in 0..<size {
                var covered = 0
                var sum = RGB(0, 0, 0)
                var ink = 0.0
                for sy in 0..<k {
                    for sx in 0..<k {
                        let p = (
                            x: (Double(px) + (Double(sx) + 0.5) / Double(k)) / n,
                            y: (Double(py) + (Double(sy) + 0.5) / Double(k)) / n
                        )
                        let inHexagon = BadgeGeometry.contains(BadgeGeometry.hexagon, p)
                        let count = BadgeGeometry.symbolCount(at: p)
                        guard inHexagon || count > 0 else { continue }
                        // Each symbol covers what is under it with half its colour.
                        let keep = pow(1 - BadgeGeometry.symbolOpacity, Double(count))
                        let base = BadgeGeometry.gradient(atY: p.y)
                        let color = BadgeGeometry.symbolColor.mixed(with: base, keep)
                        sum = RGB(sum.r + color.r, sum.g + color.g, sum.b + color.b)
                        ink += 1 - keep
                        covered += 1
                    }
                }
                let c = Double(max(covered, 1))
                row.append(
                    Pixel(
                        coverage: Double(covered) / Double(k * k),
                        color: RGB(sum.r / c, sum.g / c, sum.b / c), ink: ink / c))
            }
            rows.append(row)
        }
        pixels = rows
    }

    /// A badge's drawn lines, made once, as rasterising is the costly part of a view.
    static func cachedLines(
        for badge: Badge, size: Int, color: ColorSupport, draw: (BadgeRaster) -> [String]
    ) -> [String] {
        drawn.value(LinesKey(badge: badge, size: size, color: color)) {
            draw(rasters.value(size) { BadgeRaster(size: size) })
        }
    }

    private static let rasters = LockedCache<Int, BadgeRaster>()
    private static let drawn = LockedCache<LinesKey, [String]>()

    private struct LinesKey: Hashable {
        var badge: Badge
        var size: Int
        var color: ColorSupport
    }
}
