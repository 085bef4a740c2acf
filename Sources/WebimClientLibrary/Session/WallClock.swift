import Foundation

/// The wall clock's reading in the wire's unit: a message made here (sending) is stamped with it, and history is
/// asked for "before now" with it.
enum WallClock {
    /// Unix microseconds now.
    static func nowMicros() -> Int64 { Int64((Date().timeIntervalSince1970 * 1_000_000).rounded()) }
}
