import Foundation
import NIOHTTP1
import TestSupport
import Testing
import WebimWire

/// The console page and its static files, the locations list and the console's file downloads, over real HTTP.
@Suite struct OperatorConsolePageTests {
    static let hex = "0123456789abcdef0123456789abcdef"

    @Test func pageAndItsFilesAreServedWithAStrictPolicy() async throws {
        try await withService { base in
            let page = try await HTTP.raw(base + "/operator", headers: [OperatorConsoleClient.authorization])
            #expect(page.status == 200)
            #expect(page.headers.first(name: "Content-Type")?.hasPrefix("text/html") == true)
            let policy = page.headers.first(name: "Content-Security-Policy") ?? ""
            #expect(policy.contains("default-src 'self'") && !policy.contains("unsafe-inline"))
            #expect(String(decoding: page.body, as: UTF8.self).contains("/operator/static/js/main.js"))

            let script = try await HTTP.raw(base + "/operator/static/js/main.js")
            #expect(script.status == 200)
            #expect(script.headers.first(name: "Content-Type")?.contains("javascript") == true)
            let onDisk = try Data(contentsOf: repositoryRoot.appendingPathComponent("Public/operator/js/main.js"))
            #expect(script.body == onDisk)
            let style = try await HTTP.raw(base + "/operator/static/css/theme.css")
            #expect(style.headers.first(name: "Content-Type")?.hasPrefix("text/css") == true)
        }
    }

    /// The page kit the console shares with the widget (`Public/shared/`) is served where the console's modules import
    /// it from by relative URL (`shared/`, two folders up from `/operator/static/js/`), without the console's token.
    @Test func pageKitIsServedWhereTheConsoleImportsIt() async throws {
        try await withService { base in
            let page = try await HTTP.raw(base + "/operator", headers: [OperatorConsoleClient.authorization])
            let html = String(decoding: page.body, as: UTF8.self)
            #expect(html.contains("/operator/shared/theme.css") && html.contains("/operator/shared/base.css"))
            let events = try await HTTP.raw(base + "/operator/static/js/events.js")
            let twoFoldersUp = String(repeating: "../", count: 2) + "shared/events.js"
            #expect(String(decoding: events.body, as: UTF8.self).contains("from '\(twoFoldersUp)'"))

            let kit = [("events.js", "javascript"), ("connection-status.js", "javascript"), ("theme.css", "text/css")]
            for (name, type) in kit {
                let answer = try await HTTP.raw(base + "/operator/shared/" + name)
                #expect(answer.status == 200, "\(name)")
                #expect(answer.headers.first(name: "Content-Type")?.contains(type) == true, "\(name)")
                let onDisk = try Data(contentsOf: repositoryRoot.appendingPathComponent("Public/shared/" + name))
                #expect(answer.body == onDisk, "\(name)")
            }
        }
    }

    @Test func staticFilesNeverLeaveTheirFolderAndUnknownPathsStayJSON() async throws {
        try await withService { base in
            let escapes = [
                "/operator/static/%2e%2e/%2e%2e/Package.swift", "/operator/static/..%2f..%2fPackage.swift",
                "/operator/shared/%2e%2e/%2e%2e/Package.swift", "/operator/shared/..%2f..%2fPackage.swift",
                "/operator/shared/%2e%2e/operator/index.html",
            ]
            for escape in escapes {
                let answer = try await HTTP.raw(base + escape)
                #expect(answer.status == 400 || answer.status == 404, "\(escape)")
                #expect(!String(decoding: answer.body, as: UTF8.self).contains("swift-tools-version"))
                #expect(answer.headers.first(name: "Content-Type")?.hasPrefix("application/json") == true)
            }
            for unknown in ["/operator/static/nope.js", "/operator/shared/x.js", "/operator/nope", "/operator/static"] {
                let answer = try await HTTP.raw(base + unknown)
                #expect(answer.status == 404, "\(unknown)")
                #expect(try JSONDecoder().decode(ActionResponse.self, from: answer.body).error == "not-found")
            }
            let notAFile = try await HTTP.raw(base + "/operator/static/js/main.js", method: .POST)
            #expect(notAFile.status == 404)
        }
    }

    @Test func locationsListTheirStatusAndDepartments() async throws {
        try await withService { base in
            let (status, json) = try await ServiceClient.console(base, .GET, "/locations", "")
            #expect(status == 200)
            guard case .array(let locations) = json else {
                Issue.record("not an array: \(json)")
                return
            }
            let byName = Dictionary(
                uniqueKeysWithValues: locations.compactMap { item in
                    item["name"]?.stringValue.map { ($0, item) }
                }
            )
            #expect(byName["manual"]?["onlineStatus"]?.stringValue == "online")
            #expect(byName["offline"]?["onlineStatus"]?.stringValue == "offline")
            guard case .array(let departments) = byName["departments"]?["departments"] else {
                Issue.record("no departments at location departments")
                return
            }
            let keys = departments.compactMap { $0["key"]?.stringValue }
            #expect(keys.contains("support"))
        }
    }

    @Test func consoleDownloadsAVisitorsFileAsASandboxedAttachment() async throws {
        try await withService { base in
            let client = try await ServiceClient.start(base)
            _ = try await client.action("chat.start", [("client-side-id", Self.hex)])
            try await client.console(.POST, "/join")
            let bytes = Data("<script>alert(1)</script>".utf8)
            let body = #"{"filename":"page.html","contentType":"text/html","base64":"\#(bytes.base64EncodedString())"}"#
            try await client.console(.POST, "/files", body)
            let message = try #require(try await client.waitForMessage { $0.knownKind == .fileFromOperator })
            let guid = try #require(message.fileParameters.first?.guid)

            let file = try await HTTP.raw(
                "\(base)/operator/api/visitors/\(client.visitorID)/files/\(guid)",
                headers: [OperatorConsoleClient.authorization]
            )
            #expect(file.status == 200)
            #expect(file.body == bytes)
            #expect(file.headers.first(name: "Content-Disposition")?.hasPrefix("attachment") == true)
            #expect(file.headers.first(name: "Content-Security-Policy") == "sandbox; frame-ancestors 'none'")
            #expect(file.headers.first(name: "X-Content-Type-Options") == "nosniff")

            let elsewhere = try await HTTP.raw(
                "\(base)/operator/api/visitors/someone-else/files/\(guid)",
                headers: [OperatorConsoleClient.authorization]
            )
            #expect(elsewhere.status == 404)
            let unknown = try await HTTP.raw(
                "\(base)/operator/api/visitors/\(client.visitorID)/files/abc123",
                headers: [OperatorConsoleClient.authorization]
            )
            #expect(unknown.status == 404)
        }
    }
}
