import Foundation
import HTTPAPI
import Synchronization

/// The open tabs, by their unguessable ids.
final class TabRegistry: Sendable {
    private let tabs = Mutex<[String: TabSession]>([:])
    /// Tabs removed since the reaper last asked (`takeClosedCount`), so that it frees memory only after departures.
    private let closedSinceAsked = Atomic<Int>(0)
    /// The ids of tabs whose page has left and whose outbox is delivered, for the reaper to close at once. Each tab
    /// sends its id once per leaving, so the stream never holds more than the open tabs.
    let departures: AsyncStream<String>
    private let departing: AsyncStream<String>.Continuation

    /// What the server counts (`/metrics`): its tabs' action results and cut-off streams among it.
    let metrics = WidgetMetrics()
    /// The tabs each client address holds open; a tab stops counting as it leaves the registry.
    let clients = TabsPerClient()

    init() {
        (departures, departing) = AsyncStream.makeStream(of: String.self)
    }

    /// A new tab with a fresh 128-bit, URL-safe id.
    func makeTab(
        streamQueueCapacity: Int = WidgetConfiguration.Defaults.streamQueueCapacity,
        streamsPerTab: Int = WidgetConfiguration.Defaults.streamsPerTab
    ) -> TabSession {
        let tab = newTab(id: Self.makeTabID(), streamQueueCapacity: streamQueueCapacity, streamsPerTab: streamsPerTab)
        tabs.withLock { $0[tab.id] = tab }
        return tab
    }

    private func newTab(id: String, streamQueueCapacity: Int, streamsPerTab: Int) -> TabSession {
        TabSession(id: id, streamQueueCapacity: streamQueueCapacity, streamsPerTab: streamsPerTab, metrics: metrics) {
            [departing] in
            departing.yield(id)
        }
    }

    /// The open tab with `id`, or a new one under that id (a page coming back after the server restarted or the
    /// reaper closed its tab); `isNew` says which.
    func adoptTab(id: String, streamQueueCapacity: Int, streamsPerTab: Int) -> (tab: TabSession, isNew: Bool) {
        tabs.withLock { tabs in
            if let open = tabs[id] { return (open, false) }
            let tab = newTab(id: id, streamQueueCapacity: streamQueueCapacity, streamsPerTab: streamsPerTab)
            tabs[id] = tab
            return (tab, true)
        }
    }

    /// Whether `id` has the shape of an id this registry makes: 22 base64url characters.
    static func isWellFormed(id: String) -> Bool {
        id.utf8.count == 22
            && id.utf8.allSatisfy { byte in
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                    || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
                    || byte == UInt8(ascii: "_")
            }
    }

    /// The tab with this id, if it is open.
    func tab(id: String) -> TabSession? { tabs.withLock { $0[id] } }

    /// Forgets every tab that no page has read for `timeout`; returns them so that the caller can close them.
    ///
    /// A tab whose outbox still holds a message stays open, page or no page, and so keeps delivering it: closing it
    /// would destroy the only session that sends it.
    func removeIdle(for timeout: Duration) -> [TabSession] {
        tabs.withLock { tabs in
            let idle = tabs.values.filter { $0.events.isIdle(for: timeout) && !$0.events.hasUnsentMessages }
            for tab in idle {
                tabs[tab.id] = nil
                clients.release(tabID: tab.id)
            }
            closedSinceAsked.add(idle.count, ordering: .relaxed)
            return idle
        }
    }

    /// Forgets the tab if its page has left it and its outbox is delivered (it may have come back since it departed);
    /// returns it so that the caller can close it.
    func removeDeparted(id: String) -> TabSession? {
        let removed = tabs.withLock { tabs -> TabSession? in
            guard let tab = tabs[id], tab.events.isLeftAndDelivered else { return nil }
            tabs[id] = nil
            clients.release(tabID: id)
            return tab
        }
        if removed != nil { closedSinceAsked.add(1, ordering: .relaxed) }
        return removed
    }

    /// Forgets a tab; returns it so that the caller can close it.
    func remove(id: String) -> TabSession? {
        let removed = tabs.withLock { $0.removeValue(forKey: id) }
        clients.release(tabID: id)
        if removed != nil { closedSinceAsked.add(1, ordering: .relaxed) }
        return removed
    }

    /// How many tabs were removed (idle, departed or closed by their page) since the last call.
    func takeClosedCount() -> Int { closedSinceAsked.exchange(0, ordering: .relaxed) }

    /// How many tabs are open.
    var count: Int { tabs.withLock { $0.count } }

    /// How many event streams are open across every tab.
    var streamCount: Int {
        let open = tabs.withLock { Array($0.values) }
        return open.reduce(0) { $0 + $1.events.subscriberCount }
    }

    /// The ids of the open tabs.
    var openIDs: [String] { tabs.withLock { Array($0.keys) } }

    /// Sends a keep-alive comment down every open stream (`StreamPinger`).
    func pingStreams() {
        let open = tabs.withLock { Array($0.values) }
        for tab in open { tab.events.pingStreams() }
    }

    /// Sends `farewell` down every open stream of every tab and ends them (`TabEventLog.dismissStreams`); returns
    /// how many.
    @discardableResult
    func dismissStreams(with farewell: EventFrame) -> Int {
        let open = tabs.withLock { Array($0.values) }
        return open.reduce(0) { count, tab in count + tab.events.dismissStreams(with: farewell) }
    }

    /// Every open tab, for shutdown.
    func removeAll() -> [TabSession] {
        clients.releaseAll()
        return tabs.withLock { tabs in
            defer { tabs = [:] }
            return Array(tabs.values)
        }
    }

    /// 16 random bytes as unpadded base64url: 22 characters.
    static func makeTabID() -> String { RandomToken.make(byteCount: 16) }
}
