import Foundation
import Hummingbird
import NIOCore
import WebimWire

/// Meta, location config, legacy settings, online status and light mode (PROTOCOL.md §2.9, §9).
struct SettingsRoutes {
    let engine: ChatEngine
    /// The legacy settings wrapper: the client drops the first 29 and the last 2 characters (PROTOCOL.md §9).
    static let legacyPrefix = "window.webimLocationSettings("
    static let legacySuffix = ");"

    func add(to router: Router<ServiceRequestContext>) {
        router.get(RouterPath(WireEndpoint.meta)) { _, _ in
            let endpoint = { (path: String) in MetaResponse.Endpoint(url: path) }
            return try JSONResponse.make(
                MetaResponse(
                    endpoints: .init(
                        configs: endpoint(WireEndpoint.configs),
                        historyMobile: endpoint(WireEndpoint.history),
                        auth: MetaResponse.Endpoint(url: WireEndpoint.auth, method: "POST"),
                        info: endpoint(WireEndpoint.info)
                    )
                )
            )
        }
        // The location may arrive as `mobile?jsonp=false` when a client glued a second `?` on (PROTOCOL.md §1.2).
        router.get(RouterPath(WireEndpoint.configs + "/{location}")) { _, context in
            let raw = context.parameters.get("location") ?? "default"
            let location = String(raw.split(separator: "?").first ?? "default")
            return try JSONResponse.make(engine.locationConfig(location))
        }
        router.get("/x/js/v/{file}") { request, context in
            let file = context.parameters.get("file") ?? ""
            let query = ProtocolRoutes.query(of: request)
            guard file.hasPrefix("all-settings-"), file.hasSuffix(".js") else {
                return try JSONResponse.make(ActionResponse.failure("not-found"), status: .notFound)
            }
            var location = String(file.dropFirst("all-settings-".count).dropLast(".js".count))
            if location == "mobile", let named = query[WireParameter.location] { location = named }
            let json = try WireCoding.makeEncoder().encode(engine.locationConfig(location))
            let script = Self.legacyPrefix + String(decoding: json, as: UTF8.self) + Self.legacySuffix
            return Response(
                status: .ok,
                headers: [.contentType: "application/javascript; charset=utf-8", .cacheControl: "no-store"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: script))
            )
        }
        for path in [WireEndpoint.onlineStatus, WireEndpoint.legacyOnlineStatus] {
            router.get(RouterPath(path)) { request, _ in
                try JSONResponse.make(try await engine.onlineStatus(ProtocolRoutes.query(of: request)))
            }
        }
        router.post(RouterPath(WireEndpoint.auth)) { request, _ in
            try JSONResponse.make(try await engine.lightModeAuth(ProtocolRoutes.query(of: request)))
        }
        router.get(RouterPath(WireEndpoint.info)) { request, _ in
            try JSONResponse.make(try await engine.lightModeInfo(bearerToken: ProtocolRoutes.bearer(request)))
        }
    }
}
