import Foundation
import Hummingbird
import NIOCore
import WebimWire

/// Upload, file delete and signed download (PROTOCOL.md §7).
struct FileRoutes {
    let engine: ChatEngine
    /// Larger upload bodies get `max_file_size_exceeded` without being read further.
    let bodyLimit: BodyLimit

    func add(to router: Router<ServiceRequestContext>) {
        router.post(RouterPath(WireEndpoint.upload)) { request, _ in
            var fields = ProtocolRoutes.query(of: request)
            let body: ByteBuffer
            do {
                body = try await request.body.collect(upTo: bodyLimit.upload)
            } catch {
                return try JSONResponse.make(UploadResponse.failure(WireError.maxFileSizeExceeded))
            }
            guard
                let boundary = request.headers[.contentType].flatMap(MultipartForm.boundary(contentType:))
                    ?? MultipartForm.boundary(firstLineOf: body),
                let form = MultipartForm.parse(body, boundary: boundary, fileFieldName: WireParameter.uploadFile)
            else { return try JSONResponse.make(UploadResponse.failure(WireError.uploadedFileNotFound)) }
            fields.merge(form.fields) { _, fromBody in fromBody }
            return try JSONResponse.make(try await engine.upload(fields: fields, file: form.file))
        }
        let delete: @Sendable (Request, ServiceRequestContext) async throws -> Response = { request, _ in
            var fields = ProtocolRoutes.query(of: request)
            let body = try await request.body.collect(upTo: 1 << 16)
            fields.merge(WireForm.decode(String(buffer: body))) { _, fromBody in fromBody }
            return try JSONResponse.make(try await engine.deleteFile(fields: fields))
        }
        router.get(RouterPath(WireEndpoint.fileDelete), use: delete)
        router.post(RouterPath(WireEndpoint.fileDelete), use: delete)
        router.get(RouterPath(WireEndpoint.download + "/{guid}/{filename}")) { request, context in
            let guid = context.parameters.get("guid") ?? ""
            switch try await engine.verifiedDownload(guid: guid, query: ProtocolRoutes.query(of: request)) {
            case .failure(let failure):
                // A file fetch, not a protocol call: the status says what went wrong to browsers and image views.
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
