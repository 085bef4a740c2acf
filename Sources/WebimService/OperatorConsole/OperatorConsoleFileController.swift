import Foundation
import HTTPAPI
import Hummingbird

/// `GET /operator/api/visitors/{visitor}/files/{guid}`: a file of the visitor's chats, for the console's links.
///
/// Visitors choose what they upload, so the file is always an attachment, sandboxed and never sniffed: an HTML
/// file cannot run script in the console's origin.
struct OperatorConsoleFileController {
    let engine: ChatEngine

    /// The route, below `/operator/api`.
    var endpoints: RouteCollection<ServiceRequestContext> {
        RouteCollection(context: ServiceRequestContext.self)
            .get("visitors/{visitor}/files/{guid}", use: file)
    }

    private func file(_ request: Request, context: ServiceRequestContext) async throws -> Response {
        let visitorID = try OperatorConsoleController.visitorID(context)
        let guid = context.parameters.get("guid") ?? ""
        guard let file = try await engine.database.file(guid: guid), file.visitorId == visitorID,
            let url = engine.files.url(guid: guid), FileManager.default.fileExists(atPath: url.path)
        else { throw OperatorActionError.notFound("file") }
        return Response(
            status: .ok,
            headers: VisitorFileHeaders.make(contentType: file.contentType, filename: file.filename),
            body: try await FileIO().loadFile(path: url.path, context: context)
        )
    }
}
