import LprofModel

/// How a view is to be laid out: for what width, size category, locale and colour, and for
/// which edition of the tutorial (the summary's date is formatted differently in each).
public struct ViewStyle: Equatable, Sendable {
    /// Terminal columns every line must fit in.
    public var width: Int
    public var sizeCategory: SizeCategory
    /// A locale identifier such as `en_US` or `ko_KR`.
    public var locale: String
    public var color: ColorSupport
    public var edition: Edition

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

/// What the terminal can show: nothing, the 256-colour palette, or 24-bit colour.
public enum ColorSupport: Equatable, Sendable {
    case none, ansi256, truecolor
}

/// Dynamic Type's ContentSizeCategory, smallest first.
public enum SizeCategory: Int, CaseIterable, Comparable, Sendable {
    case extraSmall, small, medium, large, extraLarge, extraExtraLarge, extraExtraExtraLarge
    case accessibilityMedium, accessibilityLarge, accessibilityExtraLarge
    case accessibilityExtraExtraLarge, accessibilityExtraExtraExtraLarge

    /// The SwiftUI name, as `env sizeCategory` prints it.
    public var name: String {
        switch self {
        case .extraSmall: return "extraSmall"
        case .small: return "small"
        case .medium: return "medium"
        case .large: return "large"
        case .extraLarge: return "extraLarge"
        case .extraExtraLarge: return "extraExtraLarge"
        case .extraExtraExtraLarge: return "extraExtraExtraLarge"
        case .accessibilityMedium: return "accessibilityMedium"
        case .accessibilityLarge: return "accessibilityLarge"
        case .accessibilityExtraLarge: return "accessibilityExtraLarge"
        case .accessibilityExtraExtraLarge: return "accessibilityExtraExtraLarge"
        case .accessibilityExtraExtraExtraLarge: return "accessibilityExtraExtraExtraLarge"
        }
    }

    /// The short form: xs s m l xl xxl xxxl ax1 … ax5.
    public var shortName: String {
        ["xs", "s", "m", "l", "xl", "xxl", "xxxl", "ax1", "ax2", "ax3", "ax4", "ax5"][rawValue]
    }

    /// Every name `env sizeCategory` and `--size` take: the SwiftUI names, then the short
    /// forms, in the order completion and suggestions list them.
    public static let allNames = allCases.map(\.name) + allCases.map(\.shortName)

    /// True from accessibilityMedium up, where layouts go to one column and lines wrap.
    var isAccessibilityCategory: Bool { self >= .accessibilityMedium }

    /// A category from its name or short form, in any case.
    public init?(parsing text: String) {
        let lower = text.lowercased()
        guard
            let found = SizeCategory.allCases.first(where: {
                $0.name.lowercased() == lower || $0.shortName == lower
            })
        else { return nil }
        self = found
    }

    public static func < (a: SizeCategory, b: SizeCategory) -> Bool { a.rawValue < b.rawValue }
}
