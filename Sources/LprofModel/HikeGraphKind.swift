/// The graphs `show hike` can draw (the tutorial's HikeGraph key paths), by their lprof names.
public enum HikeGraphKind: String, CaseIterable, Sendable {
    case elevation
    case heartRate = "heart-rate"
    case pace
}
