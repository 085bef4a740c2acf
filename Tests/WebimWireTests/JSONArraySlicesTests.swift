import Foundation
import Testing
import WebimWire

/// Each element found is exactly the JSON of one array element, whatever the elements hold.
@Suite struct JSONArraySlicesTests {
    private func texts(_ json: String, at path: [String]) -> [String]? {
        let data = Data(json.utf8)
        return JSONArraySlices.elements(at: path, in: data)?.map { String(decoding: data[$0], as: UTF8.self) }
    }

    @Test func aPageOfMessagesSlicesIntoItsItemsAsTheDecoderReadsThem() throws {
        let items = [
            MessageItem(
                id: "a",
                kind: .operator,
                text: "brackets ] } [ { and \"quotes\" \\ in text",
                name: "Op",
                tsMicros: 1
            ),
            MessageItem(
                id: "b",
                kind: .keyboard,
                text: "",
                name: "Bot",
                tsMicros: 2,
                data: .object(["buttons": .array([.array([.object(["text": .string("ok]")])])])])
            ),
            MessageItem(id: "c", kind: .visitor, text: "Привет, 👋", name: "", tsMicros: 3),
        ]
        let body = try WireCoding.makeEncoder().encode(
            HistoryBeforeResponse(data: .init(hasMore: true, messages: items))
        )
        let ranges = try #require(JSONArraySlices.elements(at: ["data", "messages"], in: body))
        let decoded = try ranges.map { try WireCoding.makeDecoder().decode(MessageItem.self, from: body[$0]) }
        #expect(decoded == items)
    }

    @Test func spacingNestingAndScalarsAreSkippedOver() {
        let json = """
            { "a" : [1, {"x": "]"}], "b": null, "data" : { "n": -1.5e3, "ok": true,
              "messages" : [ 1 , "two\\"" , [3, [4]] , {"five": {}} , false ] } }
            """
        #expect(texts(json, at: ["data", "messages"]) == ["1", "\"two\\\"\"", "[3, [4]]", "{\"five\": {}}", "false"])
        #expect(texts("{\"messages\": []}", at: ["messages"]) == [])
    }

    @Test func noArrayThereMeansNil() {
        #expect(texts("{\"data\": {\"messages\": null}}", at: ["data", "messages"]) == nil)
        #expect(texts("{\"data\": {}}", at: ["data", "messages"]) == nil)
        #expect(texts("[1, 2]", at: ["data"]) == nil)
        #expect(texts("{\"messages\": [1, 2}", at: ["messages"]) == nil)
        #expect(texts("{\"messages\": [\"unterminated]}", at: ["messages"]) == nil)
        #expect(texts("{\"messages\": [1] ", at: ["messages"]) == nil)
    }

    @Test func aKeyNamedTwiceFindsNothing() {
        #expect(texts("{\"messages\": [1], \"messages\": [2]}", at: ["messages"]) == nil)
    }
}
