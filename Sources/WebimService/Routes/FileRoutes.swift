import Foundation
import HTTPAPI
import Hummingbird
import NIOCore
import WebimWire

/// The signed download (PROTOCOL.md §7.3): a file fetch by browsers and image views, not a protocol call, so it is
/// not among `ProtocolRoutes` and is never asked for in process.
struct FileRoutes {
    let engine: ChatEngine

    func add(to router: Router<ServiceRequestContext>) {
        router.get(RouterPath(WireEndpoint.download + "/{guid}/{filename}")) { request, context in
            let guid = context.parameters.get("guid") ?? ""
            let query = WireForm.decode(request.uri.query ?? "")
            switch try await engine.fileActions.verifiedDownload(guid: guid, query: query) {
            case .failure(let failure):
                // The status says what went wrong to browsers and image views.
                let status: HTTPResponse.Status = failure.code == WireError.fileNotFound ? .notFound : .forbidden
                return try JSONResponse.make(ActionResponse.failure(failure.code), status: status)
            case .success(let (file, url)):
                return Response(
                    status: .ok,
                    headers: VisitorFileHeaders.make(contentType: file.contentType, filename: file.filename),
                    body: try await FileIO().loadFile(path: url.path, context: context)
                )
            }
        }
    }
}
