import Foundation

/// Wall-clock time as the protocol writes it: Unix seconds and microseconds.
///
/// Injected (`ServiceConfiguration.clock`) as the client core's clock is, so a test can pin the times the service
/// writes (message timestamps, expiries, retention) instead of reading the machine's.
public struct ChatClock: Sendable {
    private let unixSeconds: @Sendable () -> Double

    /// A clock that reads `unixSeconds` for the current time.
    public init(unixSeconds: @escaping @Sendable () -> Double) {
        self.unixSeconds = unixSeconds
    }

    /// The machine's clock.
    public static let system = ChatClock { Date().timeIntervalSince1970 }

    /// Unix seconds now.
    func now() -> Double { unixSeconds() }

    /// Unix microseconds now.
    func nowMicros() -> Int64 { Int64((now() * 1_000_000).rounded()) }
}
