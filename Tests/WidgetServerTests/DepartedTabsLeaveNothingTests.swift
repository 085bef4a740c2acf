import Foundation
import Logging
import Synchronization
import TestSupport
import Testing

@testable import WidgetServer

/// Visitors come and go: once their tabs are closed, nothing of them stays in the widget server's memory.
@Suite struct DepartedTabsLeaveNothingTests {
    /// A weak reference a test can read from any task.
    final class Departed: Sendable {
        // @unchecked: the reference is only checked for nil, under the mutex.
        private struct Reference: @unchecked Sendable {
            weak var object: AnyObject?
        }

        private let references: Mutex<[Reference]> = Mutex([])

        func watch(_ object: AnyObject) {
            let reference = Reference(object: object)
            references.withLock { $0.append(reference) }
        }

        var aliveCount: Int { references.withLock { $0.count { $0.object != nil } } }
    }

    @Test func closedTabsFreeTheirSessions() async throws {
        try await withTemporaryDirectory { directory in
            try await LiveStack.withService(dataDirectory: directory) { serviceURL, transport in
                let configuration = WidgetConfiguration(
                    port: 0,
                    accountURL: serviceURL,
                    serviceTransport: transport,
                    dataDirectory: directory.appendingPathComponent("widget"),
                    publicDirectory: directory,
                    templatesDirectory: directory
                )
                let registry = TabRegistry()
                let opener = TabOpener(
                    registry: registry,
                    storage: try TabStorage(dataDirectory: configuration.dataDirectory),
                    configuration: configuration,
                    logger: Logger(label: "test")
                )
                let departed = Departed()
                for index in 0..<20 {
                    let tab = registry.makeTab()
                    try await opener.start(tab, options: .init(location: "default"), isKiosk: false, isResumed: false)
                    _ = try await tab.messages.send(
                        text: "Hello \(index)",
                        clientID: "hello-\(index)",
                        quotedMessageID: nil,
                        data: nil
                    )
                    departed.watch(tab)
                    await tab.watchSession(in: departed)
                    departed.watch(await tab.events)
                }
                #expect(departed.aliveCount == 60)
                // Half leave by a kiosk reset, half by closing the tab, some with the message still on its way.
                for (index, tab) in registry.removeAll().enumerated() {
                    await tab.close(index.isMultiple(of: 2) ? .erased : .closed)
                }
                let freed = await eventually(within: .seconds(10)) { departed.aliveCount == 0 }
                #expect(freed, "\(departed.aliveCount) of 60 tabs, sessions and event logs still in memory")
            }
        }
    }
}

extension TabSession {
    fileprivate func watchSession(in departed: DepartedTabsLeaveNothingTests.Departed) {
        if let session = live?.session { departed.watch(session) }
    }
}
