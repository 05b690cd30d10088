/// Dynamic Type's ContentSizeCategory, smallest first.
public enum SizeCategory: Int, CaseIterable, Comparable, Sendable {
    case extraSmall, small, medium, large, extraLarge, extraExtraLarge, extraExtraExtraLarge
    case accessibilityMedium, accessibilityLarge, accessibilityExtraLarge
    case accessibilityExtraExtraLarge, accessibilityExtraExtraExtraLarge

    /// The SwiftUI name, as `env sizeCategory` prints it.
    public var name: String {
        [
            "extraSmall", "small", "medium", "large", "extraLarge", "extraExtraLarge",
            "extraExtraExtraLarge", "accessibilityMedium", "accessibilityLarge",
            "accessibilityExtraLarge", "accessibilityExtraExtraLarge",
            "accessibilityExtraExtraExtraLarge",
        ][rawValue]
    }

    /// The short form: xs s m l xl xxl xxxl ax1 … ax5.
    public var shortName: String {
        ["xs", "s", "m", "l", "xl", "xxl", "xxxl", "ax1", "ax2", "ax3", "ax4", "ax5"][rawValue]
    }

    /// Every name `env sizeCategory` and `--size` take, in the order completion lists them.
    public static let allNames = allCases.map(\.name) + allCases.map(\.shortName)

    /// True from accessibilityMedium up, where layouts go to one column and lines wrap.
    public var isAccessibilityCategory: Bool { self >= .accessibilityMedium }

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
