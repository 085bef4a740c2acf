import AsyncHTTPClient
import Foundation
import HTTPAPI
import HTTPTypes
import Hummingbird
import NIOCore
import NIOHTTP1
import WebimClientLibrary
import WebimWire

/// Uploads (checked against the service's limits first), the limits themselves, and downloads proxied from the service.
struct FileController {
    let registry: TabRegistry
    let limitsCache: LocationCache<UploadLimits>
    /// The data folder's budget: a file waits for its upload in the tab's outbox folder.
    let folderBudget: DataFolderBudget
    /// Downloads from the chat service: a client of its own, sized for many tabs, so that slow readers of one
    /// tab's files cannot use up the connections every other tab needs.
    let downloads: HTTPClient
    let crashPoint: CrashPoint
    /// Whether kiosk tabs take files (`--kiosk-uploads`).
    let kioskUploads: Bool

    /// The routes, below `/api/tabs`.
    var endpoints: RouteCollection<WidgetRequestContext> {
        RouteCollection(context: WidgetRequestContext.self)
            .post("{tab}/files", use: upload)
            .get("{tab}/limits") { _, context in try JSONResponse.make(await shownLimits(of: registry.tab(context))) }
            .get("{tab}/files/{guid}", use: download)
    }

    private func upload(_ request: Request, context: WidgetRequestContext) async throws -> Response {
        let tab = try registry.tab(context)
        // Before the body is read: a kiosk page without the flag has no picker, so anything sent is not its own.
        if await tab.isKiosk, !kioskUploads { throw APIError.kioskUploadsOff }
        let limits = await limits(of: tab)
        let upload = try await PageFileUpload.read(request, limits: limits, folderBudget: folderBudget)
        let receipt = try await tab.messages.sendFile(
            upload.bytes,
            filename: upload.filename,
            mimeType: upload.mimeType,
            clientID: upload.clientID
        )
        if receipt.isNew { crashPoint.messageCommitted() }
        return try JSONResponse.make(["id": receipt.id, "clientId": upload.clientID], status: .accepted)
    }

    func limits(of tab: TabSession) async -> UploadLimits {
        await limitsCache.value(location: await tab.location) { await tab.uploads.limits() }
    }

    /// The limits as the page reads them: a kiosk tab that may send no file is told so, as a location's would be.
    private func shownLimits(of tab: TabSession) async -> UploadLimits {
        var limits = await limits(of: tab)
        if await tab.isKiosk, !kioskUploads { limits.uploadsAllowed = false }
        return limits
    }

    private func download(_ request: Request, context: WidgetRequestContext) async throws -> Response {
        let tab = try registry.tab(context)
        let guid = try Validation.pathID(context, "guid", code: .invalidGUID)
        let thumb = FormQuery(request).get("thumb")
        guard thumb == nil || thumb == "1" || thumb == "0" else {
            throw APIError(.invalidThumb, "thumb is 1 or 0.", field: "thumb")
        }
        let unknown = APIError(.unknownFile, "This tab has no such file.")
        guard let file = tab.events.file(guid: guid) else { throw unknown }
        // A kiosk shows images in the page; anything else could only be saved, on a screen strangers share.
        if await tab.isKiosk, file.getImageInfo() == nil { throw APIError.kioskDownloadsOff }
        let url = thumb == "1" ? file.getImageInfo()?.getThumbURL() : file.getURL()
        guard let url else { throw unknown }
        let upstream = try await downloads.execute(
            HTTPClientRequest(url: url.absoluteString),
            timeout: .seconds(30)
        )
        guard upstream.status == .ok else {
            throw APIError(.fileUnavailable, "The chat service did not send the file.")
        }
        // A kiosk's browser is shared by strangers: it keeps no copy of a visitor's file.
        var headers = VisitorFileHeaders.make(
            contentType: upstream.headers.first(name: "Content-Type") ?? file.getContentType()
                ?? "application/octet-stream",
            filename: file.getFileName(),
            cacheControl: await tab.isKiosk ? "no-store" : "private, max-age=300"
        )
        if let length = upstream.headers.first(name: "Content-Length") { headers[.contentLength] = length }
        return Response(
            status: .ok,
            headers: headers,
            body: ResponseBody { writer in
                for try await chunk in upstream.body { try await writer.write(chunk) }
                try await writer.finish(nil)
            }
        )
    }
}
