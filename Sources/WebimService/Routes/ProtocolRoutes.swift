import Foundation
import Hummingbird
import Logging
import NIOCore
import WebimWire

/// The visitor protocol's session endpoints (PROTOCOL.md §1.4): init, delta, action, history, search.
struct ProtocolRoutes {
    let engine: ChatEngine
    /// Actions are small forms, but an offline message may carry a file.
    let bodyLimit: BodyLimit

    func add(to router: Router<ServiceRequestContext>) {
        router.get(RouterPath(WireEndpoint.initialization)) { request, _ in
            try JSONResponse.make(
                try await engine.initialize(Self.query(of: request), bearerToken: Self.bearer(request))
            )
        }
        router.get(RouterPath(WireEndpoint.delta)) { request, _ in
            let query = Self.query(of: request)
            guard query[WireParameter.event] != "init" else {
                return try JSONResponse.make(try await engine.initialize(query, bearerToken: Self.bearer(request)))
            }
            return JSONResponse.make(json: try await engine.delta(query).json())
        }
        router.post(RouterPath(WireEndpoint.action)) { request, _ in
            var fields = Self.query(of: request)
            let body = try await request.body.collect(upTo: bodyLimit.upload)
            var file: UploadedPart?
            // iOS labels an offline message with a file urlencoded but writes multipart (PROTOCOL.md §11.10).
            let boundary =
                request.headers[.contentType].flatMap(MultipartForm.boundary(contentType:))
                ?? MultipartForm.boundary(firstLineOf: body)
            if let boundary {
                guard let form = MultipartForm.parse(body, boundary: boundary, fileFieldName: WireParameter.uploadFile)
                else { return try JSONResponse.make(ActionResponse.failure(WireError.wrongArgumentValue)) }
                fields.merge(form.fields) { _, fromBody in fromBody }
                file = form.file
            } else {
                fields.merge(WireForm.decode(String(buffer: body))) { _, fromBody in fromBody }
            }
            return try JSONResponse.make(try await engine.perform(fields, file: file))
        }
        router.get(RouterPath(WireEndpoint.history)) { request, _ in
            switch try await engine.history(Self.query(of: request)) {
            case .since(let page): try JSONResponse.make(page)
            case .before(let page): try JSONResponse.make(page)
            }
        }
        router.get(RouterPath(WireEndpoint.searchMessages)) { request, _ in
            try JSONResponse.make(try await engine.search(Self.query(of: request)))
        }
    }

    /// The query as the protocol encodes it: percent-escapes and `+` for space (PROTOCOL.md §1.2).
    static func query(of request: Request) -> [String: String] {
        WireForm.decode(request.uri.query ?? "")
    }

    /// The light-mode `Authorization: Bearer` token (PROTOCOL.md §2.9).
    static func bearer(_ request: Request) -> String? {
        guard let header = request.headers[.authorization], header.lowercased().hasPrefix("bearer ") else { return nil }
        return String(header.dropFirst("bearer ".count)).trimmingCharacters(in: .whitespaces)
    }
}
