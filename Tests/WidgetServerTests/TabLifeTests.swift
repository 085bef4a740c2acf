import Foundation
import HTTPAPI
import Logging
import NIOHTTP1
import TestSupport
import Testing

@testable import WidgetServer

/// A tab's life beyond one page load: coming back after a reload or a restart, limits on a runaway page,
/// wrong methods, and old visitor data swept away.
@Suite struct TabLifeTests {
    @Test func aWrongMethodOnAKnownPathIs405WithAllow() async throws {
        try await LiveStack.withStack { stack in
            let client = WidgetClient(stack)
            let tab = try await client.createTab()
            let put = try await client.request(.PUT, "/api/tabs/\(tab)/messages", body: "{}")
            #expect(put.status == 405 && put.errorCode == "method_not_allowed")
            #expect(put.headers["allow"] == "POST")
            let listing = try await client.get("/api/tabs")
            #expect(listing.status == 405 && listing.headers["allow"] == "POST")
            let message = try await client.request(.PUT, "/api/tabs/\(tab)/messages/some-id", body: "{}")
            #expect(message.headers["allow"] == "DELETE, PATCH")
            let unknown = try await client.get("/api/nothing-here")
            #expect(unknown.status == 404 && unknown.errorCode == "not_found")
        }
    }

    @Test func aPageChangingThingsTooFastGets429AndOtherTabsDoNot() async throws {
        let strict: @Sendable (inout WidgetConfiguration) -> Void = {
            // One token per 100 s: the fourth request within the test is refused however slow the machine.
            $0.tabActionRate = .init(perSecond: 0.01, burst: 3)
        }
        try await LiveStack.withStack(adjust: strict) { stack in
            let client = WidgetClient(stack)
            let flooding = try await client.createTab()
            let calm = try await client.createTab()
            var statuses: [UInt] = []
            for _ in 0..<3 {
                statuses.append(try await client.post("/api/tabs/\(flooding)/typing", #"{"draft":"a"}"#).status)
            }
            #expect(statuses == [204, 204, 204])
            let refused = try await client.post("/api/tabs/\(flooding)/typing", #"{"draft":"ab"}"#)
            #expect(refused.status == 429 && refused.errorCode == "rate_limited")
            let retryAfter = Int(refused.headers["retry-after"] ?? "")
            #expect(retryAfter.map { $0 >= 1 } == true, "Retry-After: \(refused.headers["retry-after"] ?? "none")")
            #expect(try await client.post("/api/tabs/\(calm)/typing", #"{"draft":"a"}"#).status == 204)
            // Reading is never limited.
            #expect(try await client.get("/api/tabs/\(flooding)/limits").status != 429)
        }
    }

    /// Behind nginx every visitor arrives from the proxy's address: from a trusted proxy, new tabs count against the
    /// visitor its `X-Real-IP` names; from anyone else the header changes nothing.
    @Test func newTabsCountAgainstTheVisitorATrustedProxyNames() async throws {
        // One token per 1,000 s: the third new tab of one visitor within the test is refused however slow the machine.
        let behindNginx: @Sendable (inout WidgetConfiguration) -> Void = {
            $0.tabCreationRate = .init(perSecond: 0.001, burst: 2)
            $0.trustedProxies = ["127.0.0.1"]
        }
        try await WidgetClient.withWidgetAlone(adjust: behindNginx) { client in
            let statuses = try await Self.openTabs(
                client,
                from: [
                    "203.0.113.7", "203.0.113.7", "203.0.113.7", "203.0.113.8", "anything-at-all",
                ]
            )
            // The service is not there, so a tab cannot start (503): what matters is which are 429. The third from
            // one visitor is; another visitor's is not; a header that is no address counts against the proxy itself,
            // whose bucket is still full.
            #expect(statuses.map { $0 == 429 } == [false, false, true, false, false], "\(statuses)")
        }
        let untrusted: @Sendable (inout WidgetConfiguration) -> Void = {
            $0.tabCreationRate = .init(perSecond: 0.001, burst: 2)
        }
        try await WidgetClient.withWidgetAlone(adjust: untrusted) { client in
            let statuses = try await Self.openTabs(client, from: ["203.0.113.1", "203.0.113.2", "203.0.113.3"])
            #expect(statuses.last == 429, "an untrusted X-Real-IP chose the bucket: \(statuses)")
        }
    }

    /// `POST /api/tabs/{tab}` for a new id from each of `visitors` in turn, as a proxy naming them; the statuses.
    private static func openTabs(_ client: WidgetClient, from visitors: [String]) async throws -> [UInt] {
        var statuses: [UInt] = []
        for visitor in visitors {
            let path = "/api/tabs/\(RandomToken.make(byteCount: 16))"
            statuses.append(try await client.post(path, "{}", headers: ["X-Real-IP": visitor]).status)
        }
        return statuses
    }

    @Test func aReloadedPageGetsItsOpenTabBack() async throws {
        try await LiveStack.withStack { stack in
            let client = WidgetClient(stack)
            let tab = try await client.createTab()
            let again = try await client.post("/api/tabs", #"{"resume":"\#(tab)"}"#)
            #expect(again.status == 200)
            #expect(again.json["tabId"] as? String == tab && again.json["resumed"] as? Bool == true)
            let stranger = try await client.post("/api/tabs", #"{"resume":"AAAAAAAAAAAAAAAAAAAAAA"}"#)
            #expect(stranger.status == 201 && stranger.json["resumed"] as? Bool == false)
            #expect(stranger.json["tabId"] as? String != "AAAAAAAAAAAAAAAAAAAAAA")
            let malformed = try await client.post("/api/tabs", #"{"resume":"../../service"}"#)
            #expect(malformed.status == 400 && malformed.errorField == "resume")
        }
    }

    @Test func aPageComesBackToItsChatAfterTheServerRestarts() async throws {
        try await withTemporaryDirectory { directory in
            try await LiveStack.withService(dataDirectory: directory) { service in
                let tab = try await LiveStack.withWidget(
                    accountURL: service,
                    serviceURL: service,
                    dataDirectory: directory
                ) { stack in
                    let client = WidgetClient(stack)
                    let tab = try await client.createTab()
                    let stream = try await client.events(tab)
                    _ = await stream.next()
                    _ = try await client.post(
                        "/api/tabs/\(tab)/messages",
                        #"{"text":"Before the restart","clientId":"restart-0001"}"#
                    )
                    let sent = await stream.waitFor {
                        $0.name == "message.changed" && $0.message?["sendStatus"] as? String == "sent"
                    }
                    #expect(sent != nil)
                    stream.close()
                    return tab
                }
                try await LiveStack.withWidget(accountURL: service, serviceURL: service, dataDirectory: directory) {
                    stack in
                    let client = WidgetClient(stack)
                    let back = try await client.post("/api/tabs", #"{"resume":"\#(tab)"}"#)
                    #expect(back.status == 201)
                    #expect(back.json["tabId"] as? String == tab && back.json["resumed"] as? Bool == true)
                    let stream = try await client.events(tab)
                    let snapshot = try #require(await stream.next())
                    let texts = (snapshot.json["messages"] as? [[String: Any]] ?? []).compactMap {
                        $0["text"] as? String
                    }
                    #expect(texts.contains("Before the restart"), "snapshot messages: \(texts)")
                    stream.close()
                }
            }
        }
    }

    /// A cursor from before a restart names no event of the new process: the page gets a snapshot, never the new
    /// process's events under ids it believes it already has.
    @Test func aCursorFromBeforeARestartGetsASnapshot() async throws {
        try await withTemporaryDirectory { directory in
            try await LiveStack.withService(dataDirectory: directory) { service in
                let (tab, oldCursor) = try await LiveStack.withWidget(
                    accountURL: service,
                    serviceURL: service,
                    dataDirectory: directory
                ) { stack in
                    let client = WidgetClient(stack)
                    let tab = try await client.createTab()
                    let stream = try await client.events(tab)
                    _ = await stream.next()
                    _ = try await client.post("/api/tabs/\(tab)/messages", #"{"text":"One","clientId":"cursor-0001"}"#)
                    let sent = await stream.waitFor { $0.message?["sendStatus"] as? String == "sent" }
                    stream.close()
                    return (tab, Int(sent?.id ?? "") ?? 0)
                }
                try await LiveStack.withWidget(accountURL: service, serviceURL: service, dataDirectory: directory) {
                    stack in
                    let client = WidgetClient(stack)
                    #expect(try await client.post("/api/tabs", #"{"resume":"\#(tab)"}"#).status == 201)
                    // Enough events in the new process for the old cursor's number to be among them if ids restarted.
                    let watching = try await client.events(tab)
                    for index in 0..<3 {
                        _ = try await client.post(
                            "/api/tabs/\(tab)/messages",
                            #"{"text":"Again \#(index)","clientId":"cursor-100\#(index)"}"#
                        )
                    }
                    _ = await watching.waitFor { $0.message?["text"] as? String == "Again 2" }
                    watching.close()
                    let resumed = try await client.events(tab, headers: ["Last-Event-ID": String(oldCursor)])
                    let first = await resumed.next()
                    #expect(first?.name == "snapshot")
                    #expect((Int(first?.id ?? "") ?? 0) > oldCursor)
                    resumed.close()
                }
            }
        }
    }

    /// Each session holds a connection in its 25 s long-poll; with a pool of 8 per host, the ninth tab's
    /// message would wait for one of those polls to end.
    @Test func twelveTabsAtOnceEachGetTheirMessageSent() async throws {
        try await LiveStack.withStack { stack in
            let client = WidgetClient(stack)
            var streams: [(tab: String, stream: SSEReader)] = []
            for _ in 0..<12 {
                let tab = try await client.createTab()
                let stream = try await client.events(tab)
                _ = await stream.next()
                streams.append((tab, stream))
            }
            for (index, entry) in streams.enumerated() {
                let sent = try await client.post(
                    "/api/tabs/\(entry.tab)/messages",
                    #"{"text":"From tab \#(index)","clientId":"many-tabs-\#(index)"}"#
                )
                #expect(sent.status == 202)
            }
            for (index, entry) in streams.enumerated() {
                let confirmed = await entry.stream.waitFor(timeout: .seconds(20)) {
                    $0.name == "message.changed" && $0.message?["sendStatus"] as? String == "sent"
                }
                #expect(confirmed?.message?["text"] as? String == "From tab \(index)")
                entry.stream.close()
            }
        }
    }

    @Test func closedTabsDataIsDeletedAfterTheRetentionOnly() async throws {
        try await withTemporaryDirectory { directory in
            let storage = try TabStorage(dataDirectory: directory)
            let tabs = storage.tabsDirectory
            let registry = TabRegistry()
            let open = registry.makeTab()
            let files = FileManager.default
            let old = Date().addingTimeInterval(-3 * 24 * 3600)
            for name in ["closed-long-ago", "closed-recently", open.id] {
                let folder = tabs.appendingPathComponent(name)
                try files.createDirectory(at: folder, withIntermediateDirectories: true)
                try Data("{}".utf8).write(to: folder.appendingPathComponent("tab.json"))
                if name != "closed-recently" {
                    try files.setAttributes([.modificationDate: old], ofItemAtPath: folder.path)
                    try files.setAttributes(
                        [.modificationDate: old],
                        ofItemAtPath: folder.appendingPathComponent("tab.json").path
                    )
                }
            }
            let sweeper = TabDataSweeper(
                storage: storage,
                retention: .seconds(24 * 3600),
                registry: registry,
                logger: Logger(label: "sweep")
            )
            #expect(sweeper.sweep() == 1)
            let left = try files.contentsOfDirectory(atPath: tabs.path).sorted()
            #expect(left == ["closed-recently", open.id].sorted())
        }
    }

    @Test func closedTabsBeyondTheDiskBudgetGoOldestFirst() async throws {
        try await withTemporaryDirectory { directory in
            let storage = try TabStorage(dataDirectory: directory)
            let tabs = storage.tabsDirectory
            let registry = TabRegistry()
            let open = registry.makeTab()
            let files = FileManager.default
            // Four closed tabs of 1,000 bytes each, used an hour apart; an open tab is never swept.
            for (age, name) in [(4, "oldest"), (3, "older"), (2, "newer"), (1, "newest"), (5, open.id)] {
                let folder = tabs.appendingPathComponent(name)
                try files.createDirectory(at: folder, withIntermediateDirectories: true)
                let file = folder.appendingPathComponent("tab.json")
                try Data(repeating: 7, count: 1_000).write(to: file)
                let used = Date().addingTimeInterval(-Double(age) * 3600)
                for path in [file.path, folder.path] {
                    try files.setAttributes([.modificationDate: used], ofItemAtPath: path)
                }
            }
            let sweeper = TabDataSweeper(
                storage: storage,
                retention: .seconds(24 * 3600),
                budget: 2_500,
                registry: registry,
                logger: Logger(label: "sweep")
            )
            #expect(sweeper.sweep() == 2)
            let left = try files.contentsOfDirectory(atPath: tabs.path).sorted()
            #expect(left == ["newer", "newest", open.id].sorted())
        }
    }
}
