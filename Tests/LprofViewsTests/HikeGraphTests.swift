import LprofModel
import Testing

@testable import LprofViews

/// The bundled hikes and their graphs.
@Suite struct HikeGraphTests {
    @Test func bundledDataDecodes() {
        #expect(Hike.all.count == 3)
        let first = Hike.all[0]
        #expect(first.name == "Granite Ridge Loop")
        #expect(first.distanceText() == "4.5 km")
        #expect(first.distanceText(decimalSeparator: ",") == "4,5 km")
        #expect(first.observations.count == 24)
        #expect(first.observations.first?.distanceFromStart == 0)
        #expect(first.observations.last?.distanceFromStart == 4.5)
        for hike in Hike.all {
            #expect(
                zip(hike.observations, hike.observations.dropFirst()).allSatisfy {
                    $0.distanceFromStart < $1.distanceFromStart
                })
        }
    }

    @Test func oneDecimal() {
        #expect(Hike.oneDecimal(4.5) == "4.5")
        #expect(Hike.oneDecimal(12) == "12.0")
        #expect(Hike.oneDecimal(12, separator: ",") == "12,0")
        #expect(Hike.decimalSeparator(locale: "de_DE") == ",")
        #expect(Hike.decimalSeparator(locale: "ko_KR") == ".")
        #expect(Hike.oneDecimal(0.04) == "0.0")
        #expect(Hike.oneDecimal(-1.25) == "-1.3" || Hike.oneDecimal(-1.25) == "-1.2")
    }

    @Test func columnsSpreadOrMerge() {
        let ranges: [Range<Double>] = [0..<1, 2..<3, 4..<5, 6..<7]
        #expect(
            HikeGraph.columns(ranges, width: 12) == [
                0..<1, 0..<1, nil, 2..<3, 2..<3, nil, 4..<5, 4..<5, nil, 6..<7, 6..<7,
            ])
        #expect(HikeGraph.columns(ranges, width: 4) == [0..<1, 2..<3, 4..<5, 6..<7])
        #expect(HikeGraph.columns(ranges, width: 2) == [0..<3, 4..<7])
    }

    @Test(arguments: HikeGraphKind.allCases)
    func hikeViewHasNameDistanceAndScale(kind: HikeGraphKind) {
        let text = ProfileViews.hike(kind, style: ViewStyle(width: 80))
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines[0] == "Granite Ridge Loop")
        #expect(lines[1].hasPrefix("4.5 km · "))
        #expect(lines[2].contains("┤"))
        #expect(lines.last?.hasSuffix("4.5 km") == true)
        #expect(lines.last?.contains("0 km") == true)
        let unit = ["elevation": " m ┤", "heart-rate": " bpm ┤", "pace": " min/km ┤"][
            kind.rawValue]!
        #expect(lines[2].contains(unit))
    }

    @Test func capsuleColours() {
        let pace = ProfileViews.hike(.pace, style: ViewStyle(width: 80, color: .truecolor))
        #expect(pace.contains("\u{1B}[38;2;121;107;179m"))
        let heart = ProfileViews.hike(.heartRate, style: ViewStyle(width: 80, color: .truecolor))
        #expect(heart.contains("\u{1B}[38;2;179;89;89m"))
        let elevation = ProfileViews.hike(
            .elevation, style: ViewStyle(width: 80, color: .truecolor))
        #expect(elevation.contains("\u{1B}[38;2;142;142;147m"))
    }

    @Test func biggerGraphAtAccessibilitySizes() {
        let compact = ProfileViews.hike(.elevation, style: ViewStyle(width: 80)).split(
            separator: "\n"
        ).count
        let large = ProfileViews.hike(
            .elevation, style: ViewStyle(width: 80, sizeCategory: .accessibilityLarge)
        ).split(separator: "\n").count
        #expect(large > compact)
    }
}
