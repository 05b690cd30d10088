import LprofSystem
import LprofText

/// Whether the process has the memory to compile and run a script, asked before it is
/// compiled because Swift cannot catch an allocation failure (SPEC §6: exit 2, nothing runs).
enum CompileMemory {
    /// What a program costs at its peak, as it is laid out (a test holds these to the layout):
    /// tables grow by doubling, so three entries' worth each are held just after a doubling.
    static let bytesPerStep = 16
    static let bytesPerEntry = 3 * 160
    static let bytesPerSet = 3 * 48
    static let bytesPerValue = 3 * 40
    static let bytesPerText = 3 * 16 + 32
    static let bytesPerWord = 3 * 48
    static let bytesPerByte = 2
    /// The most a byte can cost: a script of two-byte commands kept whole (`?;`), each one word.
    static let mostBytesPerByte =
        (3 * bytesPerStep + bytesPerEntry + bytesPerWord) / 2 + bytesPerByte

    /// Estimates under this are not probed: the process's own start took more, and probing
    /// every line of piped stdin would cost two system calls a line.
    static let unprobedBytes = 8 << 20
    /// What running a program allocates besides it (output, views, the store's text).
    static let marginBytes = 8 << 20

    /// An upper bound, in one pass over the bytes, on what compiling `source` and running its
    /// program add to the process's peak; what it cannot tell apart only counts more.
    static func estimate(_ source: UnsafeBufferPointer<UInt8>) -> Int {
        var commands = 0
        var entries = 0
        var sets = 0
        var values = 0
        var texts = 0
        var words = 0
        var head = Head.step
        var commandStarts = true
        var inWord = false
        // The blanks since the last word (a tab or a CR as two: never as written).
        var blanks = 0
        // Where the command started and the counts before it, and the last 8 commands that
        // counted a value, and a text apart.
        var start = 0
        var before = (values: 0, texts: 0)
        var counted: (values: [Range<Int>], texts: [Range<Int>]) = ([], [])
        func finish(at end: Int) {
            func remember(_ last: inout [Range<Int>]) {
                if last.count == 8 { last.removeFirst() }
                last.append(start..<end)
            }
            // Kept once if written as one of `last`; else one of them from now.
            func keptOnce(_ last: inout [Range<Int>]) -> Bool {
                let written = UnsafeBufferPointer(rebasing: source[start..<end])
                if last.contains(where: {
                    written.elementsEqual(UnsafeBufferPointer(rebasing: source[$0]))
                }) {
                    return true
                }
                remember(&last)
                return false
            }
            if texts > before.texts, head == .valued {
                // A value with a text apart is counted whole, whatever was before.
                remember(&counted.texts)
                remember(&counted.values)
            } else if texts > before.texts, keptOnce(&counted.texts) {
                texts = before.texts
            } else if values > before.values, keptOnce(&counted.values) {
                values = before.values
            }
        }
        func tally(_ head: Head) {
            switch head {
            case .set: sets += 1
            case .valued: values += 1
            case .kept: entries += 1
            case .step, .text, .expect: break
            }
        }
        var index = 0
        let count = source.count
        while index < count {
            let byte = source[index]
            switch byte {
            case 0x0A, 0x3B:  // LF, ';'
                if !commandStarts { finish(at: index) }
                commandStarts = true
                inWord = false
            case 0x20:  // space
                inWord = false
                blanks += 1
            case 0x09, 0x0D:  // tab, CR
                inWord = false
                blanks += 2
            default:
                var irregular = byte == 0x22 || byte == 0x27 || byte == 0x5C  // " ' \
                if !inWord {
                    inWord = true
                    if commandStarts {
                        commandStarts = false
                        commands += 1
                        (start, before) = (index, (values, texts))
                        head = kind(at: index, in: source)
                        tally(head)
                    } else {
                        // `expect error COMMAND` is kept whole; any other `expect` reads a value.
                        if head == .expect {
                            head = word(at: index, in: source, is: "error") ? .kept : .valued
                            tally(head)
                            if head == .kept { words += 1 }
                        }
                        irregular = irregular || blanks != 1
                    }
                    if head == .kept { words += 1 }
                    blanks = 0
                }
                if irregular, texts == before.texts,
                    head == .text || head == .valued || head == .expect
                {
                    texts += 1
                }
            }
            index += 1
        }
        if !commandStarts { finish(at: count) }
        let reserved = Program.reservedSteps(count)
        let steps = commands <= reserved ? reserved : 3 * commands
        return steps * bytesPerStep + entries * bytesPerEntry + sets * bytesPerSet
            + values * bytesPerValue + texts * bytesPerText + words * bytesPerWord
            + count * bytesPerByte
    }

    /// What a command costs by its first word, as `Program` lays it out.
    private enum Head { case set, step, text, valued, expect, kept }

    /// The commands a step can hold itself (`Program.Operation`), and those with a text.
    private static let stepNames: [[UInt8]] = [
        "get", "edit", "trace", "done", "reset", "dismiss", "cancel", "present", "reload", "quit",
        "exit", "show",
    ].map { Array($0.utf8) }
    private static let textNames: [[UInt8]] = ["print", "help"].map { Array($0.utf8) }

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
        if word.elementsEqual("expect".utf8) { return .expect }
        if word.elementsEqual("env".utf8) { return .valued }
        if textNames.contains(where: { word.elementsEqual($0) }) { return .text }
        return stepNames.contains { word.elementsEqual($0) } ? .step : .kept
    }

    /// Whether the word at `index` is `name`.
    private static func word(
        at index: Int, in source: UnsafeBufferPointer<UInt8>, is name: StaticString
    ) -> Bool {
        var end = index
        while end < source.count, !isBlankOrEnd(source[end]) { end += 1 }
        return UnsafeBufferPointer(rebasing: source[index..<end]).elementsEqual(
            UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
    }

    private static func isBlankOrEnd(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A || byte == 0x3B
    }

    /// Nil when the process can obtain what compiling and running `source` needs; else the
    /// error, at the source's start, that says how much.
    static func shortage(_ source: SourceBytes, _ info: SourceInfo) -> Diagnostic? {
        // First the most any script of this size could need, which costs no pass over it and is
        // enough for nearly every script.
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
