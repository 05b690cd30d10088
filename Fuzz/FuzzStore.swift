import LprofModel

@testable import LprofShell
@testable import LprofStore
@testable import LprofSystem

// libFuzzer target: the store decoder over arbitrary bytes. A store it accepts must encode
// back to bytes that decode to the same profile, and every error message must be printable.
#if canImport(Glibc)
    import Glibc
#endif

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStore(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    do {
        let stored = try StoreCodec.decode(bytes)
        require(
            StoreCodec.problem(with: stored.profile) == nil, "decoded a profile save would refuse")
        let again = try? StoreCodec.decode(StoreCodec.encode(stored))
        require(again == stored, "store does not round-trip")
    } catch {
        let text: String
        switch error {
        case .corrupt(let message): text = message
        case .newerFormat(let n): text = String(n)
        }
        for scalar in text.unicodeScalars {
            let v = scalar.value
            require(
                !(v < 0x20 || (0x7F...0x9F).contains(v) || (0x202A...0x202E).contains(v)
                    || (0x2066...0x2069).contains(v)),
                "control U+\(String(v, radix: 16)) in a store error")
        }
    }
    return 0
}
