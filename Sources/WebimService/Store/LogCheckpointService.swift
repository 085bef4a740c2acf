import HTTPAPI
import Logging
import ServiceLifecycle

/// Checkpoints the service database's write-ahead log every `interval`, until the service shuts down
/// (see `ServiceDatabase.checkpoint()` for why not in the commit).
struct LogCheckpointService: TypeNamedService {
    let database: ServiceDatabase
    let interval: Duration
    let logger: Logger

    func run() async throws {
        while true {
            do {
                try await cancelWhenGracefulShutdown { try await database.clock.sleep(for: interval) }
            } catch {
                return
            }
            do {
                try await database.checkpoint()
            } catch {
                // A missed checkpoint is made up by the next one, or by the commit's backstop.
                logger.warning("Checkpointing the service database failed: \(error)")
            }
        }
    }
}
