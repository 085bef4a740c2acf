import Foundation
import TestSupport
import Testing

@testable import WidgetServer

/// The drain a graceful shutdown starts, started here as `DrainService` starts it (`ServerDrain.run`), on a server
/// that keeps running afterwards so that what it answers can be seen: readiness, new and open tabs, open streams,
/// and the requests in flight.
@Suite struct DrainTests {
    @Test func readinessTurns503WhenTheDrainStartsWhileHealthStays200() async throws {
        try await LiveStack.withStack { stack in
            let client = WidgetClient(stack)
            let ready = try await client.get("/readyz")
            #expect(ready.status == 200 && ready.json["ready"] as? Bool == true)
            // --max-tabs, unless the descriptor budget (two streams a tab, in-process) holds fewer.
            let budget = DescriptorBudget(limit: OpenFileLimit.soft, streamsPerTab: 2, longPollsPerTab: 0)
            #expect(ready.json["maxTabs"] as? Int == min(10_000, budget.maximumTabs))
            let alive = try await client.get("/healthz")
            #expect(alive.status == 200 && alive.json["draining"] as? Bool == false)
            await stack.drain.run()
            let draining = try await client.get("/readyz")
            #expect(draining.status == 503 && draining.errorCode == "draining")
            #expect(draining.headers["retry-after"] == "1")
            #expect(draining.json["ready"] == nil)
            let stillAlive = try await client.get("/healthz")
            #expect(stillAlive.status == 200 && stillAlive.json["ok"] as? Bool == true)
            #expect(stillAlive.json["draining"] as? Bool == true)
        }
    }

    @Test func readinessIs503AtMaxTabsWithoutADrain() async throws {
        let oneTab: @Sendable (inout WidgetConfiguration) -> Void = { $0.maxTabs = 1 }
        try await LiveStack.withStack(adjust: oneTab) { stack in
            let client = WidgetClient(stack)
            #expect(try await client.get("/readyz").status == 200)
            _ = try await client.createTab()
            let full = try await client.get("/readyz")
            #expect(full.status == 503 && full.errorCode == "too_many_tabs")
            #expect(full.headers["retry-after"] != nil)
            #expect(try await client.get("/healthz").json["draining"] as? Bool == false)
        }
    }

