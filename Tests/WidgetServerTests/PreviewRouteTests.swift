import Foundation
import NIOHTTP1
import TestSupport
import Testing

@testable import WidgetServer

/// The developer preview (`/preview`, `/preview/config`) and the gallery (`/inspect`).
@Suite struct PreviewRouteTests {
    /// The widget server alone, reading `previewFile` for its variants.
    private func withWidget(
        previewFile: URL? = nil,
        _ body: @Sendable (WidgetClient) async throws -> Void
    ) async throws {
        try await WidgetClient.withWidgetAlone(adjust: { $0.previewConfigFile = previewFile }, body)
    }

    @Test func thePreviewShowsBuiltInVariantsOrTheQueryStrings() async throws {
        try await withWidget { client in
            let builtIn = try await client.get("/preview")
            #expect(builtIn.status == 200)
            #expect(builtIn.text.components(separatedBy: "data-preview-frame").count - 1 == PreviewConfig.builtIn.count)

            let variants = "variant=title%3DSales%26palette%3Dgreen&variant=dark%3D1%26dir%3Drtl"
            let page = try await client.get("/preview?" + variants)
            // Each frame keeps its client core's log, at `verbose` unless the page's `log` says otherwise.
            #expect(page.text.contains(#"src="/?title=Sales&amp;palette=green&amp;log=verbose""#))
            #expect(page.text.contains(#"src="/?dark=1&amp;dir=rtl&amp;log=verbose""#))
            let quiet = try await client.get("/preview?log=off&" + variants)
            #expect(quiet.text.contains(#"src="/?title=Sales&amp;palette=green""#))
            let config = try await client.get("/preview/config?" + variants)
            let listed = try #require(config.json["variants"] as? [[String: Any]])
            #expect(config.json["source"] as? String == "query")
            #expect(listed.map { $0["name"] as? String } == ["Sales", "Variant 2"])

            let bad = try await client.get("/preview?variant=palette%3Dpink")
            #expect(bad.status == 400 && bad.errorField == "variant")
            #expect(bad.text.contains("palette is one of"))
        }
    }

