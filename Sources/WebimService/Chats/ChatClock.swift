import Foundation

/// Wall-clock time as the protocol writes it: Unix seconds and microseconds.
enum ChatClock {
    /// Unix seconds now.
    static func now() -> Double { Date().timeIntervalSince1970 }

    /// Unix microseconds now.
    static func nowMicros() -> Int64 { Int64((now() * 1_000_000).rounded()) }
}
