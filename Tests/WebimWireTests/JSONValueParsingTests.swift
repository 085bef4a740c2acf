import Foundation
import Testing
import WebimWire

/// `JSONValue(parsing:)` reads what `JSONDecoder` reads and refuses what RFC 8259 does, and the wire types read from
/// a parsed value follow `JSONDecoder`'s rules.
@Suite struct JSONValueParsingTests {
    private func parsed(_ text: String) throws -> JSONValue { try JSONValue(parsing: Data(text.utf8)) }

    @Test func everyKindOfValueParsesAsTheDecoderReadsIt() throws {
        let text = #"""
             { "s": "plain", "e": "q\" b\\ s\/ \b\f\n\r\t \u00e9 \ud83d\ude00 \u041f", "i": -42, "zero": 0,
               "micros": 1795372298327663, "d": 1795372298.327663, "exp": 1.5E-3, "whole": [1.0, 1e3, -0.0, 1e20], "big": 123456789012345678901234,
               "t": true, "f": false, "n": null, "a": [1, [2, []], {}], "o": {"k": {"k": "v"}}, "u": "Привет, 👋" }
            """#
        let value = try parsed(text)
        #expect(value == (try WireCoding.makeDecoder().decode(JSONValue.self, from: Data(text.utf8))))
        #expect(value["e"] == .string("q\" b\\ s/ \u{8}\u{C}\n\r\t é 😀 П"))
        #expect(value["micros"] == .int(1_795_372_298_327_663))
        #expect(value["big"]?.doubleValue == 1.234_567_890_123_456_789e23)
    }

    @Test(arguments: [
        "", "   ", "{", "[1,]", "{\"a\":1,}", "{a:1}", "01", "-", "1.", ".5", "1e", "+1", "\"open", "\"tab\there\"",
        "\"bad \\x escape\"", "\"short \\u12\"", "tru", "nul", "[1] [2]", "{\"a\" 1}", "1e999",
        String(repeating: "[", count: 600) + String(repeating: "]", count: 600),
    ])
    func malformedTextIsRefusedWithItsOffset(_ text: String) {
        #expect {
            try parsed(text)
        } throws: { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return false }
            return context.debugDescription.hasPrefix("Invalid JSON at byte")
        }
        // Foundation's decoder tolerates a trailing comma, which RFC 8259 (and so the protocol) does not allow.
        if !text.hasSuffix(",]"), !text.hasSuffix(",}") {
            #expect(throws: (any Error).self) { try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)) }
        }
    }

    @Test func aLoneSurrogateBecomesTheReplacementCharacter() throws {
        #expect(try parsed(#""\ud83d x""#) == .string("\u{FFFD} x"))
        #expect(try parsed(#""\ude00""#) == .string("\u{FFFD}"))
    }

    @Test func wireTypesReadFromAParsedValueFollowTheDecodersRules() throws {
        let message = #"{"id":"m","kind":"operator","text":"hi","name":"Op","ts_m":1700000001250000,"authorId":7.0}"#
        let item = try WireCoding.decode(MessageItem.self, fromJSON: Data(message.utf8))
        #expect(item == (try WireCoding.makeDecoder().decode(MessageItem.self, from: Data(message.utf8))))
        #expect(item.authorId == 7 && item.data == nil)

        // A missing key, a null where a value is required, a fraction for an integer, a string for a number.
        for broken in [
            #"{"kind":"operator","text":"hi","name":"Op","ts_m":1}"#,
            #"{"id":null,"kind":"operator","text":"hi","name":"Op","ts_m":1}"#,
            #"{"id":"m","kind":"operator","text":"hi","name":"Op","ts_m":1.5}"#,
            #"{"id":"m","kind":"operator","text":"hi","name":"Op","ts_m":"1"}"#,
        ] {
            #expect(throws: DecodingError.self) { try WireCoding.decode(MessageItem.self, fromJSON: Data(broken.utf8)) }
            #expect(throws: DecodingError.self) {
                try WireCoding.makeDecoder().decode(MessageItem.self, from: Data(broken.utf8))
            }
        }
    }

    @Test func arraysAndOptionalsReadElementByElement() throws {
        let text = #"{"a":[1,null,3],"b":[[true],[]],"c":{"x":1.25}}"#
        struct Shape: Decodable, Equatable {
            var a: [Int?]
            var b: [[Bool]]
            var c: [String: Double]
            var missing: String?
        }
        let shape = try WireCoding.decode(Shape.self, fromJSON: Data(text.utf8))
        #expect(shape == Shape(a: [1, nil, 3], b: [[true], []], c: ["x": 1.25], missing: nil))
        #expect(throws: DecodingError.self) { try WireCoding.decode([UInt8].self, fromJSON: Data("[1,256]".utf8)) }
    }

    @Test func anErrorNamesThePathToTheBadValue() throws {
        struct Outer: Decodable { var rows: [[String: Int]] }
        let text = #"{"rows":[{"a":1},{"a":1,"b":"two"}]}"#
        #expect {
            try WireCoding.decode(Outer.self, fromJSON: Data(text.utf8))
        } throws: { error in
            guard case DecodingError.typeMismatch(_, let context) = error else { return false }
            return context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue } == ["rows", "1", "b"]
        }
    }
}
