#if canImport(Glibc)
import Glibc
#endif

/// Hands the heap's free pages back to the system after tabs closed. glibc keeps what a departed visitor's session
/// freed for later allocations, so without this a server that saw thousands of visitors come and go stays at their
/// peak: measured, half of what 1,500 departed visitors left in resident memory was free heap
/// (`widget-bench churn`).
enum FreedMemory {
    /// glibc's `malloc_trim`, which its Swift module does not export (it is declared in `<malloc.h>`); nil where
    /// the C library has none.
    private static let mallocTrim: (@convention(c) (Int) -> Int32)? = {
        #if canImport(Glibc)
        // A null handle is RTLD_DEFAULT: the symbol as the process's libraries resolve it.
        guard let symbol = dlsym(nil, "malloc_trim") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
        #else
        return nil
        #endif
    }()

    /// `malloc_trim(0)`: a few milliseconds, so only when `HeapTrimSchedule` says.
    static func release() { _ = mallocTrim?(0) }
}
