import Foundation

/// The `locale` environment key: where its default comes from and which IDs it accepts.
public enum LocaleSetting {
    /// Locale IDs completion offers (any ID ICU knows is taken).
    public static let examples = [
        "en_US", "en_GB", "de_DE", "fr_FR", "ja_JP", "ko_KR", "zh_Hans_CN",
    ]

    /// The locale a session starts with, picked as the C library picks it, `en_US` when none
    /// is set or ICU does not know it.
    public static func fromEnvironment(_ env: [String: String]) -> String {
        chosen(env).flatMap { normalize($0.value) } ?? fallback
    }

    /// The variable and value of a locale set but unknown to ICU, for the session's warning.
    public static func unknownInEnvironment(_ env: [String: String]) -> (String, String)? {
        guard let found = chosen(env), normalize(found.value) == nil else { return nil }
        return found
    }

    private static func chosen(_ env: [String: String]) -> (key: String, value: String)? {
        for key in ["LC_ALL", "LC_TIME", "LANG"] {
            if let value = env[key], !value.isEmpty { return (key, value) }
        }
        return nil
    }

    /// The canonical ID (`ko_KR`) for `ko-KR`, `ko_kr`, `ko_KR.UTF-8` or `de_DE@euro`; nil when
    /// ICU does not know the locale.
    public static func normalize(_ id: String) -> String? {
        var text = trimmingWhitespace(id)
        // glibc names a script with a modifier: `sr_RS@latin` is ICU's `sr_Latn_RS`.
        let modifier = text.firstIndex(of: "@").map { text[text.index(after: $0)...].lowercased() }
        let script = ["latin": "Latn", "cyrillic": "Cyrl", "devanagari": "Deva"][modifier ?? ""]
        if let cut = text.firstIndex(where: { $0 == "." || $0 == "@" }) {
            text = text[..<cut]
        }
        if let script, let underscore = text.firstIndex(of: "_"),
            let scripted = normalize(text[..<underscore] + "_" + script + text[underscore...])
        {
            return scripted
        }
        if text == "C" || text == "POSIX" { return fallback }
        let parts = text.split(separator: "_", omittingEmptySubsequences: false)
            .flatMap { $0.split(separator: "-", omittingEmptySubsequences: false) }
        guard let language = parts.first, !language.isEmpty,
            parts.allSatisfy({
                !$0.isEmpty && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
            })
        else { return nil }
        var canonical = [language.lowercased()]
        for part in parts.dropFirst() {
            if part.count == 4 && part.allSatisfy(\.isLetter) {
                canonical.append(part.prefix(1).uppercased() + part.dropFirst().lowercased())
            } else {
                canonical.append(part.uppercased())
            }
        }
        let candidate = canonical.joined(separator: "_")
        // The usual locales are known without loading ICU's list (start-up stays off ICU).
        if common.contains(candidate) || known.contains(candidate) { return candidate }
        // IDs typed without the script ICU lists (zh_CN for zh_Hans_CN) are kept as typed.
        if canonical.count == 2, canonical[1].count != 4 {
            let prefix = canonical[0] + "_"
            let suffix = "_" + canonical[1]
            if known.contains(where: {
                $0.hasPrefix(prefix) && $0.hasSuffix(suffix)
                    && $0.count == prefix.count + 4 + suffix.count
            }) {
                return candidate
            }
        }
        return nil
    }

    public static let fallback = "en_US"

    /// Locales every ICU knows, checked first so that start-up stays off ICU.
    static let common: Set<String> = [
        "en_US", "en_GB", "en_CA", "en_AU", "en_IN", "en_IE", "en_NZ", "de_DE", "de_AT",
        "de_CH", "fr_FR", "fr_CA", "fr_BE", "fr_CH", "es_ES", "es_MX", "es_AR", "it_IT",
        "pt_BR", "pt_PT", "nl_NL", "nl_BE", "sv_SE", "da_DK", "nb_NO", "fi_FI", "pl_PL",
        "cs_CZ", "ru_RU", "uk_UA", "tr_TR", "el_GR", "he_IL", "ar_SA", "ja_JP", "ko_KR", "hi_IN",
        "th_TH", "vi_VN", "id_ID", "hu_HU", "ro_RO",
    ]

    /// `id` trimmed of Foundation's `.whitespaces`, without going through Foundation.
    static func trimmingWhitespace(_ id: String) -> Substring {
        func isBlank(_ s: Unicode.Scalar) -> Bool {
            s == "\t" || s == " " || s == "\u{200B}"
                || (s.value >= 0x80 && s.properties.generalCategory == .spaceSeparator)
        }
        let scalars = id.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isBlank($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !isBlank($0) })!
        return Substring(scalars[first...last])
    }

    /// ICU's locales, read once: the set is fixed for the life of the process.
    private static let known: Set<String> = Set(Locale.availableIdentifiers)
}
