import Foundation

/// The service's one clock: wall-clock time as the protocol writes it (Unix seconds and microseconds), and the sleeps
/// of everything that waits on time (scenario steps, the pruner). One value reads both, so a test that moves time moves
/// all of it.
public struct ChatClock: Sendable {
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
    public static let system = ChatClock { Date().timeIntervalSince1970 }

    /// Unix seconds now.
    func now() -> Double { unixSeconds() }

    /// Unix microseconds now.
    func nowMicros() -> Int64 { Int64((now() * 1_000_000).rounded()) }

    /// Waits `duration` of this clock's time; throws `CancellationError` when the task is cancelled.
    func sleep(for duration: Duration) async throws { try await sleeper(duration) }
}
