/// The locale lprof formats dates in, from the environment or `env locale`.
public enum LocaleSetting {
    /// LC_ALL, then LC_TIME, then LANG; `ko_KR.UTF-8` → `ko_KR`; C/POSIX/unset → en_US.
    public static func fromEnvironment(_ env: [String: String]) -> String {
        for key in ["LC_ALL", "LC_TIME", "LANG"] {
            guard let value = env[key], !value.isEmpty else { continue }
            let id = String(value.prefix { $0 != "." && $0 != "@" })
            if id == "C" || id == "POSIX" { return "en_US" }
            return normalize(id) ?? "en_US"
        }
        return "en_US"
    }

    /// `ko_KR`, `ko-KR`, `ko_KR.UTF-8` → `ko_KR`; nil when not a plausible identifier.
    public static func normalize(_ id: String) -> String? {
        let base = id.prefix { $0 != "." && $0 != "@" }.replacingOccurrences(of: "-", with: "_")
        let parts = base.split(separator: "_", omittingEmptySubsequences: false)
        guard let language = parts.first, (2...3).contains(language.count),
            language.allSatisfy({ $0.isASCII && $0.isLetter })
        else { return nil }
        var result = language.lowercased()
        if parts.count > 1 {
            let region = parts[1]
            guard (2...3).contains(region.count), region.allSatisfy({ $0.isASCII && $0.isLetter || $0.isNumber })
            else { return nil }
            result += "_" + region.uppercased()
        }
        return result
    }
}

extension Substring {
    fileprivate func replacingOccurrences(of a: String, with b: String) -> String {
        String(self.map { String($0) == a ? Character(b) : $0 })
    }
}
