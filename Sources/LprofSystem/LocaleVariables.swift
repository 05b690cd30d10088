import Glibc

/// The locale variables made safe before ICU reads them, as a value that is no locale name
/// (`LANG=abcdefghijkl`) crashes the first `DateFormatter` (seen: SIGSEGV in `show summary`).
public enum LocaleVariables {
    /// `C`, which every ICU and C library knows.
    static let replacement = "C.UTF-8"

    /// Replaces in the environment every locale variable `isLocaleName` refuses, returning
    /// each as it was, for one warning.
    public static func replaceUnusable() -> [(name: String, value: String)] {
        let unusable = environmentEntries().filter { name, value in
            isLocaleVariable(name) && !value.isEmpty && !isLocaleName(value)
        }
        // Changed after the walk: setenv may move the array `environ` points to.
        for (name, _) in unusable { setenv(name, replacement, 1) }
        return unusable.map { (name: $0.0, value: $0.1) }
    }

    /// `LANG` and the `LC_` variables (`LANGUAGE` is gettext's list, which ICU does not read).
    static func isLocaleVariable(_ name: String) -> Bool {
        name == "LANG" || name.hasPrefix("LC_")
    }

    /// True for `C`, `POSIX` and names shaped as POSIX writes them, 64 bytes at most:
    /// `ll[_Script][_CC][_variant][.codeset][@modifier]`.
    static func isLocaleName(_ value: String) -> Bool {
        let bytes = Array(value.utf8)
        guard bytes.count <= 64 else { return false }
        var base = bytes[...]
        var modifier: ArraySlice<UInt8>? = nil
        var codeset: ArraySlice<UInt8>? = nil
        if let at = base.firstIndex(of: UInt8(ascii: "@")) {
            modifier = base[(at + 1)...]
            base = base[..<at]
        }
        if let dot = base.firstIndex(of: UInt8(ascii: ".")) {
            codeset = base[(dot + 1)...]
            base = base[..<dot]
        }
        func isWord(_ part: ArraySlice<UInt8>) -> Bool {
            !part.isEmpty
                && part.allSatisfy {
                    $0.isASCIILetterOrDigit || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_")
                }
        }
        if let codeset, !isWord(codeset) { return false }
        if let modifier, !isWord(modifier) { return false }
        if base.elementsEqual("C".utf8) || base.elementsEqual("POSIX".utf8) { return true }
        let parts = base.split(
            omittingEmptySubsequences: false,
            whereSeparator: { $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") })
        guard let language = parts.first, (2...8).contains(language.count),
            language.allSatisfy(\.isASCIILetter), parts.count <= 4
        else { return false }
        return parts.dropFirst().allSatisfy {
            (1...8).contains($0.count) && $0.allSatisfy(\.isASCIILetterOrDigit)
        }
    }
}

extension UInt8 {
    var isASCIILetter: Bool { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(self | 0x20) }

    var isASCIILetterOrDigit: Bool {
        isASCIILetter || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self)
    }
}
