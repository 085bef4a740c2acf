import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import TestSupport
import Testing

/// The operator console's door: the token, the cookie it is traded for, and what is refused without them.
@Suite struct ConsoleAccessTests {
    @Test func everyConsoleRouteNeedsTheTokenAndThePageSaysHowToGetIn() async throws {
        try await withService { base in
            let api = try await HTTP.raw(base + "/operator/api/chats")
            #expect(api.status == 401)
            #expect(String(decoding: api.body, as: UTF8.self).contains(#""code":"unauthorized""#))
            let wrong = try await HTTP.raw(base + "/operator/api/chats", headers: [("Authorization", "Bearer nope")])
            #expect(wrong.status == 401)
            let page = try await HTTP.raw(base + "/operator")
            #expect(page.status == 401)
            #expect(String(decoding: page.body, as: UTF8.self).contains("console-token"))
            #expect(!String(decoding: page.body, as: UTF8.self).contains("/operator/static/js/main.js"))
            // The page's own scripts hold nothing secret, and a protocol client needs no console token.
            #expect(try await HTTP.raw(base + "/operator/static/js/main.js").status == 200)
            #expect(
                try await HTTP.raw(base + "/operator/api/chats", headers: [OperatorConsoleClient.authorization]).status
                    == 200
            )
        }
    }

    @Test func thePrintedLinkTradesItsTokenForAStrictHttpOnlyCookie() async throws {
        try await withService { base in
            let bad = try await HTTP.raw(base + "/operator?token=guess")
            #expect(bad.status == 403)
            #expect(bad.headers.first(name: "Set-Cookie") == nil)
            // Read the redirect itself, not where it leads.
            var configuration = HTTPClient.Configuration()
            configuration.redirectConfiguration = .disallow
            let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
            defer { _ = client.shutdown() }
            let link = try await client.execute(
                HTTPClientRequest(url: base + "/operator?token=\(OperatorConsoleClient.testToken)"),
                timeout: .seconds(30)
            )
            #expect(link.status == .seeOther)
            #expect(link.headers.first(name: "Location") == "/operator")
            let cookie = try #require(link.headers.first(name: "Set-Cookie"))
            for attribute in [
                "webim_console=\(OperatorConsoleClient.testToken)", "HttpOnly", "SameSite=Strict", "Path=/operator",
            ] {
                #expect(cookie.contains(attribute), "\(attribute) in \(cookie)")
            }
            let withCookie = [("Cookie", "webim_console=\(OperatorConsoleClient.testToken)")]
            let page = try await HTTP.raw(base + "/operator", headers: withCookie)
            #expect(page.status == 200)
            #expect(String(decoding: page.body, as: UTF8.self).contains("/operator/static/js/main.js"))
            #expect(try await HTTP.raw(base + "/operator/api/chats", headers: withCookie).status == 200)
        }
    }

    @Test func thePrintedLinkKeepsThePagesLanguageAndThemeButNothingElse() async throws {
        try await withService { base in
            var configuration = HTTPClient.Configuration()
            configuration.redirectConfiguration = .disallow
            let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
            defer { _ = client.shutdown() }
            let link = try await client.execute(
                HTTPClientRequest(
                    url: base
                        + "/operator?locale=ru&token=\(OperatorConsoleClient.testToken)&theme=dark&next=//evil.example"
                ),
                timeout: .seconds(30)
            )
            #expect(link.status == .seeOther)
            #expect(link.headers.first(name: "Location") == "/operator?locale=ru&theme=dark")
            let odd = try await client.execute(
                HTTPClientRequest(
                    url: base + "/operator?token=\(OperatorConsoleClient.testToken)&locale=a%26token%3Dx"
                ),
                timeout: .seconds(30)
            )
            #expect(odd.headers.first(name: "Location") == "/operator?locale=a%26token%3Dx")
        }
    }

    @Test func aChangeNeedsJSONAndThisServicesOriginEvenWithTheToken() async throws {
        try await withService { base in
            let path = base + "/operator/api/locations/default/status"
            let body = ByteBuffer(string: #"{"onlineStatus":"offline"}"#)
            let token = OperatorConsoleClient.authorization
            let plain = try await HTTP.raw(
                path,
                method: .POST,
                headers: [token, ("Content-Type", "text/plain")],
                body: body
            )
            #expect(plain.status == 415)
            let foreign = try await HTTP.raw(
                path,
                method: .POST,
                headers: [token, ("Content-Type", "application/json"), ("Origin", "http://evil.example")],
                body: body
            )
            #expect(foreign.status == 403)
            let rebound = try await HTTP.raw(
                base + "/operator/api/chats",
                headers: [token, ("Host", "evil.example")]
            )
            #expect(rebound.status == 403)
            #expect(try await Self.onlineStatus(base) == "online")
            let own = try await HTTP.raw(
                path,
                method: .POST,
                headers: [token, ("Content-Type", "application/json"), ("Origin", base)],
                body: body
            )
            #expect(own.status == 200)
            #expect(try await Self.onlineStatus(base) == "offline")
        }
    }

    /// The `default` location's online status, as the console lists it.
    static func onlineStatus(_ base: String) async throws -> String? {
        let answer = try await HTTP.raw(
            base + "/operator/api/locations",
            headers: [OperatorConsoleClient.authorization]
        )
        let locations = try JSONSerialization.jsonObject(with: answer.body) as? [[String: Any]] ?? []
        return locations.first { $0["name"] as? String == "default" }?["onlineStatus"] as? String
    }
}
