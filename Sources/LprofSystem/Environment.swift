import Glibc

/// Today's date from the system clock, in the local time zone.
public func systemDate() -> (year: Int, month: Int, day: Int) {
    var now = time(nil)
    var parts = tm()
    localtime_r(&now, &parts)
    return (Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday))
}

/// The process environment as a dictionary, read without Foundation.
public func processEnvironment() -> [String: String] {
    Dictionary(environmentEntries(), uniquingKeysWith: { _, later in later })
}

/// The process environment's `NAME=value` entries, in the order it holds them.
func environmentEntries() -> [(String, String)] {
    var entries: [(String, String)] = []
    var pointer = environ
    while let entry = pointer.pointee {
        let text = String(cString: entry)
        if let eq = text.firstIndex(of: "=") {
            entries.append((String(text[..<eq]), String(text[text.index(after: eq)...])))
        }
        pointer += 1
    }
    return entries
}
