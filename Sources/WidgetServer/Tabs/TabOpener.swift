import Foundation
import HTTPAPI
import HTTPTypes
import Logging

/// Starts a tab's session in its folder, for a page (`POST /api/tabs`) or for the server itself (an outbox left
/// behind), and records in the folder what it was opened with.
struct TabOpener: Sendable {
    let registry: TabRegistry
    let configuration: WidgetConfiguration
    let logger: Logger

    /// The folder of every tab's folder.
    var tabsDirectory: URL { configuration.dataDirectory.appendingPathComponent("tabs") }

    /// Where a tab's visitor keeps history, outbox and ids.
    func folder(of tabID: String) -> URL { tabsDirectory.appendingPathComponent(tabID) }

    /// Starts `tab`'s session; on failure forgets the tab and throws 503 `session_failed`.
    func start(_ tab: TabSession, options: TabSession.Options, isKiosk: Bool, isResumed: Bool) async throws {
        let folder = folder(of: tab.id)
        do {
            try await tab.start(
                accountURL: configuration.accountURL,
                transport: configuration.serviceTransport,
                options: options,
                storageDirectory: folder,
                isKiosk: isKiosk,
                isResumed: isResumed
            )
            let kept = KeptTab(
                location: options.location,
                visitorFields: options.visitorFields,
                departmentKey: options.departmentKey,
                isKiosk: isKiosk
            )
            try kept.write(to: folder)
        } catch {
            if let removed = registry.remove(id: tab.id) { await removed.close(.shutdown) }
            logger.error("could not start a tab session", metadata: ["error": "\(error)"])
            throw APIError(.sessionFailed, "The chat session could not start.")
        }
    }
}
