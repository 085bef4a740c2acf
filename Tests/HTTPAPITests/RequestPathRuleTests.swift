import HTTPAPI
import Testing

/// The one spelling of a path: what the rule lets through and why it refuses the rest.
@Suite struct RequestPathRuleTests {
    @Test(arguments: [
        "/", "/operator", "/operator/api/chats", "/api/tabs/AbC-_09/events", "/static/js/main.js",
        "/l/v/m/download/g/a%20b.png",
        "/embed.js", "/a;b", "/%41",
    ])
    func canonicalPathsPass(_ path: String) {
        #expect(RequestPathRule.violation(in: path) == nil)
    }

    @Test(arguments: [
        ("//operator/api/chats", RequestPathRule.Violation.emptySegment),
        ("/operator//api", .emptySegment), ("/operator/", .emptySegment), ("//", .emptySegment),
        ("/./operator", .dotSegment), ("/operator/..", .dotSegment), ("/a/../b", .dotSegment),
        ("/operator%2Fapi", .encodedSeparator), ("/operator%2fapi", .encodedSeparator), ("/a%5Cb", .encodedSeparator),
        ("/%2e/a", .encodedSeparator), ("/%2E%2E/a", .encodedSeparator), ("/a\\b", .backslash),
        ("/a%00", .controlCharacter), ("/a%0A", .controlCharacter), ("/a%7f", .controlCharacter),
        ("/a\u{01}", .controlCharacter), ("/a%", .malformedEscape), ("/a%4", .malformedEscape),
        ("/a%zz", .malformedEscape),
        ("operator", .notAbsolute), ("", .notAbsolute), ("*", .notAbsolute),
    ])
    func otherSpellingsAreRefusedWithTheirReason(_ path: String, _ violation: RequestPathRule.Violation) {
        #expect(RequestPathRule.violation(in: path) == violation)
    }
}
