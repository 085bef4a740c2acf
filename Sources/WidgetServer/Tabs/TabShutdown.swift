import HTTPAPI
import ServiceLifecycle

/// On graceful shutdown, ends every tab's stream (so open responses finish) and destroys the sessions.
struct TabShutdown: TypeNamedService {
    let registry: TabRegistry

    func run() async throws {
        try? await gracefulShutdown()
        await TabClosing.close(registry.removeAll(), .shutdown)
    }
}
