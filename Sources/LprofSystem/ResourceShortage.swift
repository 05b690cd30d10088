import Glibc

/// A system call that failed for want of a resource of the process or the system, not
/// because of the file it was given: what advice must tell apart from a broken file.
public enum ResourceShortage: Equatable, Sendable {
    /// EMFILE: the process's limit on open files (`ulimit -n`).
    case processOpenFiles
    /// ENFILE: the system's table of open files.
    case systemOpenFiles
    /// ENOMEM.
    case memory
    /// ENOSPC.
    case diskSpace
    /// EDQUOT.
    case diskQuota
    /// EFBIG: the process's file-size limit (`ulimit -f`; SIGXFSZ is ignored).
    case fileSize
}

extension SystemCallError {
    /// The resource that ran short, or nil when the cause is something else (a permission,
    /// an I/O error, a missing file).
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
