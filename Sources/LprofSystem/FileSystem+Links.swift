import Glibc

extension FileSystem {
    /// The kernel's own limit (`ELOOP` after 40).
    static let maxLinkHops = 40

    /// The first path of the link chain at `path` that is not a link, present or not, so that
    /// a dangling link is written through rather than replaced; nil for a loop.
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

    /// The missing path a dangling link chain at `path` ends at, as `mkdir` says only ENOTDIR.
    public func danglingLinkEnd(_ path: String) -> String? {
        guard (try? lstatIfPresent(path))??.kind == .symbolicLink,
            (try? statIfPresent(path)) == .some(nil)
        else { return nil }
        return linkChainEnd(path)
    }

    /// The text of the symbolic link at `path`; nil when it cannot be read.
    func readLink(_ path: String) -> String? {
        var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = buffer.withUnsafeMutableBufferPointer { raw in
            raw.withMemoryRebound(to: CChar.self) { readlink(path, $0.baseAddress!, $0.count) }
        }
        guard count > 0, count < buffer.count else { return nil }
        return String(decoding: buffer[..<count], as: UTF8.self)
    }
}
