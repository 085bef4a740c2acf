import Foundation
import HTTPAPI
import Logging
import ServiceLifecycle
import WebimClientLibrary

/// At start, opens every kept tab whose outbox still holds messages (its page was closed, or the server stopped,
/// before the service confirmed them), with no page, so that its session delivers them; each closes as soon as its
/// messages are sent. A page that comes back meanwhile finds its tab open.
struct KeptOutboxDrainer: TypeNamedService {
    let opener: TabOpener
    let logger: Logger

    func run() async throws {
        await reopenTabsWithUnsentMessages()
        // A service that returns would end the application's whole service group.
        try? await gracefulShutdown()
    }

    private func reopenTabsWithUnsentMessages() async {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: opener.storage.tabsDirectory.path) else {
            return
        }
        var reopened = 0
        // Asked of the history store once for every kept tab, and the tab's file read only for those it names: a
        // restart finds a thousand kept tabs while their pages come back all at once.
        let withUnsent = opener.storage.tabsWithUnsentMessages(among: names.filter(TabRegistry.isWellFormed(id:)))
        for name in names where withUnsent.contains(name) {
            guard !Task.isCancelled else { return }
            guard opener.registry.tab(id: name) == nil, let kept = KeptTab.read(from: opener.storage.folder(of: name))
            else { continue }
            let configuration = opener.configuration
            let (tab, isNew) = opener.registry.adoptTab(
                id: name,
                streamQueueCapacity: configuration.streamQueueCapacity,
                streamsPerTab: configuration.streamsPerTab
            )
            guard isNew else { continue }
            do {
                try await opener.start(tab, options: kept.options, isKiosk: kept.isKiosk, isResumed: true)
                // No page has it: it closes once delivered, unless a page resumes it first (`markReturned`).
                tab.events.markLeftByPage()
                reopened += 1
            } catch {
                continue  // The opener has logged it; the folder stays for its page.
            }
        }
        if reopened > 0 {
            logger.info("reopened tabs to deliver the messages their pages left", metadata: ["tabs": "\(reopened)"])
        }
    }
}
