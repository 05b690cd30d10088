import Foundation
import Testing

@testable import LprofModel

/// The start-up path of the locale setting stays off Foundation and ICU; these pin it to
/// what Foundation and ICU would say.
@Suite struct LocaleSettingFastPathTests {
    @Test func everyCommonLocaleIsOneICUKnows() {
        let known = Set(Locale.availableIdentifiers)
        for id in LocaleSetting.common {
            #expect(known.contains(id), "\(id)")
        }
    }

    @Test func trimmingMatchesFoundationsWhitespaces() {
        let samples = [
            "", " ", "\t", " ko_KR ", "\tde_DE\t", "\u{00A0}fr_FR\u{2003}", " a b ", "\n en_US \n",
            "\u{3000}ja_JP", "x\u{200B}", "\u{FEFF}en_US",
        ]
        // Every scalar of the first planes' interesting part, alone at either end.
        let scalars = (0x01...0x3100).compactMap(Unicode.Scalar.init) + ["\u{FEFF}", "\u{205F}"]
        let edged = scalars.map { "\($0)x\($0)" }
        for text in samples + edged {
            #expect(
                String(LocaleSetting.trimmingWhitespace(text))
                    == text.trimmingCharacters(in: .whitespaces), "\(text.debugDescription)")
        }
    }
}
