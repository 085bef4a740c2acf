import Foundation
import NIOHTTP1
import TestSupport
import Testing

@testable import WidgetServer

/// The developer's tools are the developer's: only a request straight from this machine saves the preview's file, and
/// only with the keys a configuration has; no site that embeds the widget frames them; and the sample site's widget
/// origin, which its policy names, is strictly an origin.
@Suite struct PreviewGuardTests {
    private static let original = #"{"variants":[{"name":"A","options":{"title":"A"}}]}"#

    /// The widget server alone with a preview file holding `original`; `body` gets the client and the file.
    private func withPreviewFile(_ body: @Sendable (WidgetClient, URL) async throws -> Void) async throws {
        try await withTemporaryDirectory { directory in
            let file = directory.appendingPathComponent("preview.json")
            try Data(Self.original.utf8).write(to: file)
            try await WidgetClient.withWidgetAlone(adjust: { $0.previewConfigFile = file }) { client in
                try await body(client, file)
            }
        }
    }

    @Test func aSaveThroughAProxyIsRefusedAndTheFileKept() async throws {
        try await withPreviewFile { client, file in
            let saved = #"{"variants":[{"name":"Sales","options":{"palette":"green"}}],"junk":"from the LAN"}"#
            // nginx on this machine forwards every visitor from loopback: its headers say where the request began.
            for header in ["X-Forwarded-For", "X-Real-IP", "Forwarded", "X-Forwarded-Host"] {
                let refused = try await client.request(
                    .PUT,
                    "/preview/config",
                    body: saved,
                    headers: [header: "203.0.113.7"]
                )
                #expect(refused.status == 403 && refused.errorCode == "preview_save_forbidden", "\(header)")
                #expect(try String(contentsOf: file, encoding: .utf8) == Self.original, "\(header) changed the file")
            }
            let direct = try await client.request(.PUT, "/preview/config", body: #"{"variants":[{"options":{}}]}"#)
            #expect(direct.status == 200, "\(direct.text)")
        }
    }

    @Test func aSaveWithAKeyNoConfigurationHasIsRefusedAndTheFileKept() async throws {
        try await withPreviewFile { client, file in
            let cases = [
                (#"{"variants":[{"name":"Sales","options":{}}],"junk":1}"#, "junk"),
                (#"{"variants":[{"name":"A","options":{}},{"options":{},"colour":"red"}]}"#, "variants[2].colour"),
            ]
            for (body, field) in cases {
                let refused = try await client.request(.PUT, "/preview/config", body: body)
                #expect(refused.status == 400 && refused.errorCode == "unknown_field", "\(refused.text)")
                #expect(refused.errorField == field)
                #expect(try String(contentsOf: file, encoding: .utf8) == Self.original, "\(field) changed the file")
            }
        }
    }

    @Test func aBrokenFilesErrorNamesNoPathButServeStillDoes() async throws {
        try await withTemporaryDirectory { directory in
            let file = directory.appendingPathComponent("preview.json")
            try Data(#"{"variants":[{"options":{"palette":"pink"}}],"junk":1}"#.utf8).write(to: file)
            // `serve` refuses to start, naming the file the developer gave.
            let refusal = #expect(throws: PreviewConfigError.self) { try checkPreviewConfig(at: file) }
            #expect(refusal?.description.contains(file.path) == true, "\(String(describing: refusal))")
            try await WidgetClient.withWidgetAlone(adjust: { $0.previewConfigFile = file }) { client in
                for path in ["/preview", "/preview/config"] {
                    let answer = try await client.get(path)
                    #expect(answer.status == 500 && answer.errorCode == "preview_config_invalid", "\(answer.text)")
                    #expect(answer.text.contains("junk"), "\(answer.text)")
                    #expect(!answer.text.contains(directory.path), "\(path) names the file: \(answer.text)")
                }
                try FileManager.default.removeItem(at: file)
                let missing = try await client.get("/preview/config")
                #expect(missing.status == 500 && missing.errorCode == "preview_config_missing")
                #expect(!missing.text.contains(directory.path), "\(missing.text)")
            }
        }
    }

    @Test func theDevelopersPagesAreFramedByThisServerAloneAndTheWidgetByTheEmbeddingSites() async throws {
        let shop = "https://shop.example"
        let embedded: @Sendable (inout WidgetConfiguration) -> Void = { $0.embedOrigins = [shop] }
        try await LiveStack.withStack(adjust: embedded) { stack in
            let client = WidgetClient(stack)
            let widget = try await client.get("/")
            #expect(Self.frameAncestors(widget).contains(shop), "\(Self.frameAncestors(widget))")
            let origin = stack.widgetURL.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
            for path in ["/preview", "/preview?view=site", "/inspect", "/preview/site?widget=\(origin)"] {
                let page = try await client.get(path)
                #expect(page.status == 200, "\(path): \(page.text)")
                let ancestors = Self.frameAncestors(page)
                #expect(ancestors.contains("'self'") && !ancestors.contains(shop), "\(path): \(ancestors)")
            }
        }
    }

    @Test func theSampleSitesWidgetIsStrictlyAnOrigin() async throws {
        try await WidgetClient.withWidgetAlone { client in
            let port = try #require(URLComponents(string: client.baseURL)?.port)
            let odd = [
                "http://127.0.0.1:x * :\(port)", "http://127.0.0.1:\(port) *", "http://127.0.0.1:\(port)/",
                "http://127.0.0.1:\(port)/shop", "http://user@127.0.0.1:\(port)", "http://127.0.0.1:\(port);x",
                "http://127.0.0.1:0\(port)", "http://127.0.0.1:+\(port)", "http://127.0.0.1:\(port)?x",
                "http://127.0.0.1:\(port)#x", "ftp://127.0.0.1:\(port)", "http://127.0.0.1 :\(port)",
                "http://[::1 *]:\(port)", "http://:\(port)",
            ]
            for value in odd {
                let answer = try await client.get("/preview/site?widget=\(Self.encoded(value))")
                #expect(answer.status == 400 && answer.errorCode == "invalid_widget", "\(value): \(answer.status)")
                #expect(answer.errorField == "widget")
            }
            for (value, origin) in [
                ("http://127.0.0.1:\(port)", "http://127.0.0.1:\(port)"),
                ("HTTP://LocalHost:\(port)", "http://localhost:\(port)"),
            ] {
                let answer = try await client.get("/preview/site?widget=\(Self.encoded(value))")
                #expect(answer.status == 200, "\(value): \(answer.text)")
                let scripts = Self.directive("script-src", of: answer)
                #expect(scripts == ["script-src", PreviewSite.stubHash, origin], "\(value): \(scripts)")
            }
        }
    }

    /// `value` as a query parameter's value: every character but letters and digits percent-encoded.
    private static func encoded(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
    }

    /// The words of the answer's Content-Security-Policy directive `name`, its name first; empty when it has none.
    private static func directive(_ name: String, of answer: Answer) -> [String] {
        let policy = answer.headers["content-security-policy"] ?? ""
        let directives = policy.split(separator: ";").map { $0.split(separator: " ").map(String.init) }
        return directives.first { $0.first == name } ?? []
    }

    /// The sources of the answer's `frame-ancestors`.
    private static func frameAncestors(_ answer: Answer) -> Set<String> {
        Set(directive("frame-ancestors", of: answer).dropFirst())
    }
}
