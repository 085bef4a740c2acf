public import HTTPAPI
import Logging
import ServiceLifecycle

/// The widget server as one service: its Hummingbird application, with the drain in front of its stop.
///
/// A service group stops its services in reverse order, each after the one before it has ended. Listed after the
/// application, the drain runs first on a graceful shutdown (SIGTERM) while the server still answers, and only when
/// it is over does the application stop listening and close the tabs (`TabShutdown`). It cannot be one of the
/// application's own services: Hummingbird lists those before its server, so they stop after it.
public struct WidgetApplication: TypeNamedService {
    /// The drain a graceful shutdown starts; tests start it themselves.
    public let drain: ServerDrain
    let application: any Service
    let logger: Logger

    /// Runs the application until a graceful shutdown, then drains, then stops it.
    public func run() async throws {
        let group = ServiceGroup(
            configuration: .init(services: [application, DrainService(drain: drain)], logger: logger)
        )
        try await group.run()
    }
}