    @Test func aNewTabIsRefusedDuringTheDrainWhileAnOpenTabKeepsWorking() async throws {
        try await LiveStack.withStack { stack in
            let client = WidgetClient(stack)
            let open = try await client.createTab()
            await stack.drain.run()
            let refused = try await client.post("/api/tabs", "{}")
            #expect(refused.status == 503 && refused.errorCode == "draining")
            #expect(refused.headers["retry-after"] == "1")
            // A tab this server does not hold open would start a session here: refused as well.
            let stranger = try await client.post("/api/tabs", #"{"resume":"AAAAAAAAAAAAAAAAAAAAAA"}"#)
            #expect(stranger.status == 503 && stranger.errorCode == "draining")
            let again = try await client.post("/api/tabs", #"{"resume":"\#(open)"}"#)
            #expect(again.status == 200 && again.json["tabId"] as? String == open)
            // The open tab's stream, opened again after the drain told it to go, is served as before.
            let stream = try await client.events(open)
            #expect(await stream.next()?.name == "snapshot")
            let sent = try await client.post(
                "/api/tabs/\(open)/messages",
                #"{"text":"Still here","clientId":"drain-open-0001"}"#
            )
            #expect(sent.status == 202)
            let added = await stream.waitFor { $0.name == "message.added" || $0.name == "reconnect" }
            #expect(added?.name == "message.added" && added?.message?["text"] as? String == "Still here")
            #expect(try await client.get("/api/tabs/\(open)/limits").status == 200)
            #expect(try await client.get("/healthz").json["tabs"] as? Int == 1)
            stream.close()
        }
    }

    @Test func everyOpenStreamIsToldToReconnectAndEnds() async throws {
        try await LiveStack.withStack { stack in
            let client = WidgetClient(stack)
            var streams: [SSEReader] = []
            for _ in 0..<2 {
                let stream = try await client.events(try await client.createTab(), includeRetry: true)
                let opening = await stream.next()
                #expect(opening?.name == "retry:" && opening?.data == "2000")
                #expect(await stream.next()?.name == "snapshot")
                streams.append(stream)
            }
            await stack.drain.run()
            for stream in streams {
                // What the tab published before the drain may come first; nothing named `reconnect` among it.
                var before: [String] = []
                var retry: SSEReader.Event?
                while let event = await stream.next() {
                    if event.name == "retry:" {
                        retry = event
                        break
                    }
                    before.append(event.name)
                }
                #expect(!before.contains("reconnect"), "\(before)")
                #expect(retry?.data == "1000")
                let reconnect = await stream.next()
                #expect(reconnect?.name == "reconnect")
                #expect(reconnect?.json["reason"] as? String == "draining")
                #expect(await stream.ends(), "the stream went on after reconnect")
            }
        }
    }

    @Test func aMessageInFlightWhenTheDrainStartsIsAnsweredAndKept() async throws {
        let text = "Sent as the server stops"
        try await withTemporaryDirectory { directory in
            try await LiveStack.withService(dataDirectory: directory) { service in
                let (tab, messageID) = try await LiveStack.withWidget(
                    accountURL: service,
                    serviceURL: service,
                    dataDirectory: directory
                ) { stack in
                    let client = WidgetClient(stack)
                    let tab = try await client.createTab()
                    let held = HeldRequest(
                        client,
                        "/api/tabs/\(tab)/messages",
                        body: #"{"text":"\#(text)","clientId":"drain-inflight-1"}"#
                    )
                    #expect(await eventually(within: .seconds(10)) { stack.drain.requestsInFlight == 1 })
                    let drained = Task { await stack.drain.run() }
                    #expect(await eventually(within: .seconds(10)) { stack.drain.isDraining })
                    #expect(!stack.drain.isFinished, "the drain did not wait for the message in flight")
                    held.release()
                    let answer = try await held.answer.value
                    #expect(answer.status == 202 && answer.json["clientId"] as? String == "drain-inflight-1")
                    #expect(await withTimeout(.seconds(10)) { await drained.value } != nil)
                    #expect(stack.drain.isFinished && stack.drain.requestsInFlight == 0)
                    return (tab, try #require(answer.json["id"] as? String))
                }
                // The server stopped after the drain; the next one has the message the 202 promised, on its way.
                try await LiveStack.withWidget(accountURL: service, serviceURL: service, dataDirectory: directory) {
                    stack in
                    let client = WidgetClient(stack)
                    let resumed = try await client.post("/api/tabs", #"{"resume":"\#(tab)"}"#)
                    #expect(resumed.json["tabId"] as? String == tab && resumed.json["resumed"] as? Bool == true)
                    let stream = try await client.events(tab)
                    let snapshot = try #require(await stream.next())
                    let isTheMessage: @Sendable ([String: Any]?) -> Bool = {
                        $0?["id"] as? String == messageID && $0?["text"] as? String == text
                    }
                    // The server reopens a tab whose outbox holds a message as it starts; a page resuming before that
                    // session has read its history gets the message as an event instead of in the snapshot.
                    var found = (snapshot.json["messages"] as? [[String: Any]] ?? []).contains(where: isTheMessage)
                    if !found {
                        found = await stream.waitFor { $0.name == "message.added" && isTheMessage($0.message) } != nil
                    }
                    #expect(found, "not in \(snapshot.data) nor added after it")
                    stream.close()
                }
            }
        }
    }

    @Test func theDrainEndsAtItsTimeoutWhileARequestHangs() async throws {
        let clock = TestClock()
        let timeout = Duration.seconds(10)
        let onTheTestClock: @Sendable (inout WidgetConfiguration) -> Void = {
            $0.clock = .manual(clock)
            $0.drainTimeout = timeout
        }
        try await LiveStack.withStack(adjust: onTheTestClock) { stack in
            let client = WidgetClient(stack)
            let tab = try await client.createTab()
            let held = HeldRequest(
                client,
                "/api/tabs/\(tab)/messages",
                body: #"{"text":"Slow","clientId":"drain-slow-01"}"#
            )
            #expect(await eventually(within: .seconds(10)) { stack.drain.requestsInFlight == 1 })
            let drained = Task { await stack.drain.run() }
            #expect(await clock.waitForSleep(until: clock.now.advanced(by: timeout)))
            #expect(!stack.drain.isFinished)
            clock.advance(by: timeout)
            #expect(await withTimeout(.seconds(10)) { await drained.value } != nil)
            #expect(stack.drain.isFinished && stack.drain.requestsInFlight == 1)
            // The server still answers it: the application's stop, not the drain, ends what is left.
            held.release()
            #expect(try await held.answer.value.status == 202)
        }
    }
}
