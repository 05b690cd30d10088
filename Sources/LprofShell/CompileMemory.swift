import LprofSystem
import LprofText

/// Whether the process has the memory to compile and run a script, asked before it is
/// compiled (SPEC §6: out of memory is a clear error, exit 2, and nothing runs). Swift
/// cannot catch an allocation failure, so the compiler estimates what the program will
/// need and probes that the process can obtain it; a script that would not fit is refused
/// whole, before any of it runs.
enum CompileMemory {
    /// What a program costs at its peak, measured (the smallest `ulimit -v` that lets
    /// `lprof check` and a run succeed, less the binary's own, for scripts of 0.5 to 1.1
    /// million commands of each kind, debug and release builds): a command other than `set`
    /// (its entry in the command table, which grows by doubling, so that just after a
    /// doubling the old and the new table are both held: three entries' worth), a `set`
    /// (its step; a goal or username besides), a word of such a command (an argument), and
    /// each byte (text an argument keeps, the step table made room for). Upper bounds of
    /// what was measured (`get mode` 330 bytes a command, `done` 331, `print x` 352,
    /// `set goal DATE` 174 a line, a word of `print a a a …` 45, `print` of a 200-byte word
    /// 3 a byte).
    static let bytesPerCommand = 360
    static let bytesPerSet = 192
    static let bytesPerWord = 48
    static let bytesPerByte = 3
    /// The most a byte can cost: a script of two-byte commands (`x;`), each one word.
    static let mostBytesPerByte = (bytesPerCommand + bytesPerWord) / 2 + bytesPerByte

    /// Estimates under this are not probed: the process's own start took more than this
    /// several times over, and probing every line of piped stdin would cost two system
    /// calls a line.
    static let unprobedBytes = 8 << 20
    /// Asked for beside the estimate: what running a program allocates besides it (output,
    /// views, the store's text).
    static let marginBytes = 8 << 20

    /// An upper bound on the bytes that compiling `source` and running its program add to
    /// the process's peak. It counts, in one pass over the bytes, commands (a word after a
    /// line start or `;`), the `set`s among them, and the words of the others. Comments,
    /// strings and continued lines are not told apart: each of them can only count more.
    static func estimate(_ source: UnsafeBufferPointer<UInt8>) -> Int {
        var commands = 0
        var sets = 0
        var words = 0
        var commandStarts = true
        var inWord = false
        var inSet = false
        var index = 0
        let count = source.count
        while index < count {
            let byte = source[index]
            switch byte {
            case 0x0A, 0x3B:  // LF, ';'
                commandStarts = true
                inWord = false
            case 0x20, 0x09, 0x0D:  // space, tab, CR
                inWord = false
            default:
                if !inWord {
                    inWord = true
                    if commandStarts {
                        commandStarts = false
                        inSet = startsSet(source, at: index)
                        if inSet { sets += 1 } else { commands += 1 }
                    }
                    if !inSet { words += 1 }
                }
            }
            index += 1
        }
        return commands * bytesPerCommand + sets * bytesPerSet + words * bytesPerWord
            + count * bytesPerByte
    }

    /// True when the word at `index` is `set` followed by a blank.
    private static func startsSet(_ source: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        guard index + 3 < source.count, source[index] == UInt8(ascii: "s"),
            source[index + 1] == UInt8(ascii: "e"), source[index + 2] == UInt8(ascii: "t")
        else { return false }
        let next = source[index + 3]
        return next == 0x20 || next == 0x09
    }

    /// Nil when the process can obtain what compiling and running `source` needs; else
    /// the error that says how much it needs and, under a limit, how much the process may
    /// still use, located at the source's start (it is about all of it).
    static func shortage(_ source: SourceBytes, _ info: SourceInfo, firstLineNumber: Int)
        -> Diagnostic?
    {
        // First the most any script of this size could need, which costs no pass over it:
        // it is obtainable, or too small to ask about, for nearly every script.
        let most = source.count * mostBytesPerByte
        guard most >= unprobedBytes, !MemoryProbe.canObtain(most + marginBytes) else {
            return nil
        }
        let needed = estimate(source.bytes)
        guard needed >= unprobedBytes, !MemoryProbe.canObtain(needed + marginBytes) else {
            return nil
        }
        let available =
            MemoryProbe.bytesLeftUnderLimits().map {
                "and the process's memory limit leaves \(megabytes($0))"
            } ?? "more than the system can give now"
        return Diagnostic(
            .error,
            "not enough memory to compile this script (\(megabytes(source.count))): it needs"
                + " about \(megabytes(needed + marginBytes)), \(available); none of it ran"
                + " (see 'help limits')",
            location: .init(source: info.name, line: firstLineNumber, column: 1))
    }

    /// `bytes` in MiB as a person reads them: one decimal below 10 MiB.
    static func megabytes(_ bytes: Int) -> String {
        let mebibytes = Double(bytes) / Double(1 << 20)
        if mebibytes >= 10 { return "\(Int(mebibytes.rounded())) MiB" }
        return "\((mebibytes * 10).rounded() / 10) MiB"
    }
}
