import LprofModel

#if canImport(Glibc)
    import Glibc
#endif

/// Today's date from the system clock, in the local time zone.
public func systemToday() -> CalendarDay {
    var now = time(nil)
    var parts = tm()
    localtime_r(&now, &parts)
    return CalendarDay(
        year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))
        ?? CalendarDay(year: 2000, month: 1, day: 1)!
}

/// The process environment as a dictionary, read without Foundation.
public func processEnvironment() -> [String: String] {
    var result: [String: String] = [:]
    var pointer = environ
    while let entry = pointer.pointee {
        let text = String(cString: entry)
        if let eq = text.firstIndex(of: "=") {
            result[String(text[..<eq])] = String(text[text.index(after: eq)...])
        }
        pointer += 1
    }
    return result
}

/// The width of the terminal on `fd`, if it is one.
public func terminalWidth(_ fd: Int32) -> Int? {
    var size = winsize()
    guard ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
    return Int(size.ws_col)
}

/// True when `fd` is a terminal.
public func isTerminal(_ fd: Int32) -> Bool { isatty(fd) != 0 }
