import Glibc

/// How many processors lprof may use, which decides whether `lprof FILE` checks a script on
/// a second thread: where two threads would only take turns, it checks first.
public enum Processors {
    /// The processors the process may run on (its affinity, which `taskset` and container
    /// CPU sets narrow, from `/proc/self/status`), fewer when its cgroup's CPU quota allows
    /// less time than that (`/sys/fs/cgroup/cpu.max`); at least 1.
    public static var available: Int {
        var processors = Int.max
        if let status = readSmallFile("/proc/self/status") {
            let key = "Cpus_allowed_list:"
            if let entry = status.split(separator: "\n").first(where: { $0.hasPrefix(key) }) {
                processors = Self.count(inList: entry.dropFirst(key.count))
            }
        }
        if let quota = readSmallFile("/sys/fs/cgroup/cpu.max"),
            let allowed = Self.count(inQuota: quota)
        {
            processors = Swift.min(processors, allowed)
        }
        return processors == .max ? 1 : Swift.max(1, processors)
    }

    /// The number of processors in a Linux CPU list: `0-3,6` is 5.
    static func count(inList list: Substring) -> Int {
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

    /// The whole processors a cgroup v2 `cpu.max` allows (`QUOTA PERIOD`, in microseconds
    /// a period): `150000 100000` is 1; nil for `max` (no quota) or what is not a quota.
    static func count(inQuota text: String) -> Int? {
        let fields = text.split(whereSeparator: { $0 == " " || $0 == "\n" })
        guard fields.count == 2, let quota = Int(fields[0]), let period = Int(fields[1]),
            quota > 0, period > 0
        else { return nil }
        return quota / period
    }

    /// A small text file of the kernel's, whole; nil when it cannot be read.
    private static func readSmallFile(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
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
        return String(decoding: bytes[..<filled], as: UTF8.self)
    }
}
