import Foundation
import Hummingbird
import NIOCore
import WebimWire

/// The visitor protocol over HTTP (PROTOCOL.md §1.4): every endpoint's route builds a `WireCall` and answers what
/// the `WireHandler` answers, the same function the in-process transport calls.
struct ProtocolRoutes {
    let handler: WireHandler

    func add(to router: Router<ServiceRequestContext>) {
        for route in WireCall.Endpoint.routes {
            for method in route.methods {
                router.on(RouterPath(route.routerPath), method: method == .post ? .post : .get) { request, _ in
                    try await respond(to: request)
                }
            }
        }
    }

    private func respond(to request: Request) async throws -> Response {
        let method: WireRequest.Method = request.method == .post ? .post : .get
        guard let endpoint = WireCall.Endpoint(method: method, path: request.uri.path) else {
            return Self.response(try WireHandler.notFound())
        }
        var body = WireCall.Body.bytes(ByteBuffer())
        if let limit = endpoint.bodyLimit(handler.bodyLimit) {
            do {
                body = .bytes(try await request.body.collect(upTo: limit))
            } catch {
                body = .tooLarge
            }
        }
        let call = WireCall(
            endpoint: endpoint,
            query: WireForm.decode(request.uri.query ?? ""),
            contentType: request.headers[.contentType],
            authorization: request.headers[.authorization],
            body: body
        )
        return Self.response(try await handler.answer(call))
    }

    static func response(_ answer: WireHandler.Answer) -> Response {
        Response(
            status: answer.status,
            headers: [.contentType: answer.contentType, .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: answer.body)
        )
    }
}
