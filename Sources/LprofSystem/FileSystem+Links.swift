import Glibc

extension FileSystem {
    /// The most links followed in a chain, as the kernel's own limit (`ELOOP` after 40).
    static let maxLinkHops = 40

    /// Where the chain of symbolic links at `path` ends: the first path that is not a link,
    /// whether or not anything is there. So a dangling link (to a store not written yet) is
    /// written through like a live one, rather than replaced by a plain file. `path` itself
    /// when it is not a link; nil for a loop or a link that cannot be read. Relative targets
    /// are taken from each link's folder.
    public func linkChainEnd(_ path: String) -> String? {
        var current = path
        for _ in 0...Self.maxLinkHops {
            guard let info = try? lstatIfPresent(current), info.kind == .symbolicLink else {
                return current
            }
            guard let target = readLink(current) else { return nil }
            current =
                target.hasPrefix("/")
                ? target : StorePaths.sibling(of: current, named: target)
        }
        return nil
    }

    /// Where the symbolic link at `path` leads when nothing is there (a dangling link, or a
    /// chain of them ending nowhere), as `mkdir` can say only "Not a directory": the missing
    /// path at the chain's end; nil when `path` is no link, leads to something, or loops.
    public func danglingLinkEnd(_ path: String) -> String? {
        guard (try? lstatIfPresent(path))??.kind == .symbolicLink,
            (try? statIfPresent(path)) == .some(nil)
        else { return nil }
        return linkChainEnd(path)
    }

    /// The text of the symbolic link at `path` (`readlink`); nil when it cannot be read.
    func readLink(_ path: String) -> String? {
        var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = buffer.withUnsafeMutableBufferPointer { raw in
            raw.withMemoryRebound(to: CChar.self) { readlink(path, $0.baseAddress!, $0.count) }
        }
        guard count > 0, count < buffer.count else { return nil }
        return String(decoding: buffer[..<count], as: UTF8.self)
    }
}
