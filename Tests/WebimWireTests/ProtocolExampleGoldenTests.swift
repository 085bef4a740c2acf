import Foundation
import Testing
import WebimWire

/// PROTOCOL.md §3.5's literal example, decoded into the wire types and encoded back unchanged.
@Suite struct ProtocolExampleGoldenTests {
    static let initAnswer = #"""
        {"revision":1,"fullUpdate":{"pageId":"p1","authToken":"t1","visitSessionId":"s1","visitor":{"id":"v1","fields":{"name":"Guest"}},"visitorFull":{"id":"v1","fields":{"name":"Guest"}},"state":"idle","onlineStatus":"online","chat":null,"departments":[],"historyRevision":1,"hintsEnabled":false}}
        """#
    static let deltaAnswer = #"""
        {"revision":3,"deltaList":[{"objectType":"CHAT","event":"upd","id":"s1","data":{"id":17,"clientSideId":"c0ffee00c0ffee00c0ffee00c0ffee00","state":"queue","messages":[],"operator":null,"readByVisitor":true,"unreadByVisitorMsgCnt":0,"creationTs":1700000000.5}},{"objectType":"VISIT_SESSION_STATE","event":"upd","id":"s1","data":"chat"},{"objectType":"CHAT_MESSAGE","event":"add","id":"m1","data":{"id":"m1","clientSideId":"0123456789abcdef0123456789abcdef","chatId":"17","kind":"visitor","text":"Hi","name":"Guest","ts":1700000001.25,"ts_m":1700000001250000,"read":false,"canBeEdited":true,"canBeReplied":true}}]}
        """#

    /// The same JSON, compared as values so that key order does not matter.
    private func assertRoundTrip<Value: Codable & Equatable>(_ text: String, as type: Value.Type) throws -> Value {
        let value = try WireCoding.makeDecoder().decode(type, from: Data(text.utf8))
        #expect(try WireCoding.decode(type, fromJSON: Data(text.utf8)) == value)
        let reencoded = try WireCoding.makeEncoder().encode(value)
        let original = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
        #expect(try JSONDecoder().decode(JSONValue.self, from: reencoded) == original)
        return value
    }

    @Test func initAnswerRoundTripsExactly() throws {
        let answer = try assertRoundTrip(Self.initAnswer, as: DeltaResponse.self)
        #expect(answer.revision == 1)
        #expect(answer.fullUpdate?.pageId == "p1")
        #expect(answer.fullUpdate?.visitorFull?.fields?["name"] == "Guest")
        #expect(answer.fullUpdate?.chat == nil)
    }

    @Test func deltaAnswerRoundTripsExactly() throws {
        let answer = try assertRoundTrip(Self.deltaAnswer, as: DeltaResponse.self)
        let items = try #require(answer.deltaList)
        #expect(items.map(\.knownObjectType) == [.chat, .visitSessionState, .chatMessage])
        let message = try WireCoding.decode(MessageItem.self, from: try #require(items[2].data))
        #expect(message.knownKind == .visitor)
        #expect(message.timeMicros == 1_700_000_001_250_000)
        let chat = try WireCoding.decode(ChatItem.self, from: try #require(items[0].data))
        #expect(chat.id == 17 && chat.state == "queue")
    }

    @Test func historyPageDecodes() throws {
        let page = #"{"result":"ok","data":{"revision":"1700000001250000","hasMore":false,"messages":[]}}"#
        let answer = try assertRoundTrip(page, as: ActionResponse.self)
        #expect(answer.data?["revision"]?.stringValue == "1700000001250000")
    }

    @Test func formEncodingRoundTripsUnicodeAndReservedCharacters() {
        let pairs = [("message", "Привет & hi=1 +50%"), ("client-side-id", "abc")]
        let encoded = WireForm.encode(pairs)
        #expect(!encoded.contains(" ") && !encoded.contains("+"))
        #expect(WireForm.decode(encoded) == ["message": "Привет & hi=1 +50%", "client-side-id": "abc"])
        #expect(WireForm.decode("a=b+c%20d") == ["a": "b c d"])
    }
}
