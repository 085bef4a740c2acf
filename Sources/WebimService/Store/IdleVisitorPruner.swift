import Foundation
import Logging
import ServiceLifecycle

/// Now and then forgets visitors that never started a chat and have not come back for `retention`
/// (`ServiceDatabase.pruneIdleVisitors`), so that page loads alone cannot grow the service's store without end.
struct IdleVisitorPruner: Service {
    let database: ServiceDatabase
    let retention: Duration
    let logger: Logger
    var clock: any Clock<Duration> = ContinuousClock()

    /// How often to look: a tenth of the retention, between a second and an hour.
    var interval: Duration { min(max(retention / 10, .seconds(1)), .seconds(3600)) }

    func run() async throws {
        while true {
            do {
                try await prune(now: Date())
                try await cancelWhenGracefulShutdown { try await clock.sleep(for: interval, tolerance: nil) }
            } catch is CancellationError {
                return
            } catch {
                logger.warning("pruning idle visitors failed", metadata: ["error": "\(error)"])
                try? await cancelWhenGracefulShutdown { try await clock.sleep(for: interval, tolerance: nil) }
            }
        }
    }

    /// One pass; returns how many visitors were forgotten.
    @discardableResult
    func prune(now: Date) async throws -> Int {
        let cutoff = now.timeIntervalSince1970 - Double(retention.components.seconds)
        let removed = try await database.pruneIdleVisitors(lastSeenBefore: cutoff)
        if removed > 0 { logger.info("forgot idle visitors", metadata: ["count": "\(removed)"]) }
        return removed
    }
}
