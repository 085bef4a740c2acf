import Foundation
import HTTPAPI
import Hummingbird
import WebimClientLibrary
import WebimWire

/// A message of several files: upload each without sending it, remove an upload before sending, then send the
/// uploads as one message with an optional caption.
struct UploadController {
    /// The single-file route's registry, limits, budget and kiosk rule, which uploads here share.
    let files: FileController

    /// The routes, below `/api/tabs`.
    var endpoints: RouteCollection<WidgetRequestContext> {
        RouteCollection(context: WidgetRequestContext.self)
            .post("{tab}/uploads", use: upload)
            .delete("{tab}/uploads/{guid}", use: delete)
            .post("{tab}/file-messages", use: send)
    }

    /// The uploaded file as the page reads it.
    private struct UploadedAnswer: Encodable {
        var guid: String
        var name: String
        var size: Int64
        var contentType: String?
        var clientId: String
    }

    private struct ClientIDBody: Decodable {
        var clientId: String
    }

    private struct SendBody: Decodable {
        var guids: [String]
        var caption: String?
        var clientId: String
    }

    private func upload(_ request: Request, context: WidgetRequestContext) async throws -> Response {
        let tab = try files.registry.tab(context)
        // Before the body is read, as for `POST /files`: a kiosk page without the flag has no picker.
        if await tab.isKiosk, !files.kioskUploads { throw APIError.kioskUploadsOff }
        let limits = await files.limits(of: tab)
        let upload = try await PageFileUpload.read(request, limits: limits, folderBudget: files.folderBudget)
        let file = try await tab.uploads.uploadToServer(
            upload.bytes,
            filename: upload.filename,
            mimeType: upload.mimeType,
            clientID: upload.clientID
        )
        let answer = UploadedAnswer(
            guid: file.getGuid(),
            name: file.getFileName(),
            size: file.getSize(),
            contentType: file.getContentType(),
            clientId: upload.clientID
        )
        return try JSONResponse.make(answer, status: .created)
    }

    private func delete(_ request: Request, context: WidgetRequestContext) async throws -> Response {
        let tab = try files.registry.tab(context)
        let guid = try Validation.pathID(context, "guid", code: .invalidGUID)
        // In the query, as for a message's delete, or in a JSON body, as the page's other actions send it.
        var clientID = FormQuery(request).get("clientId")
        if clientID == nil, request.headers[.contentType] != nil {
            clientID = try await request.decode(as: ClientIDBody.self, context: context).clientId
        }
        guard let clientID else {
            throw APIError(.missingField, "The query parameter clientId is required.", field: "clientId")
        }
        try Validation.clientID(clientID)
        try await tab.uploads.delete(guid: guid, clientID: clientID)
        return try JSONResponse.make(["guid": guid, "clientId": clientID], status: .accepted)
    }

    private func send(_ request: Request, context: WidgetRequestContext) async throws -> Response {
        let tab = try files.registry.tab(context)
        let body = try await request.decode(as: SendBody.self, context: context)
        try Validation.clientID(body.clientId)
        guard (1...TabUploads.maximumFilesPerMessage).contains(body.guids.count) else {
            throw APIError(
                .tooManyFiles,
                "A message holds 1 to \(TabUploads.maximumFilesPerMessage) files.",
                field: "guids"
            )
        }
        guard Set(body.guids).count == body.guids.count,
            body.guids.allSatisfy({ Validation.isToken($0, length: 1...128) })
        else { throw APIError(.invalidGUID, "guids are distinct file guids.", field: "guids") }
        // A blank caption is no caption: the page's text box may hold only spaces.
        let caption = body.caption.flatMap { $0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : $0 }
        if let caption { try Validation.messageText(caption, field: "caption") }
        // Answers once the service took the files (or 10 seconds passed, within the page's 15-second request timeout),
        // so that the caption follows only them.
        try await tab.uploads.send(guids: body.guids, caption: caption, clientID: body.clientId)
        return try JSONResponse.make(["clientId": body.clientId], status: .accepted)
    }
}