    @Test func aPreviewFileIsReadAndReReadWhenItChanges() async throws {
        try await withTemporaryDirectory { directory in
            let file = directory.appendingPathComponent("preview.json")
            try Data(##"{"variants":[{"name":"Sales","options":{"title":"Sales","dark":true,"accent":"#0a0"}}]}"##.utf8)
                .write(to: file)
            try await withWidget(previewFile: file) { client in
                let first = try await client.get("/preview/config")
                #expect(first.status == 200 && first.json["source"] as? String == "file")
                let variants = try #require(first.json["variants"] as? [[String: Any]])
                #expect(variants.first?["query"] as? String == "title=Sales&accent=%230a0&dark=1")
                let page = try await client.get("/preview")
                #expect(
                    page.text.contains(#"<span data-preview-name>Sales</span>"#)
                )

                try Data(
                    #"{"variants":[{"name":"A","options":{}},{"options":{"title":"B","palette":"graphite"}}]}"#.utf8
                )
                .write(to: file)
                // A later modification time, whatever the file system's clock resolution.
                try FileManager.default.setAttributes(
                    [.modificationDate: Date().addingTimeInterval(5)],
                    ofItemAtPath: file.path
                )
                let second = try await client.get("/preview/config")
                #expect(second.json["version"] as? String != first.json["version"] as? String)
                let names = (second.json["variants"] as? [[String: Any]])?.map { $0["name"] as? String }
                #expect(names == ["A", "B"])
            }
        }
    }

    @Test func theSampleSitesSnippetNamesACamelCaseOptionAsHTMLWritesIt() {
        // The browser lowercases attribute names: `data-fontSize` would reach embed.js as `fontsize`, never read.
        let attributes = PreviewSite.attributes(
            ofQuery: "title=Sales&fontSize=18&visitorBubble=%23112233&launcher=inline"
        )
        #expect(attributes.map(\.name) == ["title", "font-size", "visitor-bubble"])
        let snippet = PreviewSite.snippet(widgetOrigin: "http://127.0.0.1:8080", query: "operatorBubble=%23abcdef")
        #expect(snippet.contains(##"data-operator-bubble="#abcdef""##))
    }

    @Test func theConfiguratorSavesAConfigurationThatReadsAsOneAndNothingElse() async throws {
        try await withTemporaryDirectory { directory in
            let file = directory.appendingPathComponent("preview.json")
            let original = #"{"variants":[{"name":"A","options":{"title":"A"}}]}"#
            try Data(original.utf8).write(to: file)
            try await withWidget(previewFile: file) { client in
                let saved = #"{"variants":[{"name":"Sales","options":{"palette":"green","fontSize":18}}]}"#
                let answer = try await client.request(.PUT, "/preview/config", body: saved)
                #expect(answer.status == 200 && answer.json["variants"] as? Int == 1, "\(answer.text)")
                #expect(try String(contentsOf: file, encoding: .utf8) == saved)
                let read = try await client.get("/preview/config")
                #expect((read.json["variants"] as? [[String: Any]])?.first?["name"] as? String == "Sales")
                // Refused, and the file stays as it was: a bad option, not JSON, another site's page, too big.
                let refusals: [(String, String, [String: String], UInt, String)] = [
                    (
                        #"{"variants":[{"options":{"palette":"pink"}}]}"#, "application/json", [:], 400,
                        "invalid_variant"
                    ),
                    (saved, "text/plain", [:], 415, "unsupported_media_type"),
                    (saved, "application/json", ["Origin": "http://evil.example"], 403, "forbidden_origin"),
                    (String(repeating: " ", count: 70_000) + saved, "application/json", [:], 413, "body_too_large"),
                ]
                for (body, type, headers, status, code) in refusals {
                    let refused = try await client.request(
                        .PUT,
                        "/preview/config",
                        body: body,
                        contentType: type,
                        headers: headers
                    )
                    #expect(refused.status == status && refused.errorCode == code, "\(code): \(refused.text)")
                    #expect(try String(contentsOf: file, encoding: .utf8) == saved, "\(code) changed the file")
                }
            }
        }
        // Without a file there is nothing to save to.
        try await withWidget { client in
            let answer = try await client.request(.PUT, "/preview/config", body: #"{"variants":[]}"#)
            #expect(answer.status == 409 && answer.errorCode == "conflict")
        }
    }

    @Test func aMissingOrMalformedPreviewFileGivesAClearError() async throws {
        let cases: [(String?, String, String)] = [
            (nil, "preview_config_missing", "cannot be read"),
            ("{not json", "preview_config_invalid", "not valid JSON"),
            (#"{"variants":[]}"#, "preview_config_invalid", "1 to 12 variants"),
            (#"{"variants":[{"name":"x"}]}"#, "preview_config_invalid", "options is missing"),
            (
                #"{"variants":[{"options":{"palette":"pink"}}]}"#, "preview_config_invalid",
                "variant 1: palette is one of"
            ),
            (#"{"variants":[{"options":{"colour":"red"}}]}"#, "preview_config_invalid", "colour is not an option"),
            (
                #"{"variants":[{"options":{"title":["a"]}}]}"#, "preview_config_invalid",
                "options.title has the wrong type"
            ),
        ]
        for (contents, code, words) in cases {
            try await withTemporaryDirectory { directory in
                let file = directory.appendingPathComponent("preview.json")
                if let contents { try Data(contents.utf8).write(to: file) }
                #expect(throws: PreviewConfigError.self, "\(words)") { try checkPreviewConfig(at: file) }
                try await withWidget(previewFile: file) { client in
                    for path in ["/preview", "/preview/config"] {
                        let answer = try await client.get(path)
                        #expect(answer.status == 500 && answer.errorCode == code, "\(path) \(words): \(answer.text)")
                        let message = (answer.json["error"] as? [String: Any])?["message"] as? String ?? ""
                        // The problem, but not where the developer keeps the file: only the server's log says that.
                        #expect(!message.contains(directory.path) && message.contains(words), "\(message)")
                    }
                }
            }
        }
    }

    /// The gallery with the embedded service, whose named states it shows.
    private func withGallery(_ body: @Sendable (WidgetClient) async throws -> Void) async throws {
        try await LiveStack.withStack { stack in try await body(WidgetClient(stack)) }
    }

    @Test func theGalleryShowsTheGalleryScenarioInFourLooks() async throws {
        try await withGallery { client in
            let page = try await client.get("/inspect")
            #expect(page.status == 200)
            #expect(page.text.components(separatedBy: "data-inspect-frame=").count - 1 == 4)
            for look in ["dark=0&amp;dir=ltr", "dark=1&amp;dir=ltr", "dark=0&amp;dir=rtl", "dark=1&amp;dir=rtl"] {
                #expect(page.text.contains(#"src="/?location=gallery&amp;inspect=1&amp;\#(look)""#), "\(look)")
            }
            #expect(try await client.get("/?location=gallery&inspect=1").status == 200)
        }
    }

    @Test func withoutNamedStatesTheGallerySaysWhy() async throws {
        // No chat service answers here, as a real account's has no fixtures.
        try await withWidget { client in
            let page = try await client.get("/inspect")
            #expect(page.status == 502 && page.errorCode == "states_unavailable")
            #expect(try await client.get("/preview/states").status == 502)
        }
    }

    @Test func theGalleryShowsAStateInALocaleOfTheTestersChoice() async throws {
        try await withGallery { client in
            let page = try await client.get("/inspect?state=hints&locale=qps")
            #expect(page.status == 200)
            #expect(page.text.contains(#"src="/?location=hints&amp;inspect=1&amp;dark=1&amp;dir=rtl&amp;locale=qps""#))
            #expect(
                page.text.contains(#"href="/inspect?state=prechat&amp;locale=qps""#),
                "the states forget the locale"
            )
            let plain = try await client.get("/inspect")
            let frameSources = plain.text.components(separatedBy: #"src="/?"#).dropFirst()
                .map { $0.prefix { $0 != "\"" } }
            #expect(frameSources.count == 4)
            #expect(!frameSources.contains { $0.contains("locale=") }, "a frame has a locale nobody chose")
            let refused = try await client.get("/inspect?locale=xx")
            #expect(refused.status == 400 && refused.text.contains(#""field":"locale""#))
        }
    }
}
