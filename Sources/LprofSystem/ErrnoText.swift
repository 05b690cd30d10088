#if canImport(Glibc)
    import Glibc
#endif

/// The C library's text for an errno value ("No such file or directory").
public func errnoText(_ code: Int32) -> String {
    String(cString: strerror(code))
}
