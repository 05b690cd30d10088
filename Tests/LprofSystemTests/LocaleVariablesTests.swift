import Testing

@testable import LprofSystem

/// Which locale variable values reach ICU (issue 32: the others crashed it).
@Suite struct LocaleVariablesTests {
    @Test(arguments: [
        "C", "POSIX", "C.UTF-8", "C.utf8", "en_US", "en_US.UTF-8", "ko_KR.UTF-8", "de_DE@euro",
        "sr_RS@latin", "zh_Hans_CN", "es_419", "ca_ES.UTF-8@valencia", "xx_YY", "en-US",
    ])
    func localeNames(_ value: String) {
        #expect(LocaleVariables.isLocaleName(value))
    }

    @Test(arguments: [
        "abcdefghijkl", "/usr/share/locale", "x;c;abcdefg=", "en_US@x;y=z", "a", "en_",
        "en__US", "en_US.", "en_US@", "ab cd", "\u{1B}]52", "ünicode", "en_US_abcdefghijkl",
        String(repeating: "a", count: 65), "en_US.UTF-8/../x", "12_US",
    ])
    func notLocaleNames(_ value: String) {
        #expect(!LocaleVariables.isLocaleName(value))
    }

    @Test func onlyLangAndTheLCVariablesAreLocaleVariables() {
        #expect(LocaleVariables.isLocaleVariable("LANG"))
        #expect(LocaleVariables.isLocaleVariable("LC_TIME"))
        #expect(!LocaleVariables.isLocaleVariable("LANGUAGE"))
        #expect(!LocaleVariables.isLocaleVariable("TERM"))
    }
}
