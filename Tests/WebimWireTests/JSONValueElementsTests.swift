import Foundation
import Testing
import WebimWire

/// `JSONValue.parse(_:elementsAt:)`: each range found is exactly the JSON of one array element, whatever the
/// elements hold.
@Suite struct JSONValueElementsTests {
    private func texts(_ json: String, at path: [String]) throws -> [String]? {
        let data = Data(json.utf8)
        return try JSONValue.parse(data, elementsAt: path).elements?.map { String(decoding: data[$0], as: UTF8.self) }
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
        let ranges = try #require(try JSONValue.parse(body, elementsAt: ["data", "messages"]).elements)
        let decoded = try ranges.map { try WireCoding.makeDecoder().decode(MessageItem.self, from: body[$0]) }
        #expect(decoded == items)
    }

    @Test func spacingNestingAndScalarsAreSkippedOver() throws {
        let json = """
            { "a" : [1, {"x": "]"}], "b": null, "data" : { "n": -1.5e3, "ok": true,
              "messages" : [ 1 , "two\\"" , [3, [4]] , {"five": {}} , false ] } }
            """
        #expect(
            try texts(json, at: ["data", "messages"]) == ["1", "\"two\\\"\"", "[3, [4]]", "{\"five\": {}}", "false"]
        )
        #expect(try texts("{\"messages\": []}", at: ["messages"]) == [])
        // An array of the same name elsewhere, or inside an element, is not the one asked for.
        #expect(
            try texts("{\"messages\": [{\"messages\": [9]}], \"x\": {\"messages\": [8]}}", at: ["messages"]) == [
                "{\"messages\": [9]}"
            ]
        )
    }

    @Test func rangesAreIndicesOfTheDataGiven() throws {
        let data = Data("--{\"m\": [10, 20]}".utf8).dropFirst(2)
        let ranges = try #require(try JSONValue.parse(data, elementsAt: ["m"]).elements)
        #expect(ranges.map { String(decoding: data[$0], as: UTF8.self) } == ["10", "20"])
    }

    @Test func noArrayThereMeansNilAndMalformedTextThrows() throws {
        #expect(try texts("{\"data\": {\"messages\": null}}", at: ["data", "messages"]) == nil)
        #expect(try texts("{\"data\": {}}", at: ["data", "messages"]) == nil)
        #expect(try texts("[1, 2]", at: ["data"]) == nil)
        #expect(try texts("{\"messages\": [1]}", at: []) == nil)
        #expect(throws: DecodingError.self) { try texts("{\"messages\": [1, 2}", at: ["messages"]) }
        #expect(throws: DecodingError.self) { try texts("{\"messages\": [\"unterminated]}", at: ["messages"]) }
        #expect(throws: DecodingError.self) { try texts("{\"messages\": [1] ", at: ["messages"]) }
    }

    @Test func aKeyNamedTwiceFindsNothing() throws {
        #expect(try texts("{\"messages\": [1], \"messages\": [2]}", at: ["messages"]) == nil)
    }
}
