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

/// The free name at the end of a download URL: any name the SDK's encoding makes passes, the path before it does not.
@Suite struct RequestPathRuleNameTests {
    static let prefixes = ["/l/v/m/download/"]

    @Test(arguments: [
        "/l/v/m/download/g1/..", "/l/v/m/download/g1/.", "/l/v/m/download/g1/a%2Fb%5Cc", "/l/v/m/download/g1/%2E%2E",
        "/l/v/m/download/g1/a%20b.png", "/l/v/m/download/g1/a\\b", "/l/v/m/download/g1/a%0Ab%00",
    ])
    func anyNameOfAFilePasses(_ path: String) {
        #expect(RequestPathRule.violation(in: path, namePrefixes: Self.prefixes) == nil)
    }

    @Test(arguments: [
        ("/l/v/m/download/g1/", RequestPathRule.Violation.emptySegment),
        ("/l/v/m/download//name", .emptySegment), ("/l/v/m/download/../name", .dotSegment),
        ("/l/v/m/download/g1/a\u{01}", .controlCharacter), ("/l/v/m/download/g1/a%", .malformedEscape),
        ("/l/v/m/./download/g1/x", .dotSegment), ("/l/v/m/download/g%2F1/x", .encodedSeparator),
    ])
    func thePathBeforeTheNameKeepsTheRule(_ path: String, _ violation: RequestPathRule.Violation) {
        #expect(RequestPathRule.violation(in: path, namePrefixes: Self.prefixes) == violation)
    }

    @Test func elsewhereTheLastSegmentKeepsTheRule() {
        #expect(RequestPathRule.violation(in: "/operator/api/..", namePrefixes: Self.prefixes) == .dotSegment)
        #expect(RequestPathRule.violation(in: "/l/v/m/download/g1/..") == .dotSegment)
    }
}
