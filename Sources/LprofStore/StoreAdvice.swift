import LprofSystem

/// Advice for a resource that ran short, which is no fault of the store, so never to move it.
enum StoreAdvice {
    /// Why `error` happened and what to do, when a resource ran short.
    static func resource(_ error: SystemCallError) -> String? {
        switch error.shortage {
        case .processOpenFiles:
            "the store is not at fault: lprof has too many files open (its limit, "
                + "ulimit -n, is too low); raise the limit and try again"
        case .systemOpenFiles:
            "the store is not at fault: the system has too many files open; "
                + "try again when fewer are"
        case .memory:
            "the store is not at fault: the system is out of memory; try again when more is free"
        case .diskSpace: "the disk is full; free some space and try again"
        case .diskQuota: "your disk quota is used up; free some space and try again"
        case .fileSize:
            "lprof may not write a file that large (its file-size limit, ulimit -f, is "
                + "too low); raise the limit and try again"
        case nil: nil
        }
    }
}
