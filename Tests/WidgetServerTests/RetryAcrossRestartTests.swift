import Foundation
import NIOHTTP1
import TestSupport
import Testing
import WidgetServer

/// A page that got no answer sends its message again with the same `clientId`, whatever happened to the server in
/// between: the service keeps one message.
@Suite struct RetryAcrossRestartTests {
    @Test func aMessageRetriedAfterARestartIsStoredOnce() async throws {
        try await withTemporaryDirectory { directory in
            try await LiveStack.withService(dataDirectory: directory) { service in
                let (tab, firstID) = try await LiveStack.withWidget(
                    accountURL: service,
                    serviceURL: service,
                    dataDirectory: directory
                ) { stack in
                    let client = WidgetClient(stack)
                    let tab = try await client.createTab()
                    let stream = try await client.events(tab)
                    _ = await stream.next()
                    let sent = try await client.post(
                        "/api/tabs/\(tab)/messages",
                        #"{"text":"Said once","clientId":"once-0001"}"#
                    )
                    #expect(sent.status == 202)
                    let confirmed = await stream.waitFor {
                        $0.name == "message.changed" && $0.message?["sendStatus"] as? String == "sent"
                    }
                    #expect(confirmed != nil)
                    stream.close()
                    return (tab, sent.json["id"] as? String)
                }
                try await LiveStack.withWidget(accountURL: service, serviceURL: service, dataDirectory: directory) {
                    stack in
                    let client = WidgetClient(stack)
                    #expect(try await client.post("/api/tabs", #"{"resume":"\#(tab)"}"#).status == 201)
                    let retried = try await client.post(
                        "/api/tabs/\(tab)/messages",
                        #"{"text":"Said once","clientId":"once-0001"}"#
                    )
                    #expect(retried.status == 202)
                    #expect(retried.json["id"] as? String == firstID)
                    try await Self.expectServiceKeeps(["Said once"], stack: stack, client: client, tab: tab)
                }
            }
        }
    }

