import Foundation

/// The process's limit on open descriptors: every tab holds sockets and database files, and the widget server sizes
/// `--max-tabs` by the limit it finds (`DescriptorBudget`).
public enum OpenFileLimit {
    /// The soft limit (1,024 when it cannot be read).
    static var soft: Int {
        var limits = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limits) == 0 else { return 1024 }
        return Int(clamping: limits.rlim_cur)
    }

    /// Raises the soft limit to the hard limit, as servers commonly do at start: the soft limit is often 1,024 where
    /// the hard one is far higher.
    public static func raiseToHardLimit() {
        var limits = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limits) == 0, limits.rlim_cur < limits.rlim_max else { return }
        limits.rlim_cur = limits.rlim_max
        _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limits)
    }
}
