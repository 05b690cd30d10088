import LprofModel
import Testing

@testable import LprofViews

/// The badge's geometry, rasteriser and layout.
@Suite struct BadgeTests {
    @Test func hexagonIsTheTutorialsShape() {
        let hexagon = BadgeGeometry.hexagon
        #expect(BadgeGeometry.contains(hexagon, (0.5, 0.5)))
        #expect(BadgeGeometry.contains(hexagon, (0.5, 0.03)))  // the rounded top vertex
        #expect(!BadgeGeometry.contains(hexagon, (0.05, 0.5)))  // squeezed to 0.832 wide
        #expect(BadgeGeometry.contains(hexagon, (0.1, 0.5)))
        for corner in [(0.02, 0.02), (0.98, 0.02), (0.02, 0.98), (0.98, 0.98)] {
            #expect(!BadgeGeometry.contains(hexagon, corner))
        }
    }

    @Test func symbolsMeetAtTheCentre() {
        // Eight mountains rotated about the badge's centre, their bases 14.4/300 from it and
        // their peaks 86.85/300 away.
        #expect(BadgeGeometry.symbolCount(at: (0.5, 0.5)) == 0)
        #expect(BadgeGeometry.symbolCount(at: (0.5, 0.5 - 0.2)) >= 1)
        #expect(BadgeGeometry.symbolCount(at: (0.5, 0.5 + 0.2)) >= 1)
        #expect(BadgeGeometry.symbolCount(at: (0.5, 0.5 - 0.35)) == 0)
    }

    @Test func rasterCentreFilledCornersEmpty() {
        for size in [8, 14, 34] {
            let raster = BadgeRaster(size: size)
            let mid = size / 2
            #expect(raster.pixels[mid][mid].isFilled)
            #expect(raster.pixels[mid - 1][mid - size / 4].ink > 0.25)
            for (y, x) in [(0, 0), (0, size - 1), (size - 1, 0), (size - 1, size - 1)] {
                #expect(!raster.pixels[y][x].isFilled)
            }
            // The gradient: pink at the top, orange lower down, at a column clear of symbols.
            let top = raster.pixels[size / 8][mid].color
            let low = raster.pixels[size - 1 - size / 8][mid].color
            #expect(top.b > low.b)
        }
    }

    @Test func sizeGrowsWithCategory() {
        let sizes = SizeCategory.allCases.map(BadgeShelf.preferredSize)
        #expect(zip(sizes, sizes.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(
            BadgeShelf.preferredSize(.accessibilityMedium)
                > BadgeShelf.preferredSize(.extraExtraExtraLarge))
        #expect(
            BadgeShelf.preferredSize(.accessibilityExtraExtraExtraLarge)
                > BadgeShelf.preferredSize(.accessibilityExtraExtraLarge))
    }

    func captionLines(_ text: String) -> [String] {
        text.split(separator: "\n").map(String.init).filter {
            $0.contains("Hike") || $0.contains("Earth Day")
        }
    }

    @Test func threeAcrossBelowAccessibility() {
        for category in SizeCategory.allCases where !category.isAccessibilityCategory {
            let text = ProfileViews.badges(style: ViewStyle(width: 80, sizeCategory: category))
            let captions = captionLines(text)
            #expect(captions.count == 1, "\(category)")
            #expect(captions.first?.contains("Earth Day") == true)
            #expect(captions.first?.contains("Tenth Hike") == true)
        }
    }

    @Test func onePerRowFromAccessibilityMedium() {
        for category in SizeCategory.allCases where category.isAccessibilityCategory {
            for width in [40, 80] {
                let text = ProfileViews.badges(
                    style: ViewStyle(width: width, sizeCategory: category))
                #expect(
                    captionLines(text).map { $0.trimmingPrefixSpaces } == [
                        "First Hike", "Earth Day", "Tenth Hike",
                    ])
            }
        }
    }

    @Test func largerAtAx5() {
        func lineCount(_ category: SizeCategory) -> Int {
            ProfileViews.badges(style: ViewStyle(width: 80, sizeCategory: category)).split(
                separator: "\n"
            ).count
        }
        #expect(lineCount(.accessibilityMedium) > lineCount(.extraExtraExtraLarge))
        #expect(lineCount(.accessibilityExtraExtraExtraLarge) > lineCount(.accessibilityMedium))
    }

    @Test func narrowWidthsShrinkThenStack() {
        #expect(BadgeShelf.layout(for: ViewStyle(width: 40)) == (3, 12))
        #expect(BadgeShelf.layout(for: ViewStyle(width: 25)).perRow == 1)
        #expect(
            BadgeShelf.layout(
                for: ViewStyle(width: 20, sizeCategory: .accessibilityExtraExtraExtraLarge)) == (
                    1, 20
                ))
    }

    @Test func distinctTrueColorsPerBadge() {
        let style = ViewStyle(width: 80, color: .truecolor)
        let sets = Badge.allCases.map { badge in
            Set(
                badge.lines(size: 14, color: .truecolor).joined().split(separator: "\u{1B}").filter
                { $0.hasPrefix("[38;2;") })
        }
        #expect(sets.allSatisfy { !$0.isEmpty })
        #expect(sets[0] != sets[1] && sets[1] != sets[2] && sets[0] != sets[2])
        #expect(ProfileViews.badges(style: style).contains("\u{1B}[38;2;"))
        #expect(ProfileViews.badges(style: style).contains("\u{1B}[48;2;"))
        let ansi = ProfileViews.badges(style: ViewStyle(width: 80, color: .ansi256))
        #expect(ansi.contains("\u{1B}[38;5;") && !ansi.contains("[38;2;"))
    }

    @Test func firstHikeUsesTheGradientAndSymbolColours() {
        // The top of the hexagon is the gradient's start; the centre mixes in the symbol blue.
        let raster = BadgeRaster(size: 34)
        let top = raster.pixels[2][17].color.bytes
        #expect(abs(top.r - 239) <= 2 && abs(top.g - 125) <= 8 && abs(top.b - 216) <= 8)
        let inked = raster.pixels[10][17]
        #expect(inked.ink > 0.25 && inked.color.b > inked.color.g)
    }
}

extension String {
    var trimmingPrefixSpaces: String { String(drop(while: { $0 == " " })) }
}
