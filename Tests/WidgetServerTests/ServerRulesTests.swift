import Foundation
import NIOHTTP1
import TestSupport
import Testing
import WidgetServer

/// Origin checks, idle tabs, static file rules, and sending while the service is unreachable.
@Suite struct ServerRulesTests {
    @Test func stateChangingRequestsMustComeFromThisOrigin() async throws {
        try await LiveStack.withStack { stack in
            let client = WidgetClient(stack)
            let foreign = try await client.post("/api/tabs", "{}", headers: ["Origin": "https://evil.example"])
            #expect(foreign.status == 403 && foreign.errorCode == "forbidden_origin")
            let crossSite = try await client.post("/api/tabs", "{}", headers: ["Sec-Fetch-Site": "cross-site"])
            #expect(crossSite.status == 403 && crossSite.errorCode == "forbidden_origin")
            let own = try await client.post("/api/tabs", "{}", headers: ["Origin": stack.widgetURL])
            #expect(own.status == 201)
            let sameSite = try await client.post("/api/tabs", "{}", headers: ["Sec-Fetch-Site": "same-origin"])
            #expect(sameSite.status == 201)
            let tab = try #require(own.json["tabId"] as? String)
            let deleted = try await client.request(
                .DELETE,
                "/api/tabs/\(tab)",
                headers: ["Origin": "http://localhost:1"]
            )
            #expect(deleted.status == 403)
            let reading = try await client.get("/healthz", headers: ["Origin": "https://evil.example"])
            #expect(reading.status == 200 && reading.json["ok"] as? Bool == true)
        }
    }

