import LprofSystem
import LprofText

/// Whether the process has the memory to compile and run a script, asked before it is
/// compiled (SPEC §6: out of memory is a clear error, exit 2, and nothing runs). Swift
/// cannot catch an allocation failure, so the compiler estimates what the program will
/// need and probes that the process can obtain it; a script that would not fit is refused
/// whole, before any of it runs.
enum CompileMemory {
    /// What a program costs at its peak, as it is laid out (a test holds these to the
    /// layout, and `lprof check` and a run under `ulimit -v` to the estimate): a step (the
    /// table made with room for a step every 8 bytes, and grown by doubling past that, three
    /// steps a command at its peak), a command kept
    /// whole besides its step (any but `set` and the commands without values, in a table
    /// that grows by doubling, so that just after a doubling the old and the new table are
    /// both held: three entries' worth), what a `set` adds (its goal or username, in such a
    /// table), a word of a command kept whole (an argument), and each byte (the text an
    /// argument or a username keeps).
    static let bytesPerStep = 16
    static let bytesPerEntry = 3 * 160
    static let bytesPerSet = 3 * 48
    static let bytesPerWord = 3 * 48
    static let bytesPerByte = 2
    /// The most a byte can cost: a script of two-byte commands kept whole (`?;`), each one
    /// word.
    static let mostBytesPerByte =
        (3 * bytesPerStep + bytesPerEntry + bytesPerWord) / 2 + bytesPerByte

    /// Estimates under this are not probed: the process's own start took more than this
    /// several times over, and probing every line of piped stdin would cost two system
    /// calls a line.
    static let unprobedBytes = 8 << 20
    /// Asked for beside the estimate: what running a program allocates besides it (output,
    /// views, the store's text).
    static let marginBytes = 8 << 20

    /// An upper bound on the bytes that compiling `source` and running its program add to
    /// the process's peak. It counts, in one pass over the bytes, the commands (a word after
    /// a line start or `;`), those kept whole, the `set`s, and the words of the commands
    /// kept whole. Comments, strings and continued lines are not told apart: each of them
    /// can only count more.
    static func estimate(_ source: UnsafeBufferPointer<UInt8>) -> Int {
        var commands = 0
        var entries = 0
        var sets = 0
        var words = 0
        var commandStarts = true
        var inWord = false
        var kept = false
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
                        commands += 1
                        let head = kind(at: index, in: source)
                        kept = head == .kept
                        if head == .set { sets += 1 } else if kept { entries += 1 }
                    }
                    if kept { words += 1 }
                }
            }
            index += 1
        }
        let steps = Swift.max(Program.reservedSteps(count), 3 * commands)
        return steps * bytesPerStep + entries * bytesPerEntry + sets * bytesPerSet
            + words * bytesPerWord + count * bytesPerByte
    }

    /// What a command costs by its first word: a `set`, a command a step holds itself (one
    /// without values: its name, then a blank or the end), or one kept whole (any other,
    /// `env` and `history` among them, which may have a value).
    private enum Head { case set, step, kept }

    /// The names of the commands a step can hold itself (`Program.Operation`).
    private static let stepNames: [[UInt8]] = [
        "get", "edit", "trace", "done", "reset", "dismiss", "cancel", "present", "reload", "quit",
        "exit",
    ].map { Array($0.utf8) }

    /// The kind of command whose first word starts at `index`.
    private static func kind(at index: Int, in source: UnsafeBufferPointer<UInt8>) -> Head {
        var end = index
        while end < source.count, !isBlankOrEnd(source[end]) { end += 1 }
        // No name is shorter than 3 bytes or longer than 7.
        guard (3...7).contains(end - index) else { return .kept }
        let word = UnsafeBufferPointer(rebasing: source[index..<end])
        // `set` and its field: a blank follows (else the line is an error, or no `set`).
        if word.elementsEqual("set".utf8) {
            return end < source.count && (source[end] == 0x20 || source[end] == 0x09) ? .set : .kept
        }
        return stepNames.contains { word.elementsEqual($0) } ? .step : .kept
    }

    private static func isBlankOrEnd(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A || byte == 0x3B
    }

    /// Nil when the process can obtain what compiling and running `source` needs; else
    /// the error that says how much it needs and, under a limit, how much the process may
    /// still use, located at the source's start (it is about all of it).
    static func shortage(_ source: SourceBytes, _ info: SourceInfo) -> Diagnostic? {
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
            location: .init(source: info.name, line: 1, column: 1))
    }

    /// `bytes` in MiB as a person reads them: one decimal below 10 MiB.
    static func megabytes(_ bytes: Int) -> String {
        let mebibytes = Double(bytes) / Double(1 << 20)
        if mebibytes >= 10 { return "\(Int(mebibytes.rounded())) MiB" }
        return "\((mebibytes * 10).rounded() / 10) MiB"
    }
}
