import Foundation
import TestSupport
import Testing

/// Every spelling of the widget server's paths: a tab's routes, the page's files and the pages are routed in their
/// one spelling only; any other is refused at the edge or names nothing.
@Suite struct PathSpellingTests {
    @Test func aTabsRoutesAnswerOnlyInTheirOneSpelling() async throws {
        try await LiveStack.withStack { stack in
            let client = WidgetClient(stack)
            let tab = try await client.createTab()
            let canonical = ["/api/tabs/\(tab)/events", "/api/tabs/\(tab)/history", "/static/js/main.js", "/api/tabs"]
            for path in canonical {
                for spelling in PathSpellings.variants(of: path) {
                    let answer = try await RawHTTPRequest.send("GET", spelling.target, to: stack.widgetURL)
                    if spelling.isNonCanonical {
                        #expect(answer.status == 400, "\(spelling) answered \(answer.status)")
                        #expect(answer.body.contains(#""code":"invalid_path""#), "\(spelling): \(answer.body)")
                    } else {
                        // An unknown tab's stream is 204, which tells EventSource to stop.
                        #expect([204, 400, 404, 405].contains(answer.status), "\(spelling) answered \(answer.status)")
                    }
                }
            }
        }
    }

    @Test func aChangeInAnotherSpellingIsRefusedBeforeItsRateLimitOrOrigin() async throws {
        try await WidgetClient.withWidgetAlone { client in
            for target in ["//api/tabs", "/api//tabs", "/api/tabs/", "/api/./tabs"] {
                let answer = try await RawHTTPRequest.send(
                    "POST",
                    target,
                    to: client.baseURL,
                    headers: [("Content-Type", "application/json"), ("Content-Length", "2")]
                )
                #expect(answer.status == 400, "\(target) answered \(answer.status)")
                #expect(answer.body.contains(#""field":"path""#), "\(target): \(answer.body)")
            }
        }
    }

    @Test func thePagesKeepTheirOneSpelling() async throws {
        try await WidgetClient.withWidgetAlone { client in
            #expect(try await RawHTTPRequest.send("GET", "/preview", to: client.baseURL).status == 200)
            for target in ["//preview", "/preview/", "/./preview", "//", "/%2e/preview", "/static//js/main.js"] {
                let answer = try await RawHTTPRequest.send("GET", target, to: client.baseURL)
                #expect(answer.status == 400, "\(target) answered \(answer.status)")
            }
        }
    }
}
