import Foundation
import Testing
import WebimWire

/// `JSONTextEncoder` writes what `JSONEncoder` writes, read back: the same values under the same keys.
struct JSONTextEncoderTests {
    @Test func aPlainStructKeepsItsKeysInOrder() throws {
        struct Point: Encodable {
            var y = 2
            var x = "one"
            var missing: String?
        }
        #expect(try JSONTextEncoder.encode(Point()) == #"{"y":2,"x":"one"}"#)
    }

    @Test func nestedValuesReadBackAsJSONEncodersDo() throws {
        try expectSameAsJSONEncoder(Conversation.sample)
        try expectSameAsJSONEncoder([Conversation.sample, Conversation.sample])
        try expectSameAsJSONEncoder(["one": Conversation.sample])
        try expectSameAsJSONEncoder(Conversation(title: "", messages: [], tags: [:], rating: nil, data: Empty()))
    }

    @Test func stringsAreEscapedWhereJSONNeedsIt() throws {
        let awkward = "quote \" backslash \\ slash / line\nreturn\rtab\tbell\u{7}nul\u{0} é ж 😀 \u{2028} end"
        let text = try JSONTextEncoder.encode(["text": awkward])
        #expect(text.contains(#"\"#))
        #expect(text.contains(#"\u0007"#))
        #expect(text.contains(#"\u0000"#))
        #expect(text.contains(#"\n"#))
        // Nothing below U+0020 is left raw: a server-sent event's data line would break on it.
        #expect(!text.utf8.contains { $0 < 0x20 })
        try expectSameAsJSONEncoder(["text": awkward])
    }

    @Test func numbersAreWrittenAsJSONEncoderWritesThem() throws {
        let numbers: [Double] = [0, 1, -1, 0.1, 2.5, -2.5e-7, 1e21, 123_456_789.125]
        #expect(
            try JSONTextEncoder.encode(numbers) == String(decoding: try JSONEncoder().encode(numbers), as: UTF8.self)
        )
        #expect(try JSONTextEncoder.encode([Int64.max, Int64.min]) == "[\(Int64.max),\(Int64.min)]")
        #expect(throws: JSONTextEncodingError.self) { try JSONTextEncoder.encode([Double.nan]) }
        #expect(throws: JSONTextEncodingError.self) { try JSONTextEncoder.encode(["x": Double.infinity]) }
    }

    @Test func aContainerNestedBeforeItsParentsNextKeyIsClosedInPlace() throws {
        let text = try JSONTextEncoder.encode(HandWritten())
        #expect(text == #"{"first":{"inner":1,"list":[true,null,[]]},"second":"after","third":null}"#)
        try expectSameAsJSONEncoder(HandWritten())
    }

    @Test func aValueThatWritesNothingIsAnEmptyObject() throws {
        #expect(try JSONTextEncoder.encode(Empty()) == "{}")
        #expect(try JSONTextEncoder.encode(["a": Empty()]) == #"{"a":{}}"#)
    }

    private func expectSameAsJSONEncoder(_ value: some Encodable) throws {
        let ours = try JSONSerialization.jsonObject(with: Data(try JSONTextEncoder.encode(value).utf8))
        let theirs = try JSONSerialization.jsonObject(with: try JSONEncoder().encode(value))
        #expect((ours as? NSObject) == (theirs as? NSObject))
    }
}

private struct Empty: Encodable {}

private struct Conversation: Encodable {
    struct Message: Encodable {
        var id: String
        var time: Int64
        var score: Double
        var read: Bool
        var quote: String?
    }

    enum Rating: String, Encodable { case good, bad }

    var title: String
    var messages: [Message]
    var tags: [String: [Int]]
    var rating: Rating?
    var data: Empty

    static let sample = Conversation(
        title: "Support \"desk\"",
        messages: [
            Message(id: "m1", time: 1_764_000_000_000, score: 0.75, read: true, quote: nil),
            Message(id: "m2", time: -5, score: 3, read: false, quote: "http://example.com/a/b"),
        ],
        tags: ["x": [1, 2], "y": []],
        rating: .good,
        data: Empty()
    )
}

/// Opens a nested container and an unkeyed one inside it, then writes to the parent again.
private struct HandWritten: Encodable {
    enum Key: String, CodingKey { case first, second, third, inner, list }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        var first = container.nestedContainer(keyedBy: Key.self, forKey: .first)
        try first.encode(1, forKey: .inner)
        var list = first.nestedUnkeyedContainer(forKey: .list)
        try list.encode(true)
        try list.encodeNil()
        _ = list.nestedUnkeyedContainer()
        try container.encode("after", forKey: .second)
        try container.encodeNil(forKey: .third)
    }
}
