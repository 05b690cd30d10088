import LprofModel

/// How a view is to be laid out, and for which edition (whose summary dates differ).
public struct ViewStyle: Equatable, Sendable {
    public var width: Int
    var sizeCategory: SizeCategory
    /// A locale identifier such as `en_US` or `ko_KR`.
    var locale: String
    var color: ColorSupport
    var edition: Edition

    public init(
        width: Int = 80, sizeCategory: SizeCategory = .large, locale: String = "en_US",
        color: ColorSupport = .none, edition: Edition = .release
    ) {
        self.width = width
        self.sizeCategory = sizeCategory
        self.locale = locale
        self.color = color
        self.edition = edition
    }
}