    @Test func aBodyThatIsNotJSONIsRefusedBeforeItIsRead() async throws {
        try await LiveStack.withStack { stack in
            let client = WidgetClient(stack)
            // A form post or `text/plain` is what another site's page can send without asking first.
            for type in ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"] {
                let answer = try await client.request(.POST, "/api/tabs", body: "{}", contentType: type)
                #expect(answer.status == 415 && answer.errorCode == "unsupported_media_type", "\(type)")
            }
            let tab = try await client.createTab()
            let plain = try await client.request(
                .POST,
                "/api/tabs/\(tab)/messages",
                body: #"{"text":"hi","clientId":"client-0001"}"#,
                contentType: "text/plain;charset=UTF-8"
            )
            #expect(plain.status == 415)
            let json = try await client.request(
                .POST,
                "/api/tabs/\(tab)/messages",
                body: #"{"text":"hi","clientId":"client-0001"}"#,
                contentType: "application/json; charset=utf-8"
            )
            #expect(json.status == 202)
        }
    }

    @Test func tabsNoPageReadsAreReaped() async throws {
        let shortIdle: @Sendable (inout WidgetConfiguration) -> Void = { $0.tabIdleTimeout = .seconds(1) }
        try await LiveStack.withStack(adjust: shortIdle) { stack in
            let client = WidgetClient(stack)
            let tab = try await client.createTab()
            let reading = try await client.events(tab)
            #expect(await reading.next()?.name == "snapshot")
            // An open stream keeps the tab; the next read of it after closing must find it gone.
            reading.close()
            // The reaper runs on its own timer, so there is no event to wait for: re-check the tab count.
            let reaped = await eventually(within: .seconds(10)) {
                (try? await client.get("/healthz"))?.json["tabs"] as? Int == 0
            }
            #expect(reaped)
            #expect(try await client.events(tab).status == 204)
        }
    }

    @Test func staticPathsNeverLeavePublic() async throws {
        try await LiveStack.withStack { stack in
            let client = WidgetClient(stack)
            let link = stack.dataDirectory.appendingPathComponent("outside.txt")
            try Data("secret".utf8).write(to: link)
            let publicDirectory = repositoryRoot.appendingPathComponent("Public")
            let symlink = publicDirectory.appendingPathComponent("test-escape-\(UUID().uuidString).txt")
            try FileManager.default.createSymbolicLink(at: symlink, withDestinationURL: link)
            defer { try? FileManager.default.removeItem(at: symlink) }
            for path in [
                "/static/../Package.swift", "/static/%2e%2e/Package.swift", "/static/%2E%2E%2FPackage.swift",
                "/static/js/..%2f..%2fPackage.swift", "/static/js/%5c..%5cPackage.swift", "/static/.git",
                "/static/js/./main.js", "/static/", "/static/css%00.css",
            ] {
                let answer = try await client.get(path)
                #expect([400, 404].contains(answer.status), "\(path)")
                #expect(answer.errorCode != nil, "\(path): \(answer.text)")
                #expect(!answer.text.contains("PackageDescription"), "\(path)")
            }
            let escaped = try await client.get("/static/\(symlink.lastPathComponent)")
            #expect(escaped.status == 404 && escaped.errorCode == "not_found")
            #expect(!escaped.text.contains("secret"))
            let missing = try await client.get("/static/js/nope.js")
            #expect(missing.status == 404 && missing.errorCode == "not_found")
        }
    }

    @Test func assetsHaveETagsAndGzipOnlyWhenAccepted() async throws {
        try await LiveStack.withStack { stack in
            try await WidgetClient.withRawClient(stack) { client in
                let plain = try await client.get("/static/js/store.js")
                #expect(plain.status == 200 && plain.headers["content-encoding"] == nil)
                #expect(plain.headers["content-type"]?.contains("javascript") == true)
                let etag = try #require(plain.headers["etag"])
                let again = try await client.get("/static/js/store.js", headers: ["If-None-Match": etag])
                #expect(again.status == 304 && again.body.isEmpty)
                let zipped = try await client.get("/static/js/store.js", headers: ["Accept-Encoding": "gzip, br"])
                #expect(zipped.headers["content-encoding"] == "gzip")
                #expect(zipped.body.count < plain.body.count && zipped.body.starts(with: [0x1f, 0x8b]))
                #expect(zipped.headers["vary"] == "Accept-Encoding")
                let refused = try await client.get("/static/js/store.js", headers: ["Accept-Encoding": "gzip;q=0"])
                #expect(refused.headers["content-encoding"] == nil)
                let page = try await client.get("/?locale=en")
                let pageTag = try #require(page.headers["etag"])
                #expect(try await client.get("/?locale=en", headers: ["If-None-Match": pageTag]).status == 304)
                #expect(try await client.get("/?locale=ru", headers: ["If-None-Match": pageTag]).status == 200)
            }
        }
    }

    /// The page kit the widget shares with the console (`Public/shared/`) is served with the rest of `Public/`, where
    /// the widget's modules import it from by relative URL (`shared/`, one folder up from `/static/js/`).
    @Test func pageKitIsServedWhereTheWidgetImportsIt() async throws {
        try await LiveStack.withStack { stack in
            try await WidgetClient.withRawClient(stack) { client in
                let page = try await client.get("/?locale=en")
                #expect(page.text.contains("/static/shared/theme.css") && page.text.contains("/static/shared/base.css"))
                let kit = [
                    ("events.js", "javascript"), ("connection-status.js", "javascript"), ("theme.css", "text/css"),
                ]
                for (name, type) in kit {
                    let answer = try await client.get("/static/shared/\(name)")
                    #expect(answer.status == 200, "\(name)")
                    #expect(answer.headers["content-type"]?.contains(type) == true, "\(name)")
                    #expect(answer.headers["sourcemap"] == "/static/shared/\(name).map", "\(name)")
                }
                let mapAnswer = try await client.get("/static/shared/events.js.map")
                let map = try #require(try JSONSerialization.jsonObject(with: mapAnswer.body) as? [String: Any])
                #expect(map["sources"] as? [String] == ["/Public/shared/events.js"])
            }
        }
    }

    /// A compacted script names its source map, and the map carries the file as `Public/` has it.
    @Test func scriptsAndStylesheetsHaveSourceMaps() async throws {
        try await LiveStack.withStack { stack in
            try await WidgetClient.withRawClient(stack) { client in
                let script = try await client.get("/static/js/store.js")
                #expect(script.headers["sourcemap"] == "/static/js/store.js.map")
                let mapAnswer = try await client.get("/static/js/store.js.map")
                #expect(mapAnswer.status == 200)
                let map = try #require(try JSONSerialization.jsonObject(with: mapAnswer.body) as? [String: Any])
                let original = try String(
                    contentsOf: repositoryRoot.appendingPathComponent("Public/js/store.js"),
                    encoding: .utf8
                )
                #expect(map["sourcesContent"] as? [String] == [original])
                #expect(map["sources"] as? [String] == ["/Public/js/store.js"])
                #expect(script.body.count < original.utf8.count)
                let stylesheet = try await client.get("/static/css/widget.css")
                #expect(stylesheet.headers["sourcemap"] == "/static/css/widget.css.map")
                let strings = try await client.get("/static/i18n/en.json")
                #expect(strings.headers["sourcemap"] == nil)
                #expect(try await client.get("/static/i18n/en.json.map").status == 404)
                #expect(try await client.get("/static/js/nope.js.map").status == 404)
            }
        }
    }

    @Test func aMessageSentWhileTheServiceIsDownIsAcceptedAndDeliveredLater() async throws {
        try await withTemporaryDirectory { directory in
            try await LiveStack.withService(dataDirectory: directory, holdTimeout: .seconds(1)) { service in
                let plan = FaultPlan()
                try await FaultProxy.with(target: service, plan: plan) { proxy in
                    try await LiveStack.withWidget(accountURL: proxy, serviceURL: service, dataDirectory: directory) {
                        stack in
                        let client = WidgetClient(stack)
                        let tab = try await client.createTab()
                        let stream = try await client.events(tab)
                        _ = await stream.next()
                        _ = await stream.waitFor { $0.name == "visit.state" || $0.name == "online.status" }
                        await plan.inject(.status(503), on: "/l/v/m/action", times: 3)
                        let sent = try await client.post(
                            "/api/tabs/\(tab)/messages",
                            #"{"text":"While down","clientId":"down-0001"}"#
                        )
                        #expect(sent.status == 202)
                        let added = await stream.waitFor { $0.name == "message.added" }
                        #expect(added?.message?["sendStatus"] as? String == "sending")
                        await plan.waitUntilServed(3)
                        let delivered = await stream.waitFor(timeout: .seconds(30)) { event in
                            event.name == "message.changed" && event.message?["clientId"] as? String == "down-0001"
                                && event.message?["sendStatus"] as? String == "sent"
                        }
                        #expect(delivered != nil)
                        stream.close()
                    }
                }
            }
        }
    }
}
