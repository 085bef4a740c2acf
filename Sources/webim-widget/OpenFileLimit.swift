import Foundation

/// Raises the process's soft limit on open descriptors to its hard limit at start, as servers commonly do: every tab
/// holds sockets and database files, the soft limit is often 1,024 where the hard one is far higher, and the widget
/// server sizes `--max-tabs` by the limit it finds (`DescriptorBudget`).
enum OpenFileLimit {
    static func raiseToHardLimit() {
        var limits = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limits) == 0, limits.rlim_cur < limits.rlim_max else { return }
        limits.rlim_cur = limits.rlim_max
        _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limits)
    }
}
