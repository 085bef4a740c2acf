import HTTPAPI
import ServiceLifecycle

/// Sends `: ping` down every open event stream every `interval`, so that no proxy closes one for being quiet.
///
/// One loop for the server rather than a sleeping task beside each stream: that task, its group and its timer were
/// memory every open stream kept.
struct StreamPinger: TypeNamedService {
    let registry: TabRegistry
    let interval: Duration
    var clock: any Clock<Duration> = ContinuousClock()

    func run() async throws {
        try? await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                try await clock.sleep(for: interval, tolerance: nil)
                registry.pingStreams()
            }
        }
    }
}
