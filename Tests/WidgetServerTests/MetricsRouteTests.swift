import Foundation
import TestSupport
import Testing

@testable import WidgetServer

/// `GET /metrics`: the counts of a conversation, as Prometheus reads them, and only for whoever may read them.
@Suite struct MetricsRouteTests {
    @Test func aConversationIsCountedAsItHappened() async throws {
        try await LiveStack.withStack { stack in
            let client = WidgetClient(stack)
            let before = try await Self.scrape(client)
            #expect(before["webim_widget_tabs_open"] == 0)
            #expect(before["webim_widget_ready"] == 1)
            #expect(before["webim_widget_events_delivered_total"] == 0)
            #expect(before["webim_widget_data_folder_budget_bytes"] == Double(10 << 30))

            let tab = try await client.createTab()
            let stream = try await client.events(tab)
            #expect(await stream.next()?.name == "snapshot")
            let sent = try await client.post("/api/tabs/\(tab)/messages", #"{"text":"hello","clientId":"metrics-01"}"#)
            #expect(sent.status == 202)
            #expect(await stream.waitFor { $0.name == "result" && $0.data.contains("metrics-01") } != nil)

            let after = try await Self.scrape(client)
            #expect(after["webim_widget_tabs_open"] == 1)
            #expect(after["webim_widget_streams_open"] == 1)
            #expect(after[#"webim_widget_actions_total{outcome="success",code=""}"#] == 1)
            // Nothing failed, so no failure series exists at all.
            #expect(!after.keys.contains { $0.contains(#"outcome="failure""#) })
            // Every live event written was counted once, with its latency.
            let delivered = try #require(after["webim_widget_events_delivered_total"])
            #expect(delivered >= 2)
            #expect(after["webim_widget_event_delivery_seconds_count"] == delivered)
            #expect(after[#"webim_widget_event_delivery_seconds_bucket{le="+Inf"}"#] == delivered)
            // The message went into the history store in a group commit.
            #expect(try #require(after["webim_history_commits_total"]) >= 1)
            #expect(try #require(after["webim_history_commit_writes_count"]) >= 1)
            stream.close()
        }
    }

    @Test func aRequestFromBeyondAProxyOrWithAWrongTokenLearnsNothing() async throws {
        try await LiveStack.withStack { stack in
            let client = WidgetClient(stack)
            // nginx in front adds its headers: the request is a visitor's, though it comes from loopback.
            for header in ["X-Forwarded-For", "X-Real-IP", "Forwarded", "X-Forwarded-Host"] {
                let proxied = try await client.get("/metrics", headers: [header: "203.0.113.7"])
                #expect(proxied.status == 404, "\(header)")
                #expect(proxied.errorCode == "not_found")
                #expect(!proxied.text.contains("webim_"))
            }
            // No token configured: a bearer token opens nothing.
            let guessed = try await client.get("/metrics", headers: ["Authorization": "Bearer guessed-token-value"])
            #expect(guessed.status == 401)
            #expect(guessed.errorCode == "unauthorized")
        }
    }

    @Test func theMetricsTokenOpensItFromAnywhere() async throws {
        let token = "a-metrics-token-of-32-characters"
        let withToken: @Sendable (inout WidgetConfiguration) -> Void = { $0.metricsToken = token }
        try await LiveStack.withStack(adjust: withToken) { stack in
            let client = WidgetClient(stack)
            let fromBeyondAProxy = ["X-Forwarded-For": "203.0.113.7", "Authorization": "Bearer \(token)"]
            let shown = try await client.get("/metrics", headers: fromBeyondAProxy)
            #expect(shown.status == 200)
            #expect(shown.text.contains("webim_widget_tabs_open 0"))
            let wrong = try await client.get("/metrics", headers: ["Authorization": "Bearer \(token.dropLast())x"])
            #expect(wrong.status == 401)
            #expect(!wrong.text.contains("webim_"))
        }
    }

    /// The samples of a scrape by name and labels as written (`name{label="value",…}`), comments left out.
    static func scrape(_ client: WidgetClient) async throws -> [String: Double] {
        let answer = try await client.get("/metrics")
        #expect(answer.status == 200)
        #expect(answer.headers["content-type"]?.hasPrefix("text/plain; version=0.0.4") == true)
        var samples: [String: Double] = [:]
        for line in answer.text.split(separator: "\n") where !line.hasPrefix("#") {
            guard let space = line.lastIndex(of: " "), let value = Double(line[line.index(after: space)...]) else {
                continue
            }
            samples[String(line[..<space])] = value
        }
        return samples
    }
}
