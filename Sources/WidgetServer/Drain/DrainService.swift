import HTTPAPI
import ServiceLifecycle

/// Runs the drain when a graceful shutdown reaches it, and ends only when the drain is over: listed after the
/// application in `WidgetApplication`'s group, it holds the application's stop until then.
struct DrainService: TypeNamedService {
    let drain: ServerDrain

    func run() async throws {
        // Cancelled instead (the application failed to start, say): there is nothing to drain.
        guard (try? await gracefulShutdown()) != nil else { return }
        await drain.run()
    }
}
