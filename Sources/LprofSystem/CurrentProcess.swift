import Glibc

/// The process as a whole: how it treats signals, and how it ends.
public enum CurrentProcess {
    /// A closed pipe must end lprof quietly with an exit status, never by a signal: with
    /// SIGPIPE ignored, a write to a pipe nobody reads fails with EPIPE instead, which
    /// `OutputBuffer` turns into a quiet end.
    public static func ignoreBrokenPipe() {
        signal(SIGPIPE, SIG_IGN)
    }

    /// How many processors the process may run on: its affinity, which `taskset` and
    /// container CPU sets narrow, as Linux lists it in `/proc/self/status`
    /// (`Cpus_allowed_list:\t0-3,6`); 1 when that cannot be read.
    public static var processorCount: Int {
        let fd = open("/proc/self/status", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return 1 }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: 16 * 1024)
        var filled = 0
        while filled < bytes.count {
            let n = bytes.withUnsafeMutableBytes {
                read(fd, $0.baseAddress! + filled, $0.count - filled)
            }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            filled += n
        }
        let text = String(decoding: bytes[..<filled], as: UTF8.self)
        let key = "Cpus_allowed_list:"
        guard let entry = text.split(separator: "\n").first(where: { $0.hasPrefix(key) })
        else { return 1 }
        return Swift.max(1, processorCount(inList: entry.dropFirst(key.count)))
    }

    /// The number of processors in a Linux CPU list: `0-3,6` is 5.
    static func processorCount(inList list: Substring) -> Int {
        var count = 0
        for part in list.split(separator: ",") {
            let bounds = part.split(separator: "-").map {
                Int(String($0.filter { $0 != " " && $0 != "\t" }))
            }
            switch bounds.count {
            case 1: if bounds[0] != nil { count += 1 }
            case 2:
                if let low = bounds[0], let high = bounds[1], high >= low {
                    count += high - low + 1
                }
            default: break
            }
        }
        return count
    }

    /// Ends the process with `status`, flushing C's standard streams.
    public static func exit(_ status: Int32) -> Never {
        Glibc.exit(status)
    }
}