    /// The window a crash hits: the message is in the outbox, not yet at the service, and the page never got its 202.
    @Test func aMessageStillInTheOutboxIsNotSentTwiceByARetryAfterARestart() async throws {
        try await withTemporaryDirectory { directory in
            let tab = try await LiveStack.withWidget(
                accountURL: "http://127.0.0.1:1",
                serviceURL: "http://127.0.0.1:1",
                dataDirectory: directory
            ) { stack in
                let client = WidgetClient(stack)
                let tab = try await client.createTab()
                let sent = try await client.post(
                    "/api/tabs/\(tab)/messages",
                    #"{"text":"Waiting in the outbox","clientId":"outbox-0001"}"#
                )
                #expect(sent.status == 202)
                return tab
            }
            try await LiveStack.withService(dataDirectory: directory) { service in
                try await LiveStack.withWidget(accountURL: service, serviceURL: service, dataDirectory: directory) {
                    stack in
                    let client = WidgetClient(stack)
                    // The server may have reopened the tab by itself to deliver its outbox (200), or not yet (201).
                    let resumed = try await client.post("/api/tabs", #"{"resume":"\#(tab)"}"#)
                    #expect([200, 201].contains(resumed.status) && resumed.json["resumed"] as? Bool == true)
                    let retried = try await client.post(
                        "/api/tabs/\(tab)/messages",
                        #"{"text":"Waiting in the outbox","clientId":"outbox-0001"}"#
                    )
                    #expect(retried.status == 202)
                    try await Self.expectServiceKeeps(["Waiting in the outbox"], stack: stack, client: client, tab: tab)
                }
            }
        }
    }

    /// Sends a last message and waits until it is sent: the outbox delivers in order, so by then anything sent
    /// twice before it is at the service too. Then `texts`, and the last one, must be there exactly once each.
    private static func expectServiceKeeps(
        _ texts: [String],
        stack: LiveStack,
        client: WidgetClient,
        tab: String
    ) async throws {
        let stream = try await client.events(tab)
        _ = await stream.next()
        #expect(
            try await client.post("/api/tabs/\(tab)/messages", #"{"text":"Last","clientId":"last-0001"}"#).status
                == 202
        )
        let last = await stream.waitFor {
            $0.message?["text"] as? String == "Last" && $0.message?["sendStatus"] as? String == "sent"
        }
        #expect(last != nil)
        stream.close()
        let console = OperatorConsoleClient(serviceURL: stack.serviceURL)
        let visitor = try await console.onlyVisitorID()
        let chat = try await console.request("GET", "/visitors/\(visitor)") as? [String: Any]
        let messages = (chat?["chat"] as? [String: Any])?["messages"] as? [[String: Any]] ?? []
        let stored = messages.compactMap { $0["text"] as? String }
        for text in texts + ["Last"] {
            #expect(stored.filter { $0 == text }.count == 1, "\(text) in \(stored)")
        }
    }
}

/// What a page leaves in its tab's outbox is delivered by the server itself, even after it restarted, with no page.
@Suite struct KeptOutboxTests {
    @Test func aRestartedServerDeliversAnOutboxNoPageCameBackFor() async throws {
        try await withTemporaryDirectory { directory in
            _ = try await LiveStack.withWidget(
                accountURL: "http://127.0.0.1:1",
                serviceURL: "http://127.0.0.1:1",
                dataDirectory: directory
            ) { stack in
                let client = WidgetClient(stack)
                let tab = try await client.createTab()
                let sent = try await client.post(
                    "/api/tabs/\(tab)/messages",
                    #"{"text":"Left behind","clientId":"left-0001"}"#
                )
                #expect(sent.status == 202)
                // The page closes for good; the tab stays open to deliver its message.
                #expect(try await client.request(.DELETE, "/api/tabs/\(tab)").status == 204)
                #expect(try await client.post("/api/tabs", #"{"resume":"\#(tab)"}"#).status == 200)
                return tab
            }
            try await LiveStack.withService(dataDirectory: directory) { service in
                try await LiveStack.withWidget(accountURL: service, serviceURL: service, dataDirectory: directory) {
                    stack in
                    // No page comes back: the server finds the kept folder with a pending message by itself.
                    let console = OperatorConsoleClient(serviceURL: stack.serviceURL)
                    let visitor = try await console.onlyVisitorID(within: .seconds(30))
                    let stored = await eventually(within: .seconds(30)) {
                        let chat = try? await console.request("GET", "/visitors/\(visitor)") as? [String: Any]
                        let messages = (chat?["chat"] as? [String: Any])?["messages"] as? [[String: Any]] ?? []
                        return messages.contains { $0["text"] as? String == "Left behind" }
                    }
                    #expect(stored)
                    // Delivered, the tab has nothing to stay open for.
                    let client = WidgetClient(stack)
                    let closed = await eventually(within: .seconds(15)) {
                        (try? await client.get("/healthz").json["tabs"] as? Int) == 0
                    }
                    #expect(closed)
                }
            }
        }
    }

    /// A tab kept open for its outbox closes the moment the service confirms the message, not at the reaper's next
    /// pass (every 30 s with the usual idle timeout): under load, those tabs piled up by the thousand.
    @Test func aTabItsPageLeftClosesAsSoonAsItsOutboxIsDelivered() async throws {
        try await withTemporaryDirectory { directory in
            let servicePort = try FreePort.make()
            let serviceURL = "http://127.0.0.1:\(servicePort)"
            try await LiveStack.withWidget(accountURL: serviceURL, serviceURL: serviceURL, dataDirectory: directory) {
                stack in
                let client = WidgetClient(stack)
                let tab = try await client.createTab()
                let sent = try await client.post(
                    "/api/tabs/\(tab)/messages",
                    #"{"text":"On its way","clientId":"left-0002"}"#
                )
                #expect(sent.status == 202)
                #expect(try await client.request(.DELETE, "/api/tabs/\(tab)").status == 204)
                #expect(try await client.get("/healthz").json["tabs"] as? Int == 1)
                try await LiveStack.withService(dataDirectory: directory, port: servicePort) { _ in
                    let closed = await eventually(within: .seconds(15)) {
                        (try? await client.get("/healthz").json["tabs"] as? Int) == 0
                    }
                    #expect(closed)
                    let console = OperatorConsoleClient(serviceURL: serviceURL)
                    let chat = try await console.request("GET", "/visitors/\(try await console.onlyVisitorID())")
                    let messages =
                        ((chat as? [String: Any])?["chat"] as? [String: Any])?["messages"] as? [[String: Any]]
                    #expect(messages?.filter { $0["text"] as? String == "On its way" }.count == 1)
                }
            }
        }
    }
}
