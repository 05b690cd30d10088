import LprofModel

/// How a view is to be laid out: for what width, size category, locale and colour, and for
/// which edition of the tutorial (the summary's date is formatted differently in each).
public struct ViewStyle: Equatable, Sendable {
    /// Terminal columns every line must fit in.
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
