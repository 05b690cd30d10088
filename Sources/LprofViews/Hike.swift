import Foundation

/// A hike in the tutorial's `Hike` schema: observations along the trail, each with ranges.
struct Hike: Decodable, Sendable {
    var id: Int
    var name: String
    /// Kilometres.
    var distance: Double
    var difficulty: Int
    var observations: [Observation]

    /// One stretch of the trail: elevation (m), pace (min/km) and heart rate (bpm).
    struct Observation: Decodable, Sendable {
        var distanceFromStart: Double
        var elevation: Range<Double>
        var pace: Range<Double>
        var heartRate: Range<Double>
    }

    /// The tutorial's `distanceText`, whose `Measurement` writes "4,5 km" in de_DE.
    func distanceText(decimalSeparator: String = ".") -> String {
        Hike.oneDecimal(distance, separator: decimalSeparator) + " km"
    }

    static func oneDecimal(_ value: Double, separator: String = ".") -> String {
        let tenths = Int((value * 10).rounded())
        let sign = tenths < 0 ? "-" : ""
        return "\(sign)\(abs(tenths) / 10)\(separator)\(abs(tenths) % 10)"
    }

    static func decimalSeparator(locale: String) -> String {
        locale == "en_US" ? "." : Locale(identifier: locale).decimalSeparator ?? "."
    }

    /// The bundled hikes, decoded on first use; the first is the summary's most recent.
    static let all: [Hike] = {
        do {
            return try JSONDecoder().decode([Hike].self, from: Data(HikeData.json.utf8))
        } catch {
            preconditionFailure("bundled hike data is invalid: \(error)")
        }
    }()
}
