import Testing

@testable import LprofViews

/// The feColorMatrix / CSS filter matrices against values worked out by hand.
@Suite struct ColorMatrixTests {
    func close(_ a: RGB, _ b: RGB, _ tolerance: Double = 0.0005) -> Bool {
        abs(a.r - b.r) < tolerance && abs(a.g - b.g) < tolerance && abs(a.b - b.b) < tolerance
    }

    @Test func hueRotationByZeroAndFullTurnIsIdentity() {
        let c = RGB(0.9, 0.4, 0.2)
        #expect(close(ColorMatrix.hueRotation(degrees: 0).apply(c), c))
        #expect(close(ColorMatrix.hueRotation(degrees: 360).apply(c), c))
    }

    @Test func hueRotationOfRedByHalfATurn() {
        // Row sums of the matrix at 180°: 0.213 - 0.787 + 0.213 (clamped), 0.426, 0.426.
        let red = ColorMatrix.hueRotation(degrees: 180).apply(RGB(1, 0, 0))
        #expect(close(red, RGB(0, 0.426, 0.426)))
    }

    @Test func hueRotationOfRedByQuarterTurn() {
        // 0.213 - 0.213 = 0; 0.213 + 0.143 = 0.356; 0.213 - 0.787 → 0 (clamped).
        let red = ColorMatrix.hueRotation(degrees: 90).apply(RGB(1, 0, 0))
        #expect(close(red, RGB(0, 0.356, 0)))
    }

    @Test func hueRotationKeepsGreysGrey() {
        for degrees in stride(from: 0.0, through: 360, by: 15) {
            let g = ColorMatrix.hueRotation(degrees: degrees).apply(RGB(0.5, 0.5, 0.5))
            #expect(close(g, RGB(0.5, 0.5, 0.5)))
        }
    }

    @Test func grayscale() {
        #expect(close(ColorMatrix.grayscale(0).apply(RGB(1, 0, 0)), RGB(1, 0, 0)))
        #expect(close(ColorMatrix.grayscale(1).apply(RGB(1, 0, 0)), RGB(0.2126, 0.2126, 0.2126)))
        #expect(close(ColorMatrix.grayscale(0.5).apply(RGB(1, 0, 0)), RGB(0.6063, 0.1063, 0.1063)))
        #expect(close(ColorMatrix.grayscale(1).apply(RGB(0, 0, 1)), RGB(0.0722, 0.0722, 0.0722)))
    }

    @Test func thenAppliesInModifierOrder() {
        let c = RGB(0.94, 0.47, 0.87)
        let composed = ColorMatrix.grayscale(0.5).then(.hueRotation(degrees: 45)).apply(c)
        let stepwise = ColorMatrix.hueRotation(degrees: 45).apply(
            ColorMatrix.grayscale(0.5).apply(c))
        #expect(close(composed, stepwise))
        // Full greyscale then any hue rotation stays grey.
        let grey = ColorMatrix.grayscale(1).then(.hueRotation(degrees: 45)).apply(c)
        #expect(abs(grey.r - grey.g) < 0.001 && abs(grey.g - grey.b) < 0.001)
    }

    @Test func badgeFiltersAreTheTutorials() {
        #expect(Badge.firstHike.filter == .identity)
        #expect(Badge.earthDay.filter == .hueRotation(degrees: 90))
        #expect(
            Badge.tenthHike.filter == ColorMatrix.grayscale(0.5).then(.hueRotation(degrees: 45)))
    }

    @Test func nearest256() {
        #expect(TerminalColor.nearest256(0, 0, 0) == 16)
        #expect(TerminalColor.nearest256(255, 255, 255) == 231)
        #expect(TerminalColor.nearest256(255, 0, 0) == 196)
        #expect(TerminalColor.nearest256(128, 128, 128) == 244)
        #expect(TerminalColor.nearest256(95, 135, 175) == 16 + 36 + 12 + 3)
    }

    @Test func hsbMatchesSwiftUI() {
        #expect(RGB(hue: 0, saturation: 0.5, brightness: 0.7) == RGB(0.7, 0.35, 0.35))
        let pace = RGB(hue: 0.7, saturation: 0.4, brightness: 0.7).bytes
        #expect(pace.r == 121 && pace.g == 107 && pace.b == 179)
    }
}
