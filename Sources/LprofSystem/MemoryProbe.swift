import Glibc

/// Whether memory can still be had, asked first as Swift cannot catch its failure (SPEC §6).
public enum MemoryProbe {
    /// True when `bytes` can be mapped now as the allocator maps them, so that every limit
    /// counts it; not `malloc` and `free`, a pair an optimiser may remove.
    public static func canObtain(_ bytes: Int) -> Bool {
        let block = mmap(
            nil, Swift.max(1, bytes), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
        guard let block, block != MAP_FAILED else { return false }
        munmap(block, Swift.max(1, bytes))
        return true
    }

    /// The bytes the process may still map under `RLIMIT_AS` and `RLIMIT_DATA`, for messages
    /// only (`canObtain` decides); nil when neither is set.
    public static func bytesLeftUnderLimits() -> Int? {
        let addressSpace = softLimit(__rlimit_resource_t(RLIMIT_AS.rawValue))
        let data = softLimit(__rlimit_resource_t(RLIMIT_DATA.rawValue))
        guard addressSpace != nil || data != nil, let usage = mappedBytes() else { return nil }
        var left = Int.max
        if let addressSpace { left = Swift.min(left, addressSpace - usage.total) }
        if let data { left = Swift.min(left, data - usage.data) }
        return Swift.max(0, left)
    }

    /// The soft limit on `resource`, nil when unlimited.
    private static func softLimit(_ resource: __rlimit_resource_t) -> Int? {
        var limit = rlimit()
        guard getrlimit(resource, &limit) == 0, limit.rlim_cur != rlim_t.max else {
            return nil
        }
        return Int(clamping: limit.rlim_cur)
    }

    /// What the process maps now, all and data, from `/proc/self/statm`'s pages.
    private static func mappedBytes() -> (total: Int, data: Int)? {
        let fs = FileSystem()
        guard let bytes = try? fs.readRegularFile("/proc/self/statm", limit: 256) else {
            return nil
        }
        let fields = bytes.split(whereSeparator: { $0 == 0x20 || $0 == 0x0A })
            .map { Int(String(decoding: $0, as: UTF8.self)) }
        guard fields.count >= 6, let total = fields[0], let data = fields[5] else { return nil }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        return (total * page, data * page)
    }
}
