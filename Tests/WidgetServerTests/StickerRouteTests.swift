import Foundation
import NIOHTTP1
import TestSupport
import Testing

/// Stickers over real HTTP against the embedded service's `stickers` location: the set a location offers, the
/// sticker route (once per clientId) and the sticker's JSON in a message, pinned as golden text.
@Suite struct StickerRouteTests {
    /// The JSON of `value` with sorted keys, for comparing against golden text.
    private static func golden(_ value: Any?) throws -> String {
        let object = try #require(value)
        let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .fragmentsAllowed])
        return String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\\/", with: "/")
    }

    @Test func aStickerIsSentOnceAndTheBotAnswersWithAPicture() async throws {
        try await LiveStack.withStack { stack in
            let client = WidgetClient(stack)
            let tab = try await client.createTab(location: "stickers")
            let stream = try await client.events(tab)
            #expect(await stream.next()?.name == "snapshot")

            let limits = try await client.get("/api/tabs/\(tab)/limits")
            let offered = try #require(limits.json["stickers"] as? [[String: Any]])
            #expect(offered.map { $0["id"] as? Int } == [1, 2, 3, 4, 5, 6, 7, 8])
            #expect(
                try Self.golden(offered.first)
                    == #"{"id":1,"name":"Waving hand","url":"/static/stickers/1.svg"}"#
            )

            let body = #"{"stickerId":3,"clientId":"sticker-0001"}"#
            let sent = try await client.post("/api/tabs/\(tab)/stickers", body)
            #expect(sent.status == 202, "\(sent.text)")
            #expect(sent.json["clientId"] as? String == "sticker-0001")
            // The page retries after a lost answer: nothing is sent again.
            #expect(try await client.post("/api/tabs/\(tab)/stickers", body).status == 202)

            // The sent sticker, the result and the bot's answer come in any order.
            var visitorSticker: [String: Any]?
            var resultOK: Bool?
            var answer: [String: Any]?
            var seen: [String] = []
            while visitorSticker == nil || resultOK == nil || answer == nil,
                let event = await stream.next(timeout: .seconds(20))
            {
                seen.append("\(event.name) \(event.data)")
                let message = event.message
                if event.name == "result", event.json["clientId"] as? String == "sticker-0001" {
                    resultOK = event.json["ok"] as? Bool
                } else if message?["type"] as? String == "sticker", message?["sendStatus"] as? String == "sent" {
                    visitorSticker = message
                } else if message?["type"] as? String == "operator", message?["sticker"] is [String: Any] {
                    answer = message
                }
            }
            #expect(resultOK == true, "events: \(seen)")
            #expect(
                try Self.golden(visitorSticker?["sticker"])
                    == #"{"id":3,"name":"Heart","url":"/static/stickers/3.svg"}"#
            )
            // Webim has no operator sticker: the bot's is an operator message whose data carries the id.
            let message = try #require(answer, "events: \(seen)")
            #expect(
                try Self.golden(message["sticker"]) == #"{"id":2,"name":"Thumbs up","url":"/static/stickers/2.svg"}"#
            )
            #expect(try Self.golden(message["data"]) == #"{"stickerId":2}"#)
            #expect(message["text"] as? String == "")

            let again = try await client.events(tab)
            let snapshot = try #require(await again.next())
            let messages = snapshot.json["messages"] as? [[String: Any]] ?? []
            let shown = messages.filter { $0["type"] as? String == "sticker" }
            #expect(shown.count == 1, "the retried sticker was sent twice")
            again.close()

            let picture = try await client.get("/static/stickers/3.svg")
            #expect(picture.status == 200)
            #expect(picture.headers["content-type"]?.hasPrefix("image/svg+xml") == true)
            stream.close()
        }
    }

    @Test func aStickerTheLocationDoesNotOfferIsRefused() async throws {
        try await LiveStack.withStack { stack in
            let client = WidgetClient(stack)
            let offering = try await client.createTab(location: "stickers")
            let unknown = try await client.post(
                "/api/tabs/\(offering)/stickers",
                #"{"stickerId":99,"clientId":"sticker-0002"}"#
            )
            #expect(unknown.status == 404)
            #expect(unknown.errorCode == "unknown_sticker" && unknown.errorField == "stickerId")
            let notANumber = try await client.post(
                "/api/tabs/\(offering)/stickers",
                #"{"stickerId":"two","clientId":"sticker-0003"}"#
            )
            #expect(notANumber.status == 400)

            let plain = try await client.createTab(location: "manual")
            let plainLimits = try await client.get("/api/tabs/\(plain)/limits")
            #expect((plainLimits.json["stickers"] as? [Any])?.isEmpty == true)
            let none = try await client.post(
                "/api/tabs/\(plain)/stickers",
                #"{"stickerId":1,"clientId":"sticker-0004"}"#
            )
            #expect(none.status == 404 && none.errorCode == "unknown_sticker")
        }
    }
}
