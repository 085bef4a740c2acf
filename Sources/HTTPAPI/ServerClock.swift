public import Foundation

/// A server's one clock: wall-clock time (Unix seconds and microseconds, as the protocol writes it), and the sleeps of
/// everything that waits on time (the service's scenario steps, held polls and pruner; the widget server's reaper,
/// sweeps and sealed credentials). One value reads both, so a test that moves time moves all of it.
public struct ServerClock: Sendable {
    private let unixSeconds: @Sendable () -> Double
    private let sleeper: @Sendable (Duration) async throws -> Void

    /// A clock that reads `unixSeconds` for the current time and waits with `sleep`.
    public init(
        unixSeconds: @escaping @Sendable () -> Double,
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) {
        self.unixSeconds = unixSeconds
        self.sleeper = sleep
    }

    /// The machine's clock.
    public static let system = ServerClock { Date().timeIntervalSince1970 }

    /// Unix seconds now.
    public func now() -> Double { unixSeconds() }

    /// Now, as a date.
    public func date() -> Date { Date(timeIntervalSince1970: now()) }

    /// Unix microseconds now.
    public func nowMicros() -> Int64 { Int64((now() * 1_000_000).rounded()) }

    /// Waits `duration` of this clock's time; throws `CancellationError` when the task is cancelled.
    public func sleep(for duration: Duration) async throws { try await sleeper(duration) }
}

extension Duration {
    /// The duration in seconds, fractions kept: the unit `ServerClock.now()` reads in.
    public var inSeconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
