import Foundation
import HTTPAPI
import Logging
import ServiceLifecycle
import WidgetServer

/// Starts the widget server once the chat service's URL is known (the embedded service may pick its port),
/// then prints both URLs.
struct WidgetLauncher: TypeNamedService {
    /// What the server runs with, as the command line made it (`ServeCommand.makeConfiguration()`), whole; its
    /// `accountURL` comes from `accountURL`.
    let configuration: WidgetConfiguration
    /// The chat service's URL: `--account`'s at once, the embedded service's once it listens.
    let accountURL: Promise<String>
    /// How the embedded service's console is announced; nil with `--account`.
    let console: ConsoleAnnouncement?
    let logger: Logger

    func run() async throws {
        guard let accountURL = await cancelWhenGracefulShutdown({ await self.accountURL.value }) else { return }
        var configuration = configuration
        configuration.accountURL = accountURL
        let app = try await makeWidgetApplication(configuration: configuration, logger: logger) {
            [console, host = configuration.host] boundPort in
            var lines = "Webim widget:      http://\(ServeCommand.urlHost(host)):\(boundPort)/\n"
            if let console {
                lines += console.lines(serviceURL: accountURL)
            } else {
                lines += "Chat service:      \(accountURL)\n"
            }
            // Unbuffered, so that scripts and tests reading a pipe see the URLs at once.
            FileHandle.standardOutput.write(Data(lines.utf8))
        }
        try await app.run()
    }
}
