import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import TestSupport
import Testing
import WebimWire

/// The embedded service over real HTTP, as a Webim client sees it (PROTOCOL.md §2–§5).
@Suite struct ProtocolConformanceTests {
    private func get<Answer: Decodable>(_ url: String, as: Answer.Type) async throws -> Answer {
        let response = try await HTTPClient.shared.execute(HTTPClientRequest(url: url), timeout: .seconds(30))
        #expect(response.status == .ok)
        return try JSONDecoder().decode(
            Answer.self,
            from: Data(try await response.body.collect(upTo: 1 << 20).readableBytesView)
        )
    }

    private func action(_ base: String, _ fields: [(String, String)]) async throws -> ActionResponse {
        var request = HTTPClientRequest(url: base + WireEndpoint.action)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
        request.body = .bytes(ByteBuffer(string: WireForm.encode(fields)))
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
        return try JSONDecoder().decode(
            ActionResponse.self,
            from: Data(try await response.body.collect(upTo: 1 << 20).readableBytesView)
        )
    }

    private func initialize(_ base: String, device: String = UUID().uuidString) async throws -> FullUpdate {
        let query = WireForm.encode([("event", "init"), ("since", "0"), ("location", "default"), ("device-id", device)])
        let answer = try await get("\(base)\(WireEndpoint.initialization)?\(query)", as: DeltaResponse.self)
        #expect((answer.revision ?? 0) >= 1)
        return try #require(answer.fullUpdate)
    }

    @Test func initHandsOutAPageAndRecognisesTheVisitorAgain() async throws {
        try await withTemporaryDirectory { directory in
            try await LiveStack.withService(dataDirectory: directory) { base in
                let first = try await initialize(base, device: "device-1")
                let second = try await initialize(base, device: "device-1")
                #expect(first.visitorFull?.id == second.visitorFull?.id)
                #expect(first.pageId != second.pageId)
                #expect(first.chat == nil && first.state == "idle")
            }
        }
    }

    @Test func resentMessageWithTheSameClientSideIDIsStoredOnce() async throws {
        try await withTemporaryDirectory { directory in
            try await LiveStack.withService(dataDirectory: directory) { base in
                let page = try await initialize(base)
                let auth = [("page-id", page.pageId), ("auth-token", page.authToken)]
                let send = [
                    ("action", "chat.message"), ("client-side-id", "0123456789abcdef0123456789abcdef"),
                    ("message", "Hi"),
                ]
                #expect(try await action(base, send + auth).error == nil)
                #expect(try await action(base, send + auth).error == nil)
                let delta = WireForm.encode([("since", "1")] + auth)
                let answer = try await get("\(base)\(WireEndpoint.delta)?\(delta)", as: DeltaResponse.self)
                // The visitor's message, by its id: the default scenario's reply is another message.
                let added = (answer.deltaList ?? []).filter {
                    $0.objectType == "CHAT_MESSAGE" && $0.event == "add"
                        && $0.data?["clientSideId"]?.stringValue == "0123456789abcdef0123456789abcdef"
                }
                #expect(added.count == 1)
                #expect(answer.deltaList?.first?.objectType == "CHAT")
            }
        }
    }

    @Test func unknownPageGetsReinitRequiredAndBadActionsGetProtocolErrors() async throws {
        try await withTemporaryDirectory { directory in
            try await LiveStack.withService(dataDirectory: directory) { base in
                let stale = WireForm.encode([("since", "1"), ("page-id", "nope"), ("auth-token", "nope")])
                let answer = try await get("\(base)\(WireEndpoint.delta)?\(stale)", as: DeltaResponse.self)
                #expect(answer.error == WireError.reinitRequired)
                let page = try await initialize(base)
                let auth = [("page-id", page.pageId), ("auth-token", page.authToken)]
                #expect(try await action(base, [("action", "chat.dance")] + auth).error == WireError.unknownMethod)
                let empty = [("action", "chat.message"), ("client-side-id", "c1c1c1c1"), ("message", "  ")]
                #expect(try await action(base, empty + auth).error == WireError.messageEmpty)
            }
        }
    }

    @Test func heldPollAnswersWhenTheOperatorActsAndMissedChangesSurviveARestart() async throws {
        try await withTemporaryDirectory { directory in
            let page = try await LiveStack.withService(dataDirectory: directory) { base in
                let page = try await initialize(base, device: "restart-device")
                let auth = [("page-id", page.pageId), ("auth-token", page.authToken)]
                let send = [
                    ("action", "chat.message"), ("client-side-id", "feedfeedfeedfeed"), ("message", "Are you there?"),
                ]
                #expect(try await action(base, send + auth).error == nil)
                // The default scenario greets, then answers; wait for the answer through held polls.
                var since = 1
                var sawOperatorMessage = false
                for _ in 0..<20 where !sawOperatorMessage {
                    let query = WireForm.encode([("since", String(since))] + auth)
                    let answer = try await get("\(base)\(WireEndpoint.delta)?\(query)", as: DeltaResponse.self)
                    since = answer.revision ?? since
                    sawOperatorMessage = (answer.deltaList ?? []).contains { item in
                        item.objectType == "CHAT_MESSAGE" && item.data?["kind"]?.stringValue == "operator"
                            && item.data?["text"]?.stringValue?.hasPrefix("You wrote") == true
                    }
                }
                #expect(sawOperatorMessage)
                return page
            }
            // A new process on the same data: the old page still works and everything since revision 1 is there.
            try await LiveStack.withService(dataDirectory: directory) { base in
                let query = WireForm.encode([("since", "1"), ("page-id", page.pageId), ("auth-token", page.authToken)])
                let answer = try await get("\(base)\(WireEndpoint.delta)?\(query)", as: DeltaResponse.self)
                let texts = (answer.deltaList ?? []).compactMap { $0.data?["text"]?.stringValue }
                #expect(texts.contains("Are you there?"))
                #expect(texts.contains { $0.contains("Are you there?") && $0.hasPrefix("You wrote") })
            }
        }
    }
}
