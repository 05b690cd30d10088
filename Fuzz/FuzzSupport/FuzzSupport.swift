#if canImport(Glibc)
    import Glibc
#endif

// What every fuzz target shares: a library target of its own (Package.swift, LPROF_FUZZ=1),
// built by Scripts/fuzz with the same instrumentation as the modules under test. The checks
// are inlinable, so that an invariant costs the targets no call across the module boundary.

/// The type of `LLVMFuzzerTestOneInput`: one input, 0 back (a broken invariant aborts).
public typealias FuzzTarget = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt

/// libFuzzer's driver, what its own `main` runs (the runtime comes with no module to import).
@_extern(c, "LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ target: FuzzTarget
) -> CInt

/// Runs libFuzzer over `target` with the command line's options and exits with its status.
///
/// Each target's `@main` calls this. SwiftPM compiles an executable target's entry point as
/// `<module>_main` and links with `--defsym main=<module>_main` (so that tests can link the
/// module), which replaces the `main` that libFuzzer's runtime brings; this entry point then
/// does what that `main` does. (Were SwiftPM to stop renaming it, the link would fail with
/// two `main`s rather than run the wrong one.)
public func runLibFuzzer(_ target: FuzzTarget) -> Never {
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv, target))
}

/// Like `precondition`, but prints its message in optimized builds too.
@inlinable
public func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition {
        FileHandleless.stderr("fuzz invariant broken: " + message() + "\n")
        abort()
    }
}

/// Writes to stderr without Foundation, so a failing invariant is reported even mid-crash.
public enum FileHandleless {
    public static func stderr(_ text: String) {
        var bytes = Array(text.utf8)
        _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress!, $0.count) }
    }
}

/// A rendered diagnostic never carries a control character other than its line breaks (read
/// as UTF-8: C0 controls and DEL are single bytes, C1 controls are 0xC2 0x80–0x9F).
@inlinable
public func check(_ text: String) {
    var previous: UInt8 = 0
    for byte in text.utf8 {
        require(
            byte == 0x0A || byte == 0x09
                || !(byte < 0x20 || byte == 0x7F)
                    && !(previous == 0xC2 && (0x80...0x9F).contains(byte)),
            "control byte 0x\(String(byte, radix: 16)) in a diagnostic")
        previous = byte
    }
}
