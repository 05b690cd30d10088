import CEditLine
import Glibc
import LprofInteractive

/// The stream libedit draws on, writing stand-ins as their characters through C's stdout.
final class TranslatedOutput {
    let standIns: CharacterStandIns
    private var text = CharacterStandIns.TerminalText()
    /// The stream for libedit; stdout itself if one could not be made.
    private(set) var stream: UnsafeMutablePointer<FILE>!

    init(standIns: CharacterStandIns) {
        self.standIns = standIns
        stream =
            lprof_translated_output(Unmanaged.passUnretained(self).toOpaque(), outputCallback)
            ?? lprof_stdout()
    }

    deinit {
        if stream != lprof_stdout() { fclose(stream) }
    }

    fileprivate func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        let out = text.translate(bytes, with: standIns)
        out.withUnsafeBufferPointer { buffer in
            _ = fwrite(buffer.baseAddress, 1, buffer.count, lprof_stdout())
        }
        fflush(lprof_stdout())
    }
}

/// The stream's write function, with the bytes libedit flushed.
private let outputCallback: lprof_output_fn = { cookie, bytes, count in
    guard let cookie, let bytes else { return }
    Unmanaged<TranslatedOutput>.fromOpaque(cookie).takeUnretainedValue().write(
        UnsafeBufferPointer(start: bytes, count: count))
}
