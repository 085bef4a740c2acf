import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import TestSupport
import Testing

/// The widget's HTTP and SSE contract, read by a real client over loopback.
@Suite struct TabStreamTests {
    private struct Answer {
        var status: UInt
        var json: [String: Any]
    }

    private func post(_ url: String, _ body: String) async throws -> Answer {
        var request = HTTPClientRequest(url: url)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        request.body = .bytes(ByteBuffer(string: body))
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
        let data = Data(try await response.body.collect(upTo: 1 << 20).readableBytesView)
        let json = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
        return Answer(status: response.status.code, json: json)
    }

    private func createTab(_ stack: LiveStack) async throws -> String {
        let answer = try await post(stack.widgetURL + "/api/tabs", "{}")
        #expect(answer.status == 201)
        return try #require(answer.json["tabId"] as? String)
    }

    @Test func streamStartsWithSnapshotAndCarriesTheWholeExchange() async throws {
        try await LiveStack.withStack { stack in
            let tab = try await createTab(stack)
            #expect(tab.count == 22)
            let stream = try await SSEReader(url: "\(stack.widgetURL)/api/tabs/\(tab)/events")
            #expect(stream.status == 200)
            #expect(stream.headers["content-type"] == "text/event-stream")
            #expect(stream.headers["cache-control"] == "no-cache")
            #expect(stream.headers["x-accel-buffering"] == "no")
            let snapshot = await stream.next()
            #expect(snapshot?.name == "snapshot")

            let sent = try await post(
                "\(stack.widgetURL)/api/tabs/\(tab)/messages",
                #"{"text":"Hello, widget","clientId":"page-0001"}"#
            )
            #expect(sent.status == 202)
            let messageID = try #require(sent.json["messageId"] as? String)
            let added = await stream.waitFor { $0.name == "message.added" }
            let addedMessage = added?.json["message"] as? [String: Any]
            #expect(addedMessage?["clientId"] as? String == "page-0001")
            #expect(addedMessage?["sendStatus"] as? String == "sending")
            let confirmed = await stream.waitFor { event in
                let message = event.json["message"] as? [String: Any]
                return event.name == "message.changed" && message?["id"] as? String == messageID
                    && message?["sendStatus"] as? String == "sent"
            }
            #expect(confirmed != nil)
            let reply = await stream.waitFor { event in
                let message = event.json["message"] as? [String: Any]
                return event.name == "message.added" && message?["type"] as? String == "operator"
                    && (message?["text"] as? String)?.contains("Hello, widget") == true
            }
            #expect(reply != nil)
            let ids = [added, confirmed, reply].compactMap { $0?.id.flatMap { Int($0) } }
            #expect(ids == ids.sorted() && Set(ids).count == 3)
            stream.close()
        }
    }

    @Test func retriedPostWithTheSameClientIDMakesOneMessage() async throws {
        try await LiveStack.withStack { stack in
            let tab = try await createTab(stack)
            let body = #"{"text":"Only once","clientId":"retry-0001"}"#
            let first = try await post("\(stack.widgetURL)/api/tabs/\(tab)/messages", body)
            let second = try await post("\(stack.widgetURL)/api/tabs/\(tab)/messages", body)
            #expect(first.json["messageId"] as? String == second.json["messageId"] as? String)
            let stream = try await SSEReader(url: "\(stack.widgetURL)/api/tabs/\(tab)/events")
            let snapshot = await stream.next()
            let messages = snapshot?.json["messages"] as? [[String: Any]] ?? []
            #expect(messages.filter { $0["text"] as? String == "Only once" }.count == 1)
            stream.close()
        }
    }

    @Test func badInputGetsAJSONErrorNamingTheProblem() async throws {
        try await LiveStack.withStack { stack in
            let tab = try await createTab(stack)
            let missing = try await post("\(stack.widgetURL)/api/tabs/\(tab)/messages", #"{"text":"hi"}"#)
            #expect(missing.status == 400)
            let error = missing.json["error"] as? [String: Any]
            #expect(error?["code"] as? String == "missing_field")
            #expect(error?["field"] as? String == "clientId")
            let notJSON = try await post("\(stack.widgetURL)/api/tabs/\(tab)/messages", "text=hi")
            #expect((notJSON.json["error"] as? [String: Any])?["code"] as? String == "invalid_json")
            let empty = try await post(
                "\(stack.widgetURL)/api/tabs/\(tab)/messages",
                #"{"text":"  ","clientId":"page-0002"}"#
            )
            #expect((empty.json["error"] as? [String: Any])?["code"] as? String == "empty_text")
            let unknown = try await post(
                "\(stack.widgetURL)/api/tabs/nope/messages",
                #"{"text":"hi","clientId":"page-0003"}"#
            )
            #expect(unknown.status == 404)
            let goneStream = try await SSEReader(url: "\(stack.widgetURL)/api/tabs/nope/events")
            #expect(goneStream.status == 204)
        }
    }

    @Test func resumingWithLastEventIDReplaysOnlyWhatWasMissed() async throws {
        try await LiveStack.withStack { stack in
            let tab = try await createTab(stack)
            let first = try await SSEReader(url: "\(stack.widgetURL)/api/tabs/\(tab)/events")
            _ = await first.next()
            _ = try await post(
                "\(stack.widgetURL)/api/tabs/\(tab)/messages",
                #"{"text":"Resume me","clientId":"page-0004"}"#
            )
            let added = try #require(await first.waitFor { $0.name == "message.added" })
            first.close()
            let resumed = try await SSEReader(
                url: "\(stack.widgetURL)/api/tabs/\(tab)/events",
                headers: ["Last-Event-ID": added.id ?? ""]
            )
            let next = try #require(await resumed.next())
            #expect(next.name != "snapshot")
            #expect(Int(next.id ?? "") == Int(added.id ?? "")! + 1)
            resumed.close()
        }
    }
}
