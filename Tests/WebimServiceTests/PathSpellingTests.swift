import Foundation
import TestSupport
import Testing

/// Every spelling of a console path against the running service: the token is needed whatever the spelling, and a
/// path of another spelling than its one is refused before any route or access rule reads it.
@Suite struct PathSpellingTests {
    /// The console's API (its list of chats, and the live feed with typed drafts) and its page.
    static let protectedPaths = ["/operator/api/chats", "/operator/api/events", "/operator/api/locations"]

    @Test(arguments: protectedPaths)
    func noSpellingOfAConsolePathAnswersWithoutTheToken(_ path: String) async throws {
        try await withService { base in
            #expect(try await RawHTTPRequest.send("GET", path, to: base).status == 401)
            for spelling in PathSpellings.variants(of: path) {
                let answer = try await RawHTTPRequest.send("GET", spelling.target, to: base)
                #expect(!(200..<300).contains(answer.status), "\(spelling) answered \(answer.status)")
                if spelling.isNonCanonical {
                    #expect(answer.status == 400, "\(spelling)")
                    #expect(answer.body.contains(#""code":"invalid_path""#), "\(spelling): \(answer.body)")
                } else {
                    #expect([401, 404].contains(answer.status), "\(spelling) answered \(answer.status)")
                }
            }
        }
    }

    @Test func theTokenDoesNotMakeAnotherSpellingRoute() async throws {
        try await withService { base in
            let token = [("Authorization", "Bearer \(OperatorConsoleClient.testToken)")]
            #expect(try await RawHTTPRequest.send("GET", "/operator/api/chats", to: base, headers: token).status == 200)
            for spelling in PathSpellings.variants(of: "/operator/api/chats") {
                let answer = try await RawHTTPRequest.send("GET", spelling.target, to: base, headers: token)
                #expect(answer.status == (spelling.isNonCanonical ? 400 : 404), "\(spelling) answered \(answer.status)")
            }
        }
    }

    @Test func theConsolePageNeedsItsTokenInEverySpelling() async throws {
        try await withService { base in
            for target in ["//operator", "/operator/", "/./operator", "/%6Fperator", "/Operator", "/operator;x"] {
                let answer = try await RawHTTPRequest.send("GET", target, to: base)
                #expect([400, 401, 404].contains(answer.status), "\(target) answered \(answer.status)")
                #expect(!answer.body.contains("/operator/static/js/main.js"), "\(target) served the page")
            }
        }
    }

    @Test func theProtocolAndFilesRefuseOtherSpellingsToo() async throws {
        try await withService { base in
            for target in ["//l/v/m/init", "/l/v/m//init", "/l/v/m/./init", "/l/v/%2E%2E/v/m/init"] {
                let answer = try await RawHTTPRequest.send("GET", target, to: base)
                #expect(answer.status == 400, "\(target) answered \(answer.status)")
                #expect(answer.body.contains(#""code":"invalid_path""#), "\(target): \(answer.body)")
            }
        }
    }
}
