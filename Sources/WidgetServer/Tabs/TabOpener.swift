import Foundation
import HTTPAPI
import HTTPTypes
import Logging
import PrivateFiles
import WebimClientLibrary

/// Starts a tab's session in its folder, for a page (`POST /api/tabs`) or for the server itself (an outbox left
/// behind), and records in the folder what it was opened with.
struct TabOpener: Sendable {
    let registry: TabRegistry
    let storage: TabStorage
    let configuration: WidgetConfiguration
    let logger: Logger

    /// Starts `tab`'s session; on failure forgets the tab and throws 503 `session_failed`. With `visitor` (from a
    /// credential another server sealed), the session continues that visitor instead of making one.
    func start(
        _ tab: TabSession,
        options: TabSession.Options,
        isKiosk: Bool,
        isResumed: Bool,
        visitor: VisitorHandoff? = nil
    ) async throws {
        let folder = storage.folder(of: tab.id)
        do {
            // Made first: its existence is what says a closed tab's data is kept (`TabStorage.isKept`). 0700: it
            // holds the visitor's outbox files.
            try PrivateFiles.makeFolder(at: folder)
            if let visitor { try storage.history.adopt(visitor, visitorKey: tab.id) }
            try await tab.start(
                accountURL: configuration.accountURL,
                transport: configuration.serviceTransport,
                options: options,
                storage: storage,
                isKiosk: isKiosk,
                isResumed: isResumed,
                credentials: CredentialIssuer(
                    seal: CredentialSeal(key: configuration.clusterKey),
                    retention: configuration.tabDataRetention,
                    tabID: tab.id,
                    options: options,
                    isKiosk: isKiosk,
                    clock: configuration.clock
                ),
                allowsPrivateHintsHosts: configuration.allowsPrivateHintsHosts
            )
            let kept = KeptTab(
                location: options.location,
                visitorFields: options.visitorFields,
                departmentKey: options.departmentKey,
                isKiosk: isKiosk
            )
            // A page coming back finds its tab's file as it left it: reading it and marking the folder used (what the
            // write did besides) costs less than writing it again whole (a restart storm resumes a thousand at once).
            if isResumed, KeptTab.read(from: folder) == kept {
                storage.markUsed(tabID: tab.id)
            } else {
                try kept.write(to: folder)
            }
        } catch {
            if let removed = registry.remove(id: tab.id) { await removed.close(.shutdown) }
            // The error may name the tab's folder, which is its id.
            logger.error(
                "could not start a tab session",
                metadata: [
                    "tab": "\(LoggedTabID.shortened(tab.id))", "error": "\(LoggedTabID.redacted(in: "\(error)"))",
                ]
            )
            throw APIError(.sessionFailed, "The chat session could not start.")
        }
    }
}
