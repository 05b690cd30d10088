import Foundation

/// A colour matrix as feColorMatrix defines it, which is what SwiftUI's `hueRotation` does.
struct ColorMatrix: Equatable, Sendable {
    /// Rows: each output component is a row times (r, g, b).
    var m: [[Double]]

    static let identity = ColorMatrix(m: [[1, 0, 0], [0, 1, 0], [0, 0, 1]])

    /// feColorMatrix `type="hueRotate"`: rotates hue about the luminance axis.
    static func hueRotation(degrees: Double) -> ColorMatrix {
        let a = degrees * .pi / 180
        let c = cos(a)
        let s = sin(a)
        return ColorMatrix(m: [
            [
                0.213 + c * 0.787 - s * 0.213, 0.715 - c * 0.715 - s * 0.715,
                0.072 - c * 0.072 + s * 0.928,
            ],
            [
                0.213 - c * 0.213 + s * 0.143, 0.715 + c * 0.285 + s * 0.140,
                0.072 - c * 0.072 - s * 0.283,
            ],
            [
                0.213 - c * 0.213 - s * 0.787, 0.715 - c * 0.715 + s * 0.715,
                0.072 + c * 0.928 + s * 0.072,
            ],
        ])
    }

    /// CSS `grayscale(amount)`: 0 leaves colours alone, 1 is fully grey.
    static func grayscale(_ amount: Double) -> ColorMatrix {
        let s = 1 - min(max(amount, 0), 1)
        return ColorMatrix(m: [
            [0.2126 + 0.7874 * s, 0.7152 - 0.7152 * s, 0.0722 - 0.0722 * s],
            [0.2126 - 0.2126 * s, 0.7152 + 0.2848 * s, 0.0722 - 0.0722 * s],
            [0.2126 - 0.2126 * s, 0.7152 - 0.7152 * s, 0.0722 + 0.9278 * s],
        ])
    }

    /// `then` applied after `self`, as `view.grayscale(x).hueRotation(y)` applies them.
    func then(_ next: ColorMatrix) -> ColorMatrix {
        var out = [[Double]](repeating: [0, 0, 0], count: 3)
        for i in 0..<3 {
            for j in 0..<3 {
                out[i][j] = (0..<3).reduce(0) { $0 + next.m[i][$1] * m[$1][j] }
            }
        }
        return ColorMatrix(m: out)
    }

    /// The colour through the matrix, clamped to 0…1 as a filter clamps.
    func apply(_ c: RGB) -> RGB {
        func row(_ i: Int) -> Double {
            min(max(m[i][0] * c.r + m[i][1] * c.g + m[i][2] * c.b, 0), 1)
        }
        return RGB(row(0), row(1), row(2))
    }
}
