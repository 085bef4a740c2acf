import Foundation
import HTTPAPI
import Logging
import ServiceLifecycle

/// Now and then forgets visitors that never started a chat and have not come back for `retention`
/// (`ServiceDatabase.pruneIdleVisitors`), so that page loads alone cannot grow the service's store without end;
/// and visitors who chatted or sent files once they have been away for `chattedRetention`, their files' bytes too
/// (`ServiceDatabase.pruneRetainedVisitors`), so that visitors who leave cannot fill the disk over time.
struct IdleVisitorPruner: TypeNamedService {
    let database: ServiceDatabase
    let retention: Duration
    let logger: Logger
    /// How long a visitor who chatted or sent files is kept after their last page load, message or upload; nil
    /// keeps them.
    var chattedRetention: Duration? = nil
    /// The files folder, whose bytes of forgotten visitors are removed.
    var files: FileStore? = nil

    /// How often to look: a tenth of the shorter retention, between a second and an hour.
    var interval: Duration { min(max(min(retention, chattedRetention ?? retention) / 10, .seconds(1)), .seconds(3600)) }

    func run() async throws {
        while true {
            do {
                try await prune(now: Date(timeIntervalSince1970: database.clock.now()))
                try await cancelWhenGracefulShutdown { try await database.clock.sleep(for: interval) }
            } catch is CancellationError {
                return
            } catch {
                logger.warning("pruning idle visitors failed", metadata: ["error": "\(error)"])
                try? await cancelWhenGracefulShutdown { try await database.clock.sleep(for: interval) }
            }
        }
    }

    /// One pass; returns how many visitors were forgotten.
    @discardableResult
    func prune(now: Date) async throws -> Int {
        let cutoff = now.timeIntervalSince1970 - Double(retention.components.seconds)
        var removed = try await database.pruneIdleVisitors(lastSeenBefore: cutoff)
        if let chattedRetention {
            let chattedCutoff = now.timeIntervalSince1970 - Double(chattedRetention.components.seconds)
            let pruned = try await database.pruneRetainedVisitors(lastSeenBefore: chattedCutoff)
            // The rows are gone first: a file whose bytes stayed after a crash is only space, never a dangling row.
            for guid in pruned.fileGUIDs { files?.remove(guid: guid) }
            removed += pruned.visitors
        }
        if removed > 0 { logger.info("forgot idle visitors", metadata: ["count": "\(removed)"]) }
        return removed
    }
}
