import LprofModel

/// A colour with components in 0…1 (sRGB).
struct RGB: Equatable, Sendable {
    var r: Double
    var g: Double
    var b: Double

    init(_ r: Double, _ g: Double, _ b: Double) {
        self.r = r
        self.g = g
        self.b = b
    }

    /// A colour from 0…255 components, as the tutorial writes them.
    init(bytes r: Int, _ g: Int, _ b: Int) {
        self.init(Double(r) / 255, Double(g) / 255, Double(b) / 255)
    }

    /// SwiftUI's `Color(hue:saturation:brightness:)`, hue in turns.
    init(hue: Double, saturation s: Double, brightness v: Double) {
        let h = (hue - hue.rounded(.down)) * 6
        let i = Int(h) % 6
        let f = h - Double(Int(h))
        let p = v * (1 - s)
        let q = v * (1 - s * f)
        let t = v * (1 - s * (1 - f))
        switch i {
        case 0: self.init(v, t, p)
        case 1: self.init(q, v, p)
        case 2: self.init(p, v, t)
        case 3: self.init(p, q, v)
        case 4: self.init(t, p, v)
        default: self.init(v, p, q)
        }
    }

    /// The colour `t` of the way from `self` to `other`.
    func mixed(with other: RGB, _ t: Double) -> RGB {
        RGB(r + (other.r - r) * t, g + (other.g - g) * t, b + (other.b - b) * t)
    }

    /// Components as 0…255 bytes, clamped.
    var bytes: (r: Int, g: Int, b: Int) {
        func byte(_ x: Double) -> Int { Int((min(max(x, 0), 1) * 255).rounded()) }
        return (byte(r), byte(g), byte(b))
    }
}

/// SGR escape sequences for the colour support a terminal has; empty when it has none.
enum TerminalColor {
    static let reset = "\u{1B}[0m"

    static func bold(_ text: String, _ support: ColorSupport) -> String {
        support == .none || text.isEmpty ? text : "\u{1B}[1m" + text + reset
    }

    static func colored(_ text: String, _ color: RGB, _ support: ColorSupport) -> String {
        support == .none || text.isEmpty ? text : foreground(color, support) + text + reset
    }

    static func foreground(_ color: RGB, _ support: ColorSupport) -> String {
        sgr(38, color, support)
    }

    static func background(_ color: RGB, _ support: ColorSupport) -> String {
        sgr(48, color, support)
    }

    private static func sgr(_ base: Int, _ color: RGB, _ support: ColorSupport) -> String {
        let (r, g, b) = color.bytes
        switch support {
        case .none: return ""
        case .truecolor: return "\u{1B}[\(base);2;\(r);\(g);\(b)m"
        case .ansi256: return "\u{1B}[\(base);5;\(nearest256(r, g, b))m"
        }
    }

    /// The nearest colour of the 256-colour cube and grey ramp, as terminals theme the first 16.
    static func nearest256(_ r: Int, _ g: Int, _ b: Int) -> Int {
        let levels = [0, 95, 135, 175, 215, 255]
        func nearestLevel(_ x: Int) -> Int {
            levels.indices.min(by: { abs(levels[$0] - x) < abs(levels[$1] - x) })!
        }
        func distance(_ c: (Int, Int, Int)) -> Int {
            let dr = c.0 - r
            let dg = c.1 - g
            let db = c.2 - b
            return dr * dr + dg * dg + db * db
        }
        let (ri, gi, bi) = (nearestLevel(r), nearestLevel(g), nearestLevel(b))
        let cube = 16 + 36 * ri + 6 * gi + bi
        let cubeDistance = distance((levels[ri], levels[gi], levels[bi]))
        let average = (r + g + b) / 3
        let grayIndex = min(max((average - 8 + 5) / 10, 0), 23)
        let grayLevel = 8 + 10 * grayIndex
        let grayDistance = distance((grayLevel, grayLevel, grayLevel))
        return grayDistance < cubeDistance ? 232 + grayIndex : cube
    }
}
