import Foundation
import HTTPAPI
import HTTPTypes
import Hummingbird

/// `GET /static/*`, `GET /embed.js` and `GET /openapi.yaml`: files from `Public/` only, with ETags and gzip when the client accepts it.
struct StaticFileController {
    let publicDirectory: URL
    let cache = StaticFileCache()

    /// The routes, at the root.
    var endpoints: RouteCollection<WidgetRequestContext> {
        RouteCollection(context: WidgetRequestContext.self)
            .get("static/**") { request, _ in
                try serve(request, relativePath: try Self.relativePath(request.uri.path, prefix: "/static/"))
            }
            .get("openapi.yaml") { request, _ in try serve(request, relativePath: "openapi.yaml") }
            // The loader a site includes (README.md, "Embedding"): at the root, so the snippet's URL stays short.
            .get("embed.js") { request, _ in try serve(request, relativePath: "embed.js") }
            .get("embed.js.map") { request, _ in try serve(request, relativePath: "embed.js.map") }
    }

    /// The path below `prefix`, refusing `..`, `.` and hidden names, backslashes and encoded escapes (400).
    static func relativePath(_ rawPath: String, prefix: String) throws -> String {
        let invalid = APIError(.invalidPath, "The path is not a file name under /static/.")
        let lowered = rawPath.lowercased()
        guard rawPath.hasPrefix(prefix),
            !["%2e", "%2f", "%5c", "%00", "\\"].contains(where: lowered.contains),
            let decoded = rawPath.dropFirst(prefix.count).removingPercentEncoding
        else { throw invalid }
        let components = decoded.split(separator: "/", omittingEmptySubsequences: false)
        guard !components.isEmpty,
            components.allSatisfy({ !$0.isEmpty && !$0.hasPrefix(".") && !$0.contains("\0") })
        else { throw invalid }
        return components.joined(separator: "/")
    }

    /// Folders of `Public/` that are not the widget's: the operator console's page and scripts live in
    /// `Public/operator/` only so that their relative imports of `Public/shared/` hold on disk as on the service, which
    /// serves them under `/operator/static/`. Nothing of the widget loads them, and on this origin they were a second,
    /// unguarded copy of the console's page, so here they are as absent as a missing file.
    static let foldersServedElsewhere: Set<String> = ["operator"]

    private func serve(_ request: Request, relativePath: String) throws -> Response {
        if let folder = relativePath.split(separator: "/").first, Self.foldersServedElsewhere.contains(String(folder)) {
            throw APIError.notFound
        }
        let root = publicDirectory.standardizedFileURL.resolvingSymlinksInPath().path
        let file = publicDirectory.appendingPathComponent(relativePath).standardizedFileURL.resolvingSymlinksInPath()
        // A symlink that leads out of Public/ is as absent as a missing file.
        guard file.path.hasPrefix(root + "/") else { throw APIError.notFound }
        let fileExtension = file.pathExtension.lowercased()
        let compressible = Self.compressibleExtensions.contains(fileExtension)
        guard let entry = cache.entry(path: file.path, compressible: compressible) else {
            // `main.js.map` is no file in Public/: it is the map the cache made when it compacted `main.js`.
            guard fileExtension == "map",
                let compacted = cache.entry(path: file.deletingPathExtension().path, compressible: true),
                let sourceMap = compacted.sourceMap
            else { throw APIError.notFound }
            return Response(
                status: .ok,
                headers: [
                    .contentType: "application/json",
                    .cacheControl: "no-cache",
                    .contentLength: String(sourceMap.readableBytes),
                ],
                body: ResponseBody(byteBuffer: sourceMap)
            )
        }
        let gzip = entry.gzipped != nil && Self.acceptsGzip(request.headers[.acceptEncoding])
        let etag = gzip ? String(entry.etag.dropLast()) + "-gz\"" : entry.etag
        var headers: HTTPFields = [
            .contentType: Self.contentType(of: fileExtension),
            .eTag: etag,
            .cacheControl: "no-cache",
            HTTPField.Name("X-Content-Type-Options")!: "nosniff",
        ]
        if compressible { headers[.vary] = "Accept-Encoding" }
        // The browser's tools fetch the map only when they are open; the page never does.
        if entry.sourceMap != nil { headers[HTTPField.Name("SourceMap")!] = request.uri.path + ".map" }
        if Self.matches(request.headers[.ifNoneMatch], etag: etag) {
            return Response(status: .notModified, headers: headers)
        }
        if gzip { headers[.contentEncoding] = "gzip" }
        let body = gzip ? entry.gzipped ?? entry.bytes : entry.bytes
        headers[.contentLength] = String(body.readableBytes)
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: body))
    }

    static func contentType(of fileExtension: String) -> String {
        fileExtension == "yaml"
            ? "application/yaml; charset=utf-8"
            : MediaType.getMediaType(forExtension: fileExtension)?.description ?? "application/octet-stream"
    }

    /// Text formats worth compressing.
    static let compressibleExtensions: Set<String> = ["js", "mjs", "css", "html", "json", "svg", "txt", "yaml", "map"]

    /// Whether `Accept-Encoding` allows gzip (a `q=0` refuses it).
    static func acceptsGzip(_ header: String?) -> Bool {
        guard let header else { return false }
        for coding in header.split(separator: ",") {
            let parts = coding.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard parts.first == "gzip" || parts.first == "*" else { continue }
            let quality = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            return quality > 0
        }
        return false
    }

    /// Whether `If-None-Match` names `etag` (or is `*`).
    static func matches(_ header: String?, etag: String) -> Bool {
        guard let header else { return false }
        return header.split(separator: ",").contains { candidate in
            let value = candidate.trimmingCharacters(in: .whitespaces)
            return value == "*" || value == etag || value == "W/" + etag
        }
    }
}
