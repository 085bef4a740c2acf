import Foundation
import TestSupport
import Testing

@testable import WebimService
@testable import WidgetServer

/// Every HTML document either server can send says who may frame it (issue 30): the console's page under its file
/// name (`/static/operator/index.html` on the widget server, `/operator/static/index.html` on the service) and the
/// panels' markup went out with no policy, so a page on another loopback port could frame the console with the
/// operator's cookie and steal a click.
@Suite struct DocumentFramingTests {
    @Test func everyDocumentTheWidgetServerSendsIsFramedOnlyByItsOwnOrigins() async throws {
        try await LiveStack.withStack { stack in
            let widget = WidgetClient(stack)
            let port = try #require(URLComponents(string: stack.widgetURL)?.port)
            // The pages allow their own origins (the preview's sample sites) and `--embed-origins`, none here.
            let allowed: Set<String> = ["'none'", "'self'", "http://127.0.0.1:\(port)", "http://localhost:\(port)"]
            var documents: [String] = []
            for path in try Self.widgetPaths(widgetURL: stack.widgetURL) {
                let answer = try await widget.get(path)
                if path.hasPrefix("/static/operator/") {
                    #expect(answer.status == 404, "\(path): the console's files are the service's, not the widget's")
                    continue
                }
                guard Self.isDocument(answer) else { continue }
                documents.append(path)
                let ancestors = Self.frameAncestors(answer)
                #expect(
                    ancestors.map { !$0.isEmpty && $0.isSubset(of: allowed) } == true,
                    "\(path): \(ancestors ?? [])"
                )
                // No page frames a static file (panels.html is fetched), so none may be framed at all.
                if path.hasPrefix("/static/") { #expect(ancestors == ["'none'"], "\(path)") }
            }
            let pages = ["/static/html/panels.html", "/", "/?mode=kiosk", "/preview", "/inspect", "/preview?view=site"]
            for page in pages { #expect(documents.contains(page), "\(page) was not checked as a document") }
        }
    }

    @Test func everyDocumentTheServiceSendsForbidsFraming() async throws {
        try await LiveStack.withStack { stack in
            let service = WidgetClient(baseURL: stack.serviceURL)
            let signedIn = ["Authorization": "Bearer \(OperatorConsoleClient.testToken)"]
            var documents: [String] = []
            let requests = try Self.servicePaths().map { ($0, [String: String]()) } + [("/operator", signedIn)]
            for (path, headers) in requests {
                let answer = try await service.get(path, headers: headers)
                guard Self.isDocument(answer) else { continue }
                documents.append(path)
                #expect(Self.frameAncestors(answer) == ["'none'"], "\(path)")
            }
            // The console under its file name, the console itself, and its refusals.
            for page in ["/operator/static/index.html", "/operator", "/operator?token=wrong"] {
                #expect(documents.contains(page), "\(page) was not checked as a document")
            }
        }
    }

    /// Every file of `Public/` as `/static/…`, every route without parameters the widget's router holds, the
    /// pages' other modes, and paths that find nothing.
    private static func widgetPaths(widgetURL: String) throws -> [String] {
        let configuration = WidgetConfiguration(
            accountURL: "http://127.0.0.1:9",
            dataDirectory: FileManager.default.temporaryDirectory,
            publicDirectory: repositoryRoot.appendingPathComponent("Public"),
            templatesDirectory: repositoryRoot.appendingPathComponent("Templates")
        )
        let routes = try WidgetServer.registeredRoutes(configuration: configuration).compactMap(Self.plainGetPath)
        let origin = widgetURL.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        return try files(under: "Public").map { "/static/" + $0 } + routes + [
            "/?mode=kiosk", "/?mode=embedded&host=\(origin)", "/preview?view=site",
            "/preview/site?widget=\(origin)&name=Shop", "/static/html/missing.html", "/missing.html",
        ]
    }

    /// The console's files as `/operator/static/…`, the page kit's as `/operator/shared/…`, the console page without
    /// its token, with a wrong one, and paths that find nothing.
    private static func servicePaths() throws -> [String] {
        try files(under: "Public/operator").map { "/operator/static/" + $0 }
            + files(under: "Public/shared").map { "/operator/shared/" + $0 }
            + ["/operator", "/operator/", "/operator?token=wrong", "/operator/static/missing.html", "/missing.html"]
    }

    /// `GET /path` of a route with no parameter, else nil.
    private static func plainGetPath(_ route: String) -> String? {
        let parts = route.split(separator: " ", maxSplits: 1).map(String.init)
        guard parts.count == 2, parts[0] == "GET", !parts[1].contains("{"), !parts[1].contains("*") else { return nil }
        return parts[1]
    }

    /// The paths of the files under `folder` of the repository, relative to it.
    private static func files(under folder: String) throws -> [String] {
        let root = repositoryRoot.appendingPathComponent(folder).standardizedFileURL
        let walker = try #require(
            FileManager.default.enumerator(
                at: root,
                includingPropertiesForKeys: [.isRegularFileKey],
                options: [.skipsHiddenFiles]
            )
        )
        var paths: [String] = []
        for case let file as URL in walker {
            guard try file.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true else { continue }
            paths.append(String(file.standardizedFileURL.path.dropFirst(root.path.count + 1)))
        }
        #expect(!paths.isEmpty, "no files under \(folder)")
        return paths.sorted()
    }

    /// Whether a browser renders the answer as a page that can be framed: HTML, XHTML or SVG.
    private static func isDocument(_ answer: Answer) -> Bool {
        let type = answer.headers["content-type"]?.lowercased() ?? ""
        return type.contains("html") || type.contains("svg")
    }

    /// The sources of the answer's `frame-ancestors` directive, or nil when it has none.
    private static func frameAncestors(_ answer: Answer) -> Set<String>? {
        guard let policy = answer.headers["content-security-policy"] else { return nil }
        let directive = policy.split(separator: ";")
            .map { $0.split(separator: " ").map(String.init) }
            .first { $0.first == "frame-ancestors" }
        return directive.map { Set($0.dropFirst()) }
    }
}
