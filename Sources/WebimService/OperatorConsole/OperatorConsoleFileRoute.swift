import Foundation
import Hummingbird
import WebimWire

/// `GET /operator/api/visitors/{visitor}/files/{guid}`: a file of the visitor's chats, for the console's links.
///
/// Visitors choose what they upload, so the file is always an attachment, sandboxed and never sniffed: an HTML
/// file cannot run script in the console's origin.
struct OperatorConsoleFileRoute {
    let engine: ChatEngine

    func add(to router: Router<ServiceRequestContext>) {
        router.get("\(OperatorConsoleRoutes.prefix)/visitors/{visitor}/files/{guid}") { _, context in
            let visitorID = try OperatorConsoleRoutes.visitorID(context)
            let guid = context.parameters.get("guid") ?? ""
            guard let file = try await engine.database.file(guid: guid), file.visitorId == visitorID,
                let url = engine.files.url(guid: guid), FileManager.default.fileExists(atPath: url.path)
            else { throw ConsoleAPIError(.notFound("file")) }
            return Response(
                status: .ok,
                headers: VisitorFileHeaders.make(contentType: file.contentType, filename: file.filename),
                body: try await FileIO().loadFile(path: url.path, context: context)
            )
        }
    }
}
