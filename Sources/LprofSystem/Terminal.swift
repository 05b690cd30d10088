import Glibc

/// The width of the terminal on `fd`, if it is one.
public func terminalWidth(_ fd: Int32) -> Int? {
    var size = winsize()
    guard ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
    return Int(size.ws_col)
}

public func isTerminal(_ fd: Int32) -> Bool { isatty(fd) != 0 }
