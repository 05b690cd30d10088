/// Whether a file starts like text, so that a binary file is one error, not one a line (SPEC §6).
public enum TextSniffer {
    public static let sampleBytes = 4096

    /// What is wrong with a sample that is not text, and where (1-based).
    public struct Finding: Equatable, Sendable {
        public var problem: String
        /// The first NUL byte's line and column (in characters); nil for the bytes as a whole.
        public var line: Int?
        public var column: Int?
    }

    /// Why `sample` is not text (a NUL, or over a quarter and at least 16 bytes invalid), so
    /// that a Latin-1 script with a few accents still gets located errors.
    public static func finding(in sample: UnsafeBufferPointer<UInt8>) -> Finding? {
        if let nul = sample.firstIndex(of: 0) {
            let before = sample[..<nul]
            let lineStart = (before.lastIndex(of: 0x0A) ?? -1) + 1
            let line = 1 + before.lazy.filter { $0 == 0x0A }.count
            let column = 1 + String(decoding: sample[lineStart..<nul], as: UTF8.self).count
            return Finding(problem: "a NUL byte, U+0000", line: line, column: column)
        }
        var invalid = 0
        var start = 0
        while start < sample.count {
            let rest = UnsafeBufferPointer(rebasing: sample[start...])
            guard let bad = UTF8Check.firstInvalidByte(in: rest) else { break }
            // A sequence cut off by the end of the sample is not the file's fault.
            if start + bad + 4 >= sample.count && sample.count == sampleBytes { break }
            invalid += 1
            start += bad + 1
        }
        guard invalid >= 16 && invalid * 4 > sample.count else { return nil }
        return Finding(problem: "most of its first bytes are not UTF-8")
    }
}
