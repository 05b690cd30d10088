import Glibc

/// A resource a system call failed for want of, which advice must tell from a broken file.
public enum ResourceShortage: Equatable, Sendable {
    /// EMFILE: the process's limit on open files (`ulimit -n`).
    case processOpenFiles
    /// ENFILE: the system's table of open files.
    case systemOpenFiles
    case memory
    case diskSpace
    case diskQuota
    /// EFBIG: the process's file-size limit (`ulimit -f`; SIGXFSZ is ignored).
    case fileSize
}

extension SystemCallError {
    /// The resource that ran short; nil for any other cause.
    public var shortage: ResourceShortage? {
        switch errno {
        case EMFILE: .processOpenFiles
        case ENFILE: .systemOpenFiles
        case ENOMEM: .memory
        case ENOSPC: .diskSpace
        case EDQUOT: .diskQuota
        case EFBIG: .fileSize
        default: nil
        }
    }
}
